/**
 * The session's changes on their way to the server (docs/product.md, Training log: with no signal).
 * Each change is kept on the device (IndexedDB) until the server answered it, and sent in the order
 * made; a change carries its own idempotency key (a set's key, a tick's exercise and state, the
 * workout of a completion), so sending it twice counts once. A network failure or a 5xx keeps it
 * and stops the round (the next `online` event, reload or new change sends again); a refusal (4xx)
 * is final: it is dropped and reported, as an online refusal would be. Set changes of one workout
 * waiting in a row go in one request when a batch sender is given (one answer per change).
 */
import type { LogSetRequest } from '@contract';
import { SET_CHANGES_MAX } from '@contract/values';

export type Change =
  | { id: string; kind: 'set'; workoutId: string; setKey: string; body: LogSetRequest }
  | { id: string; kind: 'removeSet'; workoutId: string; setKey: string }
  | { id: string; kind: 'tick'; workoutId: string; userId: string; exerciseId: string; done: boolean }
  | { id: string; kind: 'start'; workoutId: string; userId: string }
  | { id: string; kind: 'complete'; workoutId: string; userId: string; completedExercises: string[] };

/** A change as the caller makes it: the outbox names it. */
export type NewChange = Change extends infer C ? (C extends Change ? Omit<C, 'id'> : never) : never;

/** What sending one change came to: done (dropped), refused (dropped, with why), or to retry later. */
export type Outcome = { ok: true; answer: unknown } | { ok: false; retry: boolean; error: unknown };

/** Set changes of one workout sent together: an outcome per change, in order. */
export type SetChangeBatch = Array<Extract<Change, { kind: 'set' | 'removeSet' }>>;

export interface OutboxStorage {
  load(): Promise<Change[]>;
  save(changes: Change[]): Promise<void>;
}

type Listener = (changes: readonly Change[]) => void;

export class Outbox {
  private changes: Change[] = [];
  private listeners = new Set<Listener>();
  private loaded: Promise<void>;
  private flushing: Promise<void> | null = null;
  /** A round was asked for while one ran: run another after it (the running one may be past its send). */
  private again = false;
  private seq = 0;
  /** The changes a round is sending: a newer edit waits behind them instead of replacing them. */
  private sending = new Set<string>();

  constructor(
    private readonly storage: OutboxStorage,
    private readonly send: (change: Change) => Promise<Outcome>,
    private readonly onSettled: (change: Change, outcome: Outcome) => void = () => undefined,
    private readonly sendBatch?: (changes: SetChangeBatch) => Promise<Outcome[]>,
  ) {
    this.loaded = storage.load().then((stored) => {
      this.changes = [...stored, ...this.changes];
      this.emit();
    });
  }

  /** Waiting changes, oldest first. */
  pending(): readonly Change[] {
    return this.changes;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Keeps the change (on the device before anything is sent) and starts a round. A newer edit of
   * the same set replaces a waiting one in its place: the server would keep the last anyway.
   */
  async add(change: NewChange): Promise<void> {
    await this.loaded;
    const id = `${Date.now().toString(36)}-${(this.seq++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    const made = { ...change, id } as Change;
    const same = made.kind === 'set' ? this.changes.findIndex((c) => c.kind === 'set' && c.setKey === made.setKey) : -1;
    // A new array each time: readers compare the list by identity.
    // A change on its way is never replaced under the round sending it.
    this.changes =
      same >= 0 && !this.sending.has(this.changes[same].id)
        ? this.changes.map((c, i) => (i === same ? made : c))
        : [...this.changes, made];
    await this.persist();
    void this.flush();
  }

  /** Sends the waiting changes in order until one must wait; one round at a time. */
  flush(): Promise<void> {
    if (this.flushing) {
      this.again = true;
      return this.flushing;
    }
    this.flushing = (async () => {
      do {
        this.again = false;
        await this.round();
      } while (this.again);
    })().finally(() => {
      this.flushing = null;
      // Asked for after the last round's check but before this: one more round, or the change would wait.
      if (this.again) void this.flush();
    });
    return this.flushing;
  }

  private async round(): Promise<void> {
    await this.loaded;
    while (this.changes.length > 0) {
      const batch = this.batchAtHead();
      const changes: Change[] = batch.length > 1 ? batch : [this.changes[0]];
      this.sending = new Set(changes.map((c) => c.id));
      const lost = (error: unknown): Outcome => ({ ok: false, retry: true, error });
      const outcomes =
        batch.length > 1
          ? await this.sendBatch!(batch).catch((error: unknown) => changes.map(() => lost(error)))
          : [await this.send(changes[0]).catch(lost)];
      this.sending = new Set();
      for (const [i, change] of changes.entries()) {
        const outcome = outcomes[i] ?? { ok: false, retry: true, error: new Error('no answer for this change') };
        if (!outcome.ok && outcome.retry) return this.foldEdits();
        this.changes = this.changes.filter((c) => c.id !== change.id);
        await this.persist();
        this.onSettled(change, outcome);
      }
    }
  }

  /**
   * Once nothing is on its way, a set's later edits made meanwhile replace its waiting change in
   * its place, as `add` does when nothing is being sent.
   */
  private async foldEdits(): Promise<void> {
    const latest = new Map<string, Change>();
    for (const change of this.changes) if (change.kind === 'set') latest.set(change.setKey, change);
    const placed = new Set<string>();
    const folded = this.changes.flatMap((change) => {
      if (change.kind !== 'set') return [change];
      if (placed.has(change.setKey)) return [];
      placed.add(change.setKey);
      return [latest.get(change.setKey)!];
    });
    if (folded.length === this.changes.length) return;
    this.changes = folded;
    await this.persist();
  }

  /** The set changes of the head's workout waiting in a row (at most SET_CHANGES_MAX), when a batch sender is given. */
  private batchAtHead(): SetChangeBatch {
    const head = this.changes[0];
    const batch: SetChangeBatch = [];
    if (!this.sendBatch) return batch;
    for (const change of this.changes) {
      if ((change.kind !== 'set' && change.kind !== 'removeSet') || change.workoutId !== head.workoutId) break;
      if (batch.length === SET_CHANGES_MAX) break;
      batch.push(change);
    }
    return batch;
  }

  private async persist(): Promise<void> {
    this.emit();
    await this.storage.save(this.changes);
  }

  private emit(): void {
    for (const listener of this.listeners) listener(this.changes);
  }
}

/** Keeps the waiting changes in one IndexedDB record (a browser without IndexedDB keeps them in memory). */
export function indexedDbStorage(name = 'sweat-outbox'): OutboxStorage {
  const STORE = 'changes';
  const open = (): Promise<IDBDatabase | null> =>
    new Promise((resolve) => {
      if (typeof indexedDB === 'undefined') return resolve(null);
      const request = indexedDB.open(name, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
    });
  const db = open();
  let memory: Change[] = [];
  const run = <T>(mode: IDBTransactionMode, use: (store: IDBObjectStore) => IDBRequest<T>) =>
    db.then(
      (d) =>
        new Promise<T | undefined>((resolve, reject) => {
          if (!d) return resolve(undefined);
          const request = use(d.transaction(STORE, mode).objectStore(STORE));
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        }),
    );
  return {
    async load() {
      const stored = await run<Change[] | undefined>('readonly', (s) => s.get('pending'));
      return stored ?? memory;
    },
    async save(changes) {
      memory = changes;
      await run('readwrite', (s) => s.put(changes, 'pending'));
    },
  };
}
