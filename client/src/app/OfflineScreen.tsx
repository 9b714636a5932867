import { useSyncExternalStore } from 'react';
import { useRouteError } from 'react-router-dom';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says it has a network (the installed app opens offline from its cache). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * What the app shows when it starts without a network (or a screen's code cannot be fetched), instead
 * of a browser error: nothing can be trained for or synced.
 */
export function OfflineScreen() {
  return (
    <main id="main" className="offline-screen" tabIndex={-1}>
      <section className="offline-screen__card" aria-labelledby="offline-title">
        <h1 id="offline-title">OFFLINE</h1>
        <p>Reconnect to sync your training. Workouts, proofs and credits need the network.</p>
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          RETRY
        </button>
      </section>
    </main>
  );
}

/**
 * The network lost while the app runs: a strip over the top of the page, which keeps everything under
 * it mounted (an upload waits and carries on when the network returns). Always in the page, so
 * screen readers hear it appear; an explicit live region, so an open dialog leaves it exposed.
 */
export function OfflineBanner({ offline }: { offline: boolean }) {
  return (
    <p className={`offline-banner${offline ? ' offline-banner--shown' : ''}`} role="status" aria-live="polite">
      {offline && (
        <>
          <strong>OFFLINE</strong> Uploads resume when you reconnect
        </>
      )}
    </p>
  );
}

/** A screen whose code could not be fetched (a navigation without a network) shows the OFFLINE screen. */
export function RouteLoadError() {
  const error = useRouteError();
  if (!isLoadFailure(error)) throw error;
  return <OfflineScreen />;
}

/** A failed `import()` in Chrome, Firefox and Safari's words, or Vite's for a screen's stylesheet. */
const LOAD_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

const isLoadFailure = (error: unknown) => error instanceof Error && LOAD_FAILURE.test(error.message);
