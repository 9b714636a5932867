import { useSyncExternalStore } from 'react';

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
  return useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
}

/** What the app shows without a network, instead of a browser error: nothing can be trained for or synced. */
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
