import { useEffect } from 'react';

/** How often an app left open asks whether a new build was deployed (the browser checks on navigations only). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * When a new build's service worker takes over, the page reloads to run that build. A reload loses
 * what lives only in the page: an upload under way and the proofs a dialog holds, an interval
 * timer's count. While such work holds the update, the reload waits for the next navigation (which
 * leaves that work behind anyway) or for the page to be hidden once nothing holds it any more.
 */
export interface UpdateGate {
  /** Holds the reload back until the returned release is called. */
  hold(): () => void;
  /** The new build has taken over: reload now unless something holds it. */
  ready(): void;
  /** The page was hidden: a waiting reload happens if nothing holds it. */
  idle(): void;
  /** The app moved to another page: a waiting reload happens now, at the new address. */
  navigated(): void;
}

export function createUpdateGate(reload: () => void): UpdateGate {
  const holds = new Set<symbol>();
  let waiting = false;
  const reloadIf = (allowed: boolean) => {
    if (!waiting || !allowed) return;
    waiting = false;
    reload();
  };
  return {
    hold() {
      const hold = Symbol('update hold');
      holds.add(hold);
      return () => void holds.delete(hold);
    },
    ready() {
      waiting = true;
      reloadIf(holds.size === 0);
    },
    idle: () => reloadIf(holds.size === 0),
    navigated: () => reloadIf(true),
  };
}

/** The app's own gate: the service worker tells it, the work that a reload would lose holds it. */
export const appUpdate = createUpdateGate(() => window.location.reload());

/** Holds the app's update while `active` (an upload dialog open, an interval timer under way). */
export function useHoldUpdate(active = true, gate: UpdateGate = appUpdate): void {
  useEffect(() => (active ? gate.hold() : undefined), [active, gate]);
}

/** Asks the service worker's registration for a new build every `everyMs` while online; returns the stop. */
export function checkForUpdates(
  registration: Pick<ServiceWorkerRegistration, 'update'>,
  everyMs = UPDATE_CHECK_MS,
): () => void {
  const timer = setInterval(() => {
    // Offline the check can only fail; the next one comes in an hour.
    if (navigator.onLine) registration.update().catch(() => undefined);
  }, everyMs);
  return () => clearInterval(timer);
}
