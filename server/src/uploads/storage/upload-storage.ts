import type { Readable } from 'node:stream';

import { AppError } from '../../common/errors';

/** Where upload bytes live. Chosen by STORAGE_DRIVER; the service talks only to this. */
export interface UploadStorage {
  /**
   * True when this server receives the bytes itself (PUT /api/uploads/:id); false when the client
   * sends them straight to the store and the server checks them on first use.
   */
  readonly receivesBytes: boolean;
  /** Prefixes of the file URLs this driver issues; a fileUrl is accepted only under one of them. */
  readonly issuedPrefixes: readonly string[];
  /** True when `uploadUrl` needs the size the client announced (signed into the URL). */
  readonly needsSize: boolean;
  /** The URL the client PUTs the file to. `size` is the size the client announced, if any. */
  uploadUrl(id: string, signature: string, limits: { maxBytes: number; size?: number }): Promise<string>;
  /**
   * Makes the file the client sent final before the server checks it: from then on `open` reads a
   * copy the client cannot write (a replayed upload URL cannot swap the checked bytes). Throws when
   * no file has arrived.
   */
  seal(id: string): Promise<void>;
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
