/** The rest between sets as data: when it ends, kept on the device so it survives a reload and shows on every page. */

export interface Rest {
  /** Epoch ms the rest ends at. */
  endsAt: number;
  /** The rest as prescribed, then as adjusted (seconds): the bar's full length. */
  total: number;
  /** The exercise rested for. */
  label: string;
}

/** The smallest step +15 s / −15 s moves a rest by. */
export const REST_STEP_SECONDS = 15;

export function startRest(seconds: number, label: string, now: number): Rest | null {
  return seconds > 0 ? { endsAt: now + seconds * 1000, total: seconds, label } : null;
}

/** +15 s or −15 s; a rest adjusted to nothing is over. */
export function adjustRest(rest: Rest, deltaSeconds: number, now: number): Rest | null {
  const endsAt = rest.endsAt + deltaSeconds * 1000;
  if (endsAt <= now) return null;
  return { ...rest, endsAt, total: Math.max(rest.total + deltaSeconds, Math.ceil((endsAt - now) / 1000)) };
}

/** Whole seconds left (0 once over). */
export function restLeft(rest: Rest, now: number): number {
  return Math.max(0, Math.ceil((rest.endsAt - now) / 1000));
}

/** A stored rest, if it is one (anything else, say an older app's, is none). */
export function readRest(text: string | null): Rest | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<Rest>;
    return typeof value.endsAt === 'number' && typeof value.total === 'number' && typeof value.label === 'string'
      ? { endsAt: value.endsAt, total: value.total, label: value.label }
      : null;
  } catch {
    return null;
  }
}
