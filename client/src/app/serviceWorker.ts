import { registerSW } from 'virtual:pwa-register';

/**
 * The installable app's service worker (vite-plugin-pwa): precaches the built app and, when a new
 * build is deployed, takes over and reloads once, so nobody keeps running last week's client.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  registerSW({ immediate: true });
}
