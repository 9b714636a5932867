import { PassThrough, type Readable, Transform } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { crc32 } from 'node:zlib';

import * as yauzl from 'yauzl';

import { ACTIVITY_READ_LIMITS } from '../../contract';
import { JobRefusal } from '../../queue/job-errors';
import { ActivitySource, ReadDeadline, unreadable } from './read-limits';

const { maxEntries, maxExportBytes, maxRatio } = ACTIVITY_READ_LIMITS.zip;

/** Directory reads are served from windows of this size: one ranged read of the store per window, not one per entry. */
const WINDOW_BYTES = 1024 * 1024;

/**
 * yauzl reads a zip from its end (the central directory) first: here through ranged reads of the
 * stored file. Its small reads (an entry's directory record, a local header) come from a window
 * read once, so a directory of many entries costs a few reads of the store, not one per entry.
 */
class SourceReader extends yauzl.RandomAccessReader {
  private window: { start: number; bytes: Buffer } | null = null;

  constructor(private readonly source: ActivitySource) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    const out = new PassThrough();
    this.source.open({ start, end }).then(
      (stream) => stream.on('error', (err) => out.destroy(err)).pipe(out),
      (err: Error) => out.destroy(err),
    );
    return out;
  }

  override read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
    callback: (err: Error | null) => void,
  ): void {
    if (length > WINDOW_BYTES) return super.read(buffer, offset, length, position, callback);
    this.windowHolding(position, length).then(
      (window) => {
        window.bytes.copy(buffer, offset, position - window.start, position - window.start + length);
        callback(null);
      },
      (err: Error) => callback(err),
    );
  }

  private async windowHolding(position: number, length: number): Promise<{ start: number; bytes: Buffer }> {
    const held = this.window;
    if (held && position >= held.start && position + length <= held.start + held.bytes.length) return held;
    const start = Math.max(0, Math.min(position, this.source.size - WINDOW_BYTES));
    const end = Math.min(this.source.size, start + WINDOW_BYTES);
    const bytes = await buffer(await this.source.open({ start, end }));
    if (bytes.length < position + length - start) throw new Error('unexpected end of file');
    this.window = { start, bytes };
    return this.window;
  }
}

/**
 * The inflated stream of the one entry `wanted` names, without inflating anything else. Refused
 * before a byte is inflated: a directory of more than maxEntries entries, an entry declaring more
 * than maxExportBytes or a compression ratio over maxRatio (a zip bomb); while inflating, yauzl
 * checks the bytes against the declared size, and a counter holds the limit and checks the CRC-32.
 */
export async function openZipEntry(
  source: ActivitySource,
  wanted: (name: string) => boolean,
  missing: string,
  deadline: ReadDeadline,
): Promise<Readable> {
  const zip = await openZip(source);
  try {
    if (zip.entryCount > maxEntries)
      throw unreadable(`This zip holds ${zip.entryCount} files, more than an export has (${maxEntries})`);
    const entry = await findEntry(zip, wanted, missing, deadline);
    if (entry.uncompressedSize > maxExportBytes)
      throw unreadable(`${entry.fileName} is larger than ${maxExportBytes / 1024 ** 3} GB inflated`);
    if (entry.uncompressedSize > maxRatio * Math.max(1, entry.compressedSize)) {
      throw unreadable(
        `${entry.fileName} inflates ${Math.round(entry.uncompressedSize / Math.max(1, entry.compressedSize))} times: that is a zip bomb, not an export`,
      );
    }
    const inflated = await new Promise<Readable>((resolve, reject) =>
      zip.openReadStream(entry, (err, stream) => (err ? reject(damaged(err)) : resolve(stream))),
    );
    let total = 0;
    let crc = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        total += chunk.length;
        crc = crc32(chunk, crc);
        done(total > maxExportBytes ? unreadable(`${entry.fileName} is larger than its limit inflated`) : null, chunk);
      },
      // yauzl checks the size, not the checksum: an entry whose bytes were edited is damaged.
      flush(done) {
        done(
          crc === entry.crc32 ? null : unreadable(`This zip is damaged: ${entry.fileName} does not match its checksum`),
        );
      },
    });
    inflated.on('error', (err) => counter.destroy(damaged(err)));
    counter.on('close', () => zip.close());
    return inflated.pipe(counter);
  } catch (err) {
    zip.close();
    throw err;
  }
}

function openZip(source: ActivitySource): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromRandomAccessReader(
      new SourceReader(source),
      source.size,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true },
      (err, zip) => (err ? reject(damaged(err)) : resolve(zip)),
    ),
  );
}

function findEntry(
  zip: yauzl.ZipFile,
  wanted: (name: string) => boolean,
  missing: string,
  deadline: ReadDeadline,
): Promise<yauzl.Entry> {
  return new Promise((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      if (deadline.signal.aborted) return reject(deadline.signal.reason);
      if (wanted(entry.fileName)) resolve(entry);
      else zip.readEntry();
    });
    zip.on('end', () => reject(unreadable(missing)));
    zip.on('error', (err: Error) => reject(damaged(err)));
    zip.readEntry();
  });
}

const damaged = (err: Error) =>
  err instanceof JobRefusal ? err : unreadable(`This zip is damaged or incomplete (${err.message})`);
