import { Readable } from 'node:stream';
import { parentPort } from 'node:worker_threads';

import { pdfText } from '../../bmi/pdf-text';
import { JobRefusal } from '../../queue/job-errors';
import type { ByteRange } from '../../uploads/storage/upload-storage';
import { readFormat } from './read-format';
import { ActivitySource, ReadDeadline } from './read-limits';
import type { ReaderReply, ReaderRequest, ReaderTask } from './reader-pool';

/**
 * A reader thread (started by reader-pool.ts): reads one file at a time with the format's reader
 * (or a body-scan PDF's text).
 * The bytes stay with the API's storage; the thread asks for them, a chunk per pull, so a slow
 * parse holds back the store instead of buffering the file.
 */
const port = parentPort!;
const post = (reply: ReaderReply) => port.postMessage(reply);
const streams = new Map<number, RemoteStream>();
let nextStream = 0;

class RemoteStream extends Readable {
  constructor(readonly streamId: number) {
    super();
  }

  override _read(): void {
    post({ pull: this.streamId });
  }

  override _destroy(err: Error | null, done: (err?: Error | null) => void): void {
    streams.delete(this.streamId);
    post({ close: this.streamId });
    done(err);
  }
}

function remoteSource(size: number): ActivitySource {
  return {
    size,
    open: (range?: ByteRange) => {
      const stream = new RemoteStream(nextStream++);
      streams.set(stream.streamId, stream);
      post({ open: stream.streamId, range });
      return Promise.resolve(stream);
    },
  };
}

async function run(task: ReaderTask): Promise<void> {
  const deadline = new ReadDeadline(task.limitMs, task.endsAt);
  try {
    const source = remoteSource(task.size);
    post({
      result:
        task.kind === 'pdf_text'
          ? await pdfText(source, deadline)
          : await readFormat(task.format, source, task.day, task.timeZone, deadline),
    });
  } catch (err) {
    if (err instanceof JobRefusal)
      post({
        refusal: {
          code: err.code,
          message: (JSON.parse(err.message) as { message: string }).message,
          title: err.title,
        },
      });
    else post({ error: err instanceof Error ? err.message : String(err) });
  } finally {
    deadline.dispose();
    for (const stream of streams.values()) stream.destroy();
  }
}

port.on('message', (message: ReaderRequest) => {
  if ('task' in message) return void run(message.task);
  const stream = streams.get(message.stream);
  if (!stream) return;
  if ('chunk' in message)
    stream.push(Buffer.from(message.chunk.buffer, message.chunk.byteOffset, message.chunk.byteLength));
  else if ('error' in message) stream.destroy(new Error(message.error));
  else stream.push(null);
});
