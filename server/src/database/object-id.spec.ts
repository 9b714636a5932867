import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

import { Types } from 'mongoose';

import { toView } from './object-id';

const SRC = join(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** Where stored records are read and written: the only code that may hold an ObjectId. */
const DATA_LAYER = [/\.repository\.ts$/, /\.schema\.ts$/, /^database\//, /^common\/single-use\.ts$/];
/** Code that needs Mongoose itself, not its records: the error filter (Mongoose's errors) and the health check (the connection). */
const MONGOOSE_USERS = ['common/error.filter.ts', 'health/health.controller.ts'];

describe('toView', () => {
  it('names `_id` `id` and turns every ObjectId into its hex, at any depth, keeping dates', () => {
    const [id, owner, upload] = [new Types.ObjectId(), new Types.ObjectId(), new Types.ObjectId()];
    const at = new Date();
    expect(toView({ _id: id, userId: owner, at, proofs: [{ uploadId: upload, checks: [] }], note: null })).toEqual({
      id: id.toHexString(),
      userId: owner.toHexString(),
      at,
      proofs: [{ uploadId: upload.toHexString(), checks: [] }],
      note: null,
    });
    expect(toView({ _id: 'u:credits:3', seq: 3 })).toEqual({ id: 'u:credits:3', seq: 3 });
  });
});

describe('services get plain views with string ids', () => {
  it('no code outside the data layer imports Mongoose or touches an ObjectId or an `_id`', () => {
    const offending = sourceFiles(SRC)
      .map((file) => relative(SRC, file))
      .filter((file) => !DATA_LAYER.some((pattern) => pattern.test(file)))
      .flatMap((file) => {
        // Comments may name what the code does not touch.
        const code = readFileSync(join(SRC, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
        const uses = [
          !MONGOOSE_USERS.includes(file) && /from 'mongoose'/.test(code) && 'imports mongoose',
          /\bObjectId\b/.test(code) && 'names ObjectId',
          /toHexString\(/.test(code) && 'calls toHexString',
          /\._id\b/.test(code) && 'reads ._id',
        ].filter(Boolean);
        return uses.map((use) => `${file}: ${use}`);
      });
    expect(offending).toEqual([]);
  });
});
