const DUPLICATE_KEY = 11000;

/** A unique index refused the write: the exactly-once rule every claim and keyed insert rests on. */
export function isDuplicateKey(err: unknown): boolean {
  return (err as { code?: number })?.code === DUPLICATE_KEY;
}
