/** The one rest timer of the device: kept in localStorage, read by the bar on every page (RestTimerBar). */
import { useEffect, useState, useSyncExternalStore } from 'react';

import { adjustRest, readRest, type Rest, restLeft, startRest } from './restTimer.logic';

const KEY = 'restTimer';
const listeners = new Set<() => void>();
let cached: { text: string | null; rest: Rest | null } = { text: null, rest: null };

function current(): Rest | null {
  const text = localStorage.getItem(KEY);
  if (text !== cached.text) cached = { text, rest: readRest(text) };
  return cached.rest;
}

function store(rest: Rest | null): void {
  if (rest) localStorage.setItem(KEY, JSON.stringify(rest));
  else localStorage.removeItem(KEY);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of the app changed it.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export const restTimer = {
  start: (seconds: number, label: string) => store(startRest(seconds, label, Date.now())),
  adjust: (delta: number) => {
    const rest = current();
    if (rest) store(adjustRest(rest, delta, Date.now()));
  },
  skip: () => store(null),
};

/** The rest under way and the seconds left, ticking each second; null when none. */
export function useRest(): { rest: Rest; left: number } | null {
  const rest = useSyncExternalStore(subscribe, current, () => null);
  // The clock read four times a second while a rest runs; until its first reading a new rest shows whole.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!rest) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [rest]);
  return rest ? { rest, left: Math.min(rest.total, restLeft(rest, now)) } : null;
}
