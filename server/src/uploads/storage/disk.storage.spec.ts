import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Transform } from 'node:stream';

import { DiskStorage } from './disk.storage';

/** A body whose check refuses its first bytes, as the upload inspector does with a wrong type. */
function refusedBody(): Transform {
  const body = new PassThrough();
  const refusal = new Transform({ transform: (_chunk, _encoding, done) => done(new Error('refused')) });
  body.pipe(refusal);
  setImmediate(() => body.write(Buffer.from('not the type it claims')));
  return refusal;
}

describe('DiskStorage', () => {
  let dataDir: string;
  beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'disk-storage-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  // The refusal used to arrive while the file stream was still opening: a few in a thousand left a file behind.
  it('keeps no file of a body refused as it arrives, the moment save fails', async () => {
    const disk = new DiskStorage(dataDir);
    for (let i = 0; i < 1000; i++) {
      await expect(disk.save(`id${i}`, refusedBody())).rejects.toThrow('refused');
      expect(readdirSync(join(dataDir, 'uploads'))).toEqual([]);
    }
  });

  it('has a part refused as it arrives closed when append fails, so removing it leaves nothing', async () => {
    const disk = new DiskStorage(dataDir);
    for (let i = 0; i < 500; i++) {
      await expect(disk.append(`id${i}`, refusedBody())).rejects.toThrow('refused');
      await disk.remove(`id${i}`);
      expect(existsSync(join(dataDir, 'uploads', `id${i}.part`))).toBe(false);
    }
  });
});
