/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The libraries every screen needs change less often than the app: one long-cached chunk.
// Anything else (wallet, uploads) stays with the lazy screen that imports it.
const SHELL_LIBRARIES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser|react-redux|use-sync-external-store|@reduxjs[\\/]toolkit|redux|redux-thunk|reselect|immer|@standard-schema[\\/]utils)[\\/]/;

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    // The installable app: a manifest and a service worker that precaches the built shell, so the app
    // opens without a network (to its OFFLINE screen) and updates itself when a new build is deployed.
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: null,
      includeAssets: ['favicon.svg', 'icon.svg'],
      manifest: {
        name: 'Sweat Credits',
        short_name: 'Sweat',
        description: 'AI workouts, daily proof of training and Fitness Credits on an exact ledger.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#07080a',
        theme_color: '#07080a',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // Client routes open the cached shell; the server's own paths never do, and API answers are never cached.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/ref\//, /^\/metrics/],
        // The wallet's chunk is large; precache it too so every screen opens offline.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
    }),
  ],
  resolve: {
    // Shared with the server: '@contract' for request/response types (type-only imports, so no zod in
    // the bundle) and '@contract/values' for the plain values and pure rules both sides use.
    alias: [
      { find: /^@contract$/, replacement: fileURLToPath(new URL('../server/src/contract/index.ts', import.meta.url)) },
      {
        find: /^@contract\/values$/,
        replacement: fileURLToPath(new URL('../server/src/contract/values/index.ts', import.meta.url)),
      },
    ],
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/ref': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: { output: { manualChunks: (id) => (SHELL_LIBRARIES.test(id) ? 'vendor' : undefined) } },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
  },
});
