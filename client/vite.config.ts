/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The libraries every screen needs change less often than the app: one long-cached chunk.
// Anything else (wallet, uploads) stays with the lazy screen that imports it.
const SHELL_LIBRARIES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser|react-redux|use-sync-external-store|@reduxjs[\\/]toolkit|redux|redux-thunk|reselect|immer|@standard-schema[\\/]utils)[\\/]/;

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // Shared with the server: '@contract' for request/response types (type-only imports, so no zod in
    // the bundle) and '@contract/values' for the plain values and pure rules both sides use.
    alias: [
      { find: /^@contract$/, replacement: fileURLToPath(new URL('../server/src/contract/index.ts', import.meta.url)) },
      { find: /^@contract\/values$/, replacement: fileURLToPath(new URL('../server/src/contract/values/index.ts', import.meta.url)) },
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
