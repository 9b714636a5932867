import { availableParallelism } from 'node:os';
import { extname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';

import { ACTIVITY_READ_LIMITS, type ActivityFormat, type ErrorCode } from '../../contract';
import { JobRefusal } from '../../queue/job-errors';
import type { ByteRange } from '../../uploads/storage/upload-storage';
import type { ActivityReading } from './activity-reading';
import { ActivitySource, ReadDeadline, unreadable } from './read-limits';

/** What every read handed to a reader thread carries: the file's size and the read's deadline. */
interface ThreadRead {
  size: number;
  limitMs: number;
  endsAt: number;
}
/** One read handed to a reader thread: an activity file, or the text of a body-scan PDF (bmi/pdf-text.ts). */
export type ReaderTask =
  | (ThreadRead & { kind: 'activity'; format: ActivityFormat; day: string; timeZone: string })
  | (ThreadRead & { kind: 'pdf_text' });
type TaskOf<K extends ReaderTask['kind']> = Omit<Extract<ReaderTask, { kind: K }>, keyof ThreadRead | 'kind'>;

/** To a reader thread: its task, then the bytes of the ranges it opened, a chunk per pull. */
export type ReaderRequest =
  | { task: ReaderTask }
  | { stream: number; chunk: Uint8Array }
  | { stream: number; end: true }
  | { stream: number; error: string };
/** From a reader thread: ranges to open, pulls and closes of them, then the reading or why there is none. */
export type ReaderReply =
  | { open: number; range?: ByteRange }
  | { pull: number }
  | { close: number }
  | { result: ActivityReading | string }
  | { refusal: { code: ErrorCode; message: string; title?: string } }
  | { error: string };

/** Two threads at most: the readers are CPU-bound, and the API's loop keeps a core of its own. */
const THREADS = Math.max(1, Math.min(2, availableParallelism() - 1));

/**
 * The thread's entry: the compiled reader-thread.js in a build; under Jest, where the sources are
 * TypeScript, the same per-file transpile Jest uses (jest.transform.js) is hooked into require first.
 */
const ENTRY = join(__dirname, `reader-thread${extname(__filename)}`);
const TRANSFORM = ENTRY.endsWith('.ts') ? resolve(__dirname, '../../../jest.transform.js') : null;
const BOOT = `
const { workerData } = require('node:worker_threads');
if (workerData.transform) {
  const { readFileSync } = require('node:fs');
  const { process: transpile } = require(workerData.transform);
  require.extensions['.ts'] = (module, file) => module._compile(transpile(readFileSync(file, 'utf8'), file).code, file);
}
require(workerData.entry);
`;

const idle: Worker[] = [];
const waiting: Array<() => void> = [];
let started = 0;

/** Reads an activity file in a reader thread of the pool (runInThread). */
export async function readInThread(
  task: TaskOf<'activity'>,
  source: ActivitySource,
  deadline: ReadDeadline,
): Promise<ActivityReading> {
  return revived((await runInThread({ ...task, kind: 'activity' }, source, deadline)) as ActivityReading);
}

/** The text of a PDF, read in a reader thread of the pool (runInThread): at most its limits' characters. */
export async function pdfTextInThread(source: ActivitySource, deadline: ReadDeadline): Promise<string> {
  return (await runInThread({ kind: 'pdf_text' }, source, deadline)) as string;
}

/**
 * Runs `task` in a reader thread of the pool, the file's bytes read here from `source` as the
 * thread asks for them. A thread still busy at the deadline is terminated, wherever its parse
 * stands; one that answered is kept for the next read.
 */
async function runInThread(
  task: ({ kind: 'activity' } & TaskOf<'activity'>) | { kind: 'pdf_text' },
  source: ActivitySource,
  deadline: ReadDeadline,
): Promise<ActivityReading | string> {
  const worker = await takeThread(deadline);
  let reusable = false;
  try {
    const result = await runOn(
      worker,
      { ...task, size: source.size, limitMs: deadline.limitMs, endsAt: deadline.endsAt } as ReaderTask,
      source,
      deadline,
    );
    reusable = true;
    return result;
  } catch (err) {
    reusable = err instanceof JobRefusal && !deadline.signal.aborted;
    throw err;
  } finally {
    giveBack(worker, reusable);
  }
}

async function takeThread(deadline: ReadDeadline): Promise<Worker> {
  while (!idle.length && started >= THREADS) {
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        waiting.splice(waiting.indexOf(next), 1);
        reject(deadline.signal.reason);
      };
      const next = () => {
        deadline.signal.removeEventListener('abort', onAbort);
        resolve();
      };
      deadline.check();
      waiting.push(next);
      deadline.signal.addEventListener('abort', onAbort, { once: true });
    });
  }
  const worker = idle.pop() ?? startThread();
  worker.ref();
  return worker;
}

