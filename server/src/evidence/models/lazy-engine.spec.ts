import { EvidenceTimeout, LazyEngine } from './lazy-engine';

/** An engine whose start and stop are counted; its calls take as long as they are told. */
function counted() {
  const events: string[] = [];
  let started = 0;
  const engine = new LazyEngine<number>(
    'test engine',
    async () => {
      started++;
      events.push(`start ${started}`);
      return started;
    },
    async (instance) => {
      events.push(`stop ${instance}`);
    },
  );
  const call = (ms: number, label: string) => async (instance: number) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    events.push(`${label} on ${instance}`);
    return label;
  };
  return { engine, events, call };
}

describe('LazyEngine', () => {
  it('starts on first use, once, and runs calls one at a time in order', async () => {
    const { engine, events, call } = counted();
    expect(events).toEqual([]);
    const far = Date.now() + 5000;
    expect(await Promise.all([engine.run(call(30, 'a'), far), engine.run(call(1, 'b'), far)])).toEqual(['a', 'b']);
    expect(events).toEqual(['start 1', 'a on 1', 'b on 1']);
    await engine.close();
    expect(events).toEqual(['start 1', 'a on 1', 'b on 1', 'stop 1']);
  });

  it('stops the engine when a call overruns its deadline, and starts a fresh one for the next call', async () => {
    const { engine, events, call } = counted();
    const started = Date.now();
    await expect(engine.run(call(400, 'slow'), Date.now() + 50)).rejects.toBeInstanceOf(EvidenceTimeout);
    expect(Date.now() - started).toBeLessThan(300);
    expect(events).toEqual(['start 1', 'stop 1']);
    expect(await engine.run(call(1, 'next'), Date.now() + 5000)).toBe('next');
    expect(events).toEqual(['start 1', 'stop 1', 'start 2', 'next on 2']);
    await engine.close();
  });

  it('refuses a call whose deadline passed while it waited, without stopping the engine at work', async () => {
    const { engine, events, call } = counted();
    const first = engine.run(call(100, 'first'), Date.now() + 5000);
    await expect(engine.run(call(1, 'late'), Date.now() + 20)).rejects.toThrow('test engine did not finish in time');
    expect(await first).toBe('first');
    expect(events).toEqual(['start 1', 'first on 1']);
    await engine.close();
  });

  it('stops an engine that fails, so the next call starts again', async () => {
    const { engine, events } = counted();
    await expect(engine.run(() => Promise.reject(new Error('crashed')), Date.now() + 5000)).rejects.toThrow('crashed');
    expect(events).toEqual(['start 1', 'stop 1']);
    await engine.close();
  });
});
