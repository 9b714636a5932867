import { describe, expect, it } from 'vitest';

import { type Change, Outbox, type OutboxStorage, type Outcome } from './outbox';

/** The device's storage as IndexedDB keeps it: what was saved is what a new page loads. */
function deviceStorage(): OutboxStorage & { saved: Change[] } {
  const storage = {
    saved: [] as Change[],
    load: async () => storage.saved,
    save: async (changes: Change[]) => void (storage.saved = changes),
  };
  return storage;
}

const set = (setKey: string, reps: number) => ({
  kind: 'set' as const,
  workoutId: 'w1',
  setKey,
  body: { userId: 'u1', exerciseId: 'ex1', order: 0, warmup: false, reps },
});

/** A server behind a network that can be cut: answers in order, counting what reached it. */
function network() {
  const received: Change[] = [];
  const state = { up: true, refuse: new Set<string>() };
  const send = async (change: Change): Promise<Outcome> => {
    if (!state.up) return { ok: false, retry: true, error: new TypeError('Failed to fetch') };
    received.push(change);
    if (change.kind === 'set' && state.refuse.has(change.setKey))
      return { ok: false, retry: false, error: { status: 422 } };
    return { ok: true, answer: null };
  };
  return { received, state, send };
}

describe('the outbox of the session’s changes', () => {
  it('keeps changes made with no signal on the device, in order, and sends each once when the network returns', async () => {
    const storage = deviceStorage();
    const net = network();
    net.state.up = false;
    const outbox = new Outbox(storage, net.send);
    await outbox.add(set('a', 8));
    await outbox.add({ kind: 'tick', workoutId: 'w1', userId: 'u1', exerciseId: 'ex1', done: true });
    await outbox.add(set('b', 6));
    await outbox.flush();
    expect(net.received).toEqual([]);
    expect(storage.saved.map((c) => c.kind)).toEqual(['set', 'tick', 'set']);

    net.state.up = true;
    await outbox.flush();
    await outbox.flush();
    expect(net.received.map((c) => (c.kind === 'set' ? c.setKey : c.kind))).toEqual(['a', 'tick', 'b']);
    expect(outbox.pending()).toEqual([]);
    expect(storage.saved).toEqual([]);
  });

  it('survives a reload: a new page’s outbox sends what the last one kept', async () => {
    const storage = deviceStorage();
    const net = network();
    net.state.up = false;
    const before = new Outbox(storage, net.send);
    await before.add(set('a', 8));
    await before.add({ kind: 'complete', workoutId: 'w1', userId: 'u1', completedExercises: ['ex1'] });
    net.state.up = true;
    const after = new Outbox(storage, net.send);
    await after.flush();
    expect(net.received.map((c) => c.kind)).toEqual(['set', 'complete']);
  });

  it('sends only the latest edit of a set still waiting, in its place', async () => {
    const net = network();
    net.state.up = false;
    const outbox = new Outbox(deviceStorage(), net.send);
    await outbox.add(set('a', 8));
    await outbox.add(set('b', 5));
    await outbox.add(set('a', 10));
    net.state.up = true;
    await outbox.flush();
    expect(net.received.map((c) => (c.kind === 'set' ? [c.setKey, c.body.reps] : c.kind))).toEqual([
      ['a', 10],
      ['b', 5],
    ]);
  });

  it('drops a refused change and reports it, and goes on with the next', async () => {
    const net = network();
    net.state.refuse.add('bad');
    const settled: Array<[string, boolean]> = [];
    const outbox = new Outbox(deviceStorage(), net.send, (change, outcome) =>
      settled.push([change.kind === 'set' ? change.setKey : change.kind, outcome.ok]),
    );
    await outbox.add(set('bad', 2000));
    await outbox.add(set('good', 8));
    await outbox.flush();
    expect(settled).toEqual([
      ['bad', false],
      ['good', true],
    ]);
    expect(outbox.pending()).toEqual([]);
  });
});
