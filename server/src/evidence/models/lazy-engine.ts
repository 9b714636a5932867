/** A check ran past its time limit (the engine doing it was stopped) or was out of time before it began. */
export class EvidenceTimeout extends Error {
  constructor(what: string) {
    super(`${what} did not finish in time`);
    this.name = 'EvidenceTimeout';
  }
}

/**
 * Something slow to start and used one call at a time (a model in a thread, the OCR engine):
 * started on first use and kept for the process's life. A call that runs past its deadline stops
 * the engine, so a hostile file can never hold the worker; the next call starts a fresh one.
 */
export class LazyEngine<T> {
  private instance: Promise<T> | null = null;
  /** The instance once it has started. */
  private started: T | null = null;
  private turn: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly name: string,
    private readonly start: () => Promise<T>,
    private readonly stop: (engine: T) => Promise<void>,
  ) {}

  /** Runs `call` once the calls before it are done, within `deadline` (ms since the epoch) counted from then. */
  run<R>(call: (engine: T) => Promise<R>, deadline: number): Promise<R> {
    const result = this.turn.then(() => this.runNow(call, deadline));
    this.turn = result.catch(() => undefined);
    return result;
  }

  private async runNow<R>(call: (engine: T) => Promise<R>, deadline: number): Promise<R> {
    const left = deadline - Date.now();
    if (left <= 0) throw new EvidenceTimeout(this.name);
    const instance = (this.instance ??= this.begin());
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new EvidenceTimeout(this.name)), left);
    });
    try {
      return await Promise.race([instance.then(call), expired]);
    } catch (err) {
      // A call that overran, or an engine that failed to start or crashed, is not trusted again.
      await this.close();
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  private begin(): Promise<T> {
    const instance: Promise<T> = this.start().then((engine) => {
      // Closed while starting: close() stops it when it is up, and it is not kept.
      if (this.instance === instance) this.started = engine;
      return engine;
    });
    return instance;
  }

  /** Stops the engine; one still starting is stopped once it has started, without waiting for that. */
  async close(): Promise<void> {
    const instance = this.instance;
    const started = this.started;
    this.instance = null;
    this.started = null;
    if (started) await this.stop(started);
    else if (instance) void instance.then(this.stop, () => undefined);
  }
}