function startThread(): Worker {
  started++;
  const worker = new Worker(BOOT, {
    eval: true,
    workerData: { entry: ENTRY, transform: TRANSFORM },
    resourceLimits: { maxOldGenerationSizeMb: ACTIVITY_READ_LIMITS.readerHeapMb },
  });
  worker.on('error', () => undefined); // reported to the read it was running, by runOn
  return worker;
}

/** A thread that answered goes back to the pool; one that failed, ran out of memory or time is ended. */
function giveBack(worker: Worker, reusable: boolean): void {
  if (reusable) {
    worker.unref();
    idle.push(worker);
  } else {
    started--;
    void worker.terminate();
  }
  waiting.shift()?.();
}

function runOn(
  worker: Worker,
  task: ReaderTask,
  source: ActivitySource,
  deadline: ReadDeadline,
): Promise<ActivityReading | string> {
  const streams = new Map<
    number,
    { stream: Promise<Readable>; chunks: Promise<AsyncIterator<Buffer>>; sending: Promise<void> }
  >();
  const send = (request: ReaderRequest) => worker.postMessage(request);

  return new Promise<ActivityReading | string>((resolve, reject) => {
    const finish = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      deadline.signal.removeEventListener('abort', onAbort);
      for (const { stream } of streams.values())
        void stream.then(
          (s) => s.destroy(),
          () => undefined,
        );
    };
    const fail = (err: unknown) => {
      finish();
      reject(err);
    };
    const onAbort = () => fail(deadline.signal.reason);
    const onError = (err: Error) => {
      const outOfMemory = (err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
      fail(
        outOfMemory
          ? unreadable(
              `Reading this file needed more than ${ACTIVITY_READ_LIMITS.readerHeapMb} MB: it is not an activity export`,
            )
          : err,
      );
    };
    const onExit = (code: number) => fail(new Error(`The activity reader thread exited with code ${code}`));
    const onMessage = (reply: ReaderReply) => {
      if ('open' in reply) {
        const stream = source.open(reply.range).then((s) => deadline.watch(s));
        const chunks = stream.then((s) => s[Symbol.asyncIterator]() as AsyncIterator<Buffer>);
        chunks.catch(() => undefined);
        streams.set(reply.open, { stream, chunks, sending: Promise.resolve() });
      } else if ('pull' in reply) {
        const open = streams.get(reply.pull);
        if (!open) return;
        // One chunk per pull, in order: the thread's reading paces the store.
        open.sending = open.sending.then(async () => {
          try {
            const next = await (await open.chunks).next();
            if (next.done) return send({ stream: reply.pull, end: true });
            // A chunk is often a view of a larger buffer, which cloning would copy whole: its own bytes are moved instead.
            const chunk = new Uint8Array(next.value);
            worker.postMessage({ stream: reply.pull, chunk } satisfies ReaderRequest, [chunk.buffer]);
          } catch (err) {
            send({ stream: reply.pull, error: err instanceof Error ? err.message : String(err) });
          }
        });
      } else if ('close' in reply) {
        void streams.get(reply.close)?.stream.then(
          (s) => s.destroy(),
          () => undefined,
        );
        streams.delete(reply.close);
      } else if ('result' in reply) {
        finish();
        resolve(reply.result);
      } else if ('refusal' in reply) {
        fail(new JobRefusal(reply.refusal.code, reply.refusal.message, reply.refusal.title));
      } else {
        fail(new Error(reply.error));
      }
    };
    if (deadline.signal.aborted) return reject(deadline.signal.reason);
    deadline.signal.addEventListener('abort', onAbort, { once: true });
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    send({ task });
  });
}

/** The reading's dates made again here: a Date cloned from another thread is not an instance of this realm's Date (Jest's sandbox). */
function revived(reading: ActivityReading): ActivityReading {
  const date = (d: Date) => new Date(d.getTime());
  const maybe = (d: Date | null) => (d === null ? null : date(d));
  const { timeline, identity } = reading;
  return {
    ...reading,
    startedAt: date(reading.startedAt),
    timeline: {
      ...timeline,
      first: maybe(timeline.first),
      last: maybe(timeline.last),
      backwardsAt: maybe(timeline.backwardsAt),
    },
    identity: {
      ...identity,
      times: identity.times.map(date),
      firstPosition: identity.firstPosition && { ...identity.firstPosition, time: date(identity.firstPosition.time) },
    },
  };
}
