import { createHash } from 'node:crypto';
import { Readable, Transform, TransformCallback, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { AppError } from '../common/errors';
import { describeBytes, describeTypes, UploadLimits, UploadMime } from '../contract';
import { SNIFF_BYTES, sniffMime, sniffNeedsMore, XML_SNIFF_BYTES } from './uploads.rules';

export interface InspectedFile {
  size: number;
  mime: UploadMime;
  sha256: string;
}

/**
 * Sits in the stream between the request and storage: counts bytes (413 past the limit), hashes
 * (sha256) and decides the type from the first bytes (415 when not allowed). At most the first
 * XML_SNIFF_BYTES are ever held, so a file of any size passes through in constant memory.
 */
export class UploadInspector extends Transform {
  private size = 0;
  private head = Buffer.alloc(0);
  private mime: UploadMime | null = null;
  private readonly hash = createHash('sha256');

  constructor(private readonly limits: UploadLimits) {
    super({ highWaterMark: 256 * 1024 }); // matches the disk writer's buffer (storage/disk.storage.ts)
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.limits.maxBytes) return done(fileTooLarge(this.limits));
    this.hash.update(chunk);
    if (!this.mime && this.head.length < XML_SNIFF_BYTES) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, XML_SNIFF_BYTES - this.head.length)]);
      if (this.head.length >= SNIFF_BYTES && !sniffNeedsMore(this.head)) {
        const refusal = this.decideType();
        if (refusal) return done(refusal);
      }
    }
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    done(this.mime ? null : this.decideType());
  }

  private decideType(): AppError | null {
    const mime = sniffMime(this.head);
    if (!mime || !this.limits.allowedTypes.includes(mime)) return unsupportedType(this.limits);
    this.mime = mime;
    return null;
  }

  /** The checked file; valid once the stream has finished. */
  result(): InspectedFile {
    if (!this.mime) throw new Error('result() before the upload finished');
    return { size: this.size, mime: this.mime, sha256: this.hash.digest('hex') };
  }
}

/** A whole stored file through the inspector: its size, type and sha256, or its refusal. */
export async function inspectStored(file: Readable, limits: UploadLimits): Promise<InspectedFile> {
  const inspector = new UploadInspector(limits);
  await pipeline(file, inspector, new Writable({ write: (_chunk, _encoding, done) => done() }));
  return inspector.result();
}

/** A file smaller than the size its URL was asked for is refused too: what is stored is what was announced. */
export function requireAnnouncedSize(upload: { announcedSize: number | null }, file: InspectedFile): void {
  if (upload.announcedSize !== null && file.size !== upload.announcedSize) {
    throw new AppError(
      'UPLOAD_MALFORMED',
      `The file has ${file.size} bytes, not the ${upload.announcedSize} announced for this upload`,
    );
  }
}

export function fileTooLarge(limits: UploadLimits): AppError {
  return new AppError(
    'UPLOAD_TOO_LARGE',
    `The file is larger than ${describeBytes(limits.maxBytes)}`,
    'File Too Large',
  );
}

export function unsupportedType(limits: UploadLimits): AppError {
  return new AppError(
    'UPLOAD_UNSUPPORTED_TYPE',
    `Only ${describeTypes(limits.allowedTypes)} files are accepted`,
    'Unsupported File Type',
  );
}
