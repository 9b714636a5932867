import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ByteRange, UploadStorage } from './upload-storage';

/** Files under DATA_DIR/uploads, received by this server's own signed PUT route. */
export class DiskStorage implements UploadStorage {
  readonly receivesBytes = true;
  readonly issuedPrefixes: readonly string[];
  private readonly dir: string;

  constructor(dataDir: string, private readonly publicUrl: string) {
    this.dir = join(dataDir, 'uploads');
    mkdirSync(this.dir, { recursive: true });
    this.issuedPrefixes = [`${publicUrl}/api/uploads/`];
  }

  async uploadUrl(id: string, signature: string): Promise<string> {
    return `${this.publicUrl}/api/uploads/${id}?sig=${signature}`;
  }

  /**
   * Streams `source` to `<id>.part` and renames it into place only when complete; a failure leaves no file.
   * No await before the pipeline: an inspector refusing the first chunk must already have a listener.
   */
  async save(id: string, source: Readable): Promise<void> {
    const partial = this.path(id) + '.part';
    try {
      // 256 KB buffers: fewer, larger writes (0.2–0.4 → 0.4–0.5 of a local copy in `npm run bench`),
      // still under 1 MB of memory per upload.
      await pipeline(source, createWriteStream(partial, { flags: 'wx', highWaterMark: 256 * 1024 }));
      await rename(partial, this.path(id));
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
  }

  /** Nothing to do: this server wrote the file itself, once, through a URL that takes one upload. */
  async seal(): Promise<void> {}

  async open(id: string, range?: ByteRange): Promise<Readable> {
    return createReadStream(this.path(id), range && { start: range.start, end: range.end - 1 });
  }

  async remove(id: string): Promise<void> {
    await Promise.all([rm(this.path(id), { force: true }), rm(this.path(id) + '.part', { force: true })]);
  }

  path(id: string): string {
    return join(this.dir, id);
  }
}
