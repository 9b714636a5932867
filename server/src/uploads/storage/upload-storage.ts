import type { Readable } from 'node:stream';

import { AppError } from '../../common/errors';
import type { UploadParts } from '../../contract';

/** Where upload bytes live. Chosen by STORAGE_DRIVER; the service talks only to this. */
export interface UploadStorage {
  /**
   * True when this server receives the bytes itself (PUT or PATCH /api/uploads/:id); false when the
   * client sends them straight to the store and the server checks them on first use.
   */
  readonly receivesBytes: boolean;
  /** True when `begin` needs the size the client announced (signed into the part URLs). */
  readonly needsSize: boolean;
  /**
   * Readies the store for upload `id` of the announced `size`: answers the URLs the client sends
   * the parts to when they go straight to the store, nothing when this server receives them.
   */
  begin(id: string, size?: number): Promise<UploadParts | undefined>;
  /** Bytes a pending upload holds, from the file's first (where a resumed upload continues). */
  held(id: string): Promise<number>;
  /**
   * Makes the file of `size` bytes the client sent final before the server checks it: from then on
   * `open` reads bytes no upload URL writes (a replayed URL cannot swap the checked bytes). Throws
   * when the whole file has not arrived.
   */
  seal(id: string, size: number): Promise<void>;
  /** Reads a stored file, or the bytes of `range` in it (a zip is read from its end first). */
  open(id: string, range?: ByteRange): Promise<Readable>;
  /** Deletes a stored (or partly stored) file; no error if there is none. */
  remove(id: string): Promise<void>;
}

/** Bytes `start` up to (not including) `end`. */
export interface ByteRange {
  start: number;
  end: number;
}

export const UPLOAD_STORAGE = Symbol('UPLOAD_STORAGE');

/** A URL asked of a `needsSize` driver without the size it signs into it. */
export const uploadSizeRequired = () =>
  new AppError('UPLOAD_SIZE_REQUIRED', 'Send the file size to get a direct upload URL', 'Invalid Input');
