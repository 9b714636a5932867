import type { createBrowserRouter } from 'react-router-dom';
import { registerSW } from 'virtual:pwa-register';

import { appUpdate, checkForUpdates } from './appUpdate';

/**
 * The installable app's service worker (vite-plugin-pwa): precaches the built app, asks hourly
 * whether a new build was deployed, and when one takes over reloads the page once to run it, so
 * nobody keeps running last week's client; not in the middle of an upload or an interval timer
 * (appUpdate.ts).
 */
export function registerServiceWorker(router: ReturnType<typeof createBrowserRouter>): void {
  if (!('serviceWorker' in navigator)) return;
  registerSW({
    immediate: true,
    onNeedReload: () => appUpdate.ready(),
    onRegisteredSW: (_url, registration) => void (registration && checkForUpdates(registration)),
  });
  let at = router.state.location.key;
  router.subscribe(({ location }) => {
    if (location.key === at) return;
    at = location.key;
    appUpdate.navigated();
  });
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && appUpdate.idle());
}
