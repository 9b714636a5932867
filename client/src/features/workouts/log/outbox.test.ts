import { SET_CHANGES_MAX } from '@contract/values';
import { describe, expect, it, vi } from 'vitest';

import { type Change, Outbox, type OutboxStorage, type Outcome, type SetChangeBatch } from './outbox';

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
    // The old page is gone once reloaded: its last round (offline) has ended.
    await before.flush();
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

  it('sends the set changes of one workout waiting in a row together, at most SET_CHANGES_MAX a request, in order', async () => {
    const net = network();
    const batches: string[][] = [];
    const sendBatch = async (changes: SetChangeBatch): Promise<Outcome[]> => {
      if (!net.state.up) throw new TypeError('Failed to fetch');
      batches.push(changes.map((c) => c.setKey));
      return changes.map((c) =>
        c.kind === 'set' && net.state.refuse.has(c.setKey)
          ? { ok: false, retry: false, error: { status: 400 } }
          : { ok: true, answer: null },
      );
    };
    const settled: Array<[string, boolean]> = [];
    const outbox = new Outbox(
      deviceStorage(),
      net.send,
      (change, outcome) =>
        settled.push([change.kind === 'set' || change.kind === 'removeSet' ? change.setKey : change.kind, outcome.ok]),
      sendBatch,
    );
    net.state.up = false;
    for (let i = 0; i < SET_CHANGES_MAX + 5; i++) await outbox.add(set(`s${i}`, 8));
    await outbox.add({ kind: 'removeSet', workoutId: 'w1', setKey: 's1' });
    await outbox.add({ kind: 'tick', workoutId: 'w1', userId: 'u1', exerciseId: 'ex1', done: true });
    await outbox.add({ ...set('other', 5), workoutId: 'w2' });
    await outbox.add(set('later', 5));
    // Lost with no signal: nothing is dropped.
    await outbox.flush();
    expect(outbox.pending()).toHaveLength(SET_CHANGES_MAX + 9);

    net.state.up = true;
    net.state.refuse.add('s3');
    await outbox.flush();
    // 100, then the 5 left and the removal; the tick alone; another workout's set alone; the last set alone.
    expect(batches.map((b) => b.length)).toEqual([SET_CHANGES_MAX, 6]);
    expect(batches[1].slice(-1)).toEqual(['s1']);
    expect(net.received.map((c) => c.kind + (c.kind === 'set' ? `:${c.setKey}` : ''))).toEqual([
      'tick',
      'set:other',
      'set:later',
    ]);
    expect(settled.find(([key]) => key === 's3')).toEqual(['s3', false]);
    expect(settled.filter(([, ok]) => !ok)).toHaveLength(1);
    expect(outbox.pending()).toEqual([]);
  });

  it('keeps a batch whose answer is lost; an edit made while it was on its way waits behind it, then takes its place', async () => {
    const sent: Array<Array<[string, number | undefined]>> = [];
    const answers: Array<(outcomes: Outcome[] | Error) => void> = [];
    const sendBatch = (changes: SetChangeBatch) =>
      new Promise<Outcome[]>((resolve, reject) => {
        sent.push(changes.map((c) => [c.setKey, c.kind === 'set' ? c.body.reps : undefined]));
        answers.push((answer) => (answer instanceof Error ? reject(answer) : resolve(answer)));
      });
    const net = network();
    net.state.up = false;
    const outbox = new Outbox(deviceStorage(), net.send, undefined, sendBatch);
    await outbox.add(set('a', 8));
    await outbox.add(set('b', 5));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    // On its way: an edit of a is kept behind the batch, not in its place.
    await outbox.add(set('a', 12));
    expect(outbox.pending().map((c) => (c.kind === 'set' ? [c.setKey, c.body.reps] : c.kind))).toEqual([
      ['a', 8],
      ['b', 5],
      ['a', 12],
    ]);
    // The answer is lost: nothing is dropped, and the edit now takes its set's place for the next send.
    answers[0](new TypeError('Failed to fetch'));
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual([
      ['a', 12],
      ['b', 5],
    ]);
    answers[1]([
      { ok: true, answer: null },
      { ok: true, answer: null },
    ]);
    await vi.waitFor(() => expect(outbox.pending()).toEqual([]));
  });
});
