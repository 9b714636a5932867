import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer, { MulterError, StorageEngine } from 'multer';
import { Readable, Writable, finished } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../common/errors';
import { SingleUseClaimsRepository } from '../common/single-use';
import { APP_CONFIG, AppConfig } from '../config/config';
import { ErrorCode, UPLOAD_PURPOSES, UploadLimits, UploadProgress, UploadPurpose, UploadReceipt, UploadUrlResponse } from '../contract';
import { Id } from '../database/object-id';
import { JobName } from '../queue/job-registry';
import { OnJob } from '../queue/on-job.decorator';
import { DiskStorage } from './storage/disk.storage';
import { ByteRange, UPLOAD_STORAGE, UploadStorage } from './storage/upload-storage';
import { InspectedFile, UploadInspector, fileTooLarge } from './upload-inspector';
import { UploadRecord, UploadsRepository } from './uploads.repository';
import {
  UPLOAD_URL_TTL_MS,
  XML_SNIFF_BYTES,
  checkUploadSignature,
  parseContentRange,
  signUpload,
  uploadIdFromUrl,
  uploadSigningKey,
} from './uploads.rules';

const uploadNotFound = () => new AppError('UPLOAD_NOT_FOUND', 'Upload not found');
const notFinished = () => new AppError('UPLOAD_NOT_FINISHED', 'This upload has not finished');
const urlUsed = () => new AppError('UPLOAD_URL_USED', 'This upload URL has already been used');
const busy = () => new AppError('UPLOAD_BUSY', 'Another part of this upload is still arriving; ask how much is stored, then continue', 'Upload Busy');

/** Refusals of a file's content: nothing of such a file is kept. */
const CONTENT_REFUSALS = new Set<ErrorCode>(['UPLOAD_UNSUPPORTED_TYPE', 'UPLOAD_TOO_LARGE']);

/** A pending upload this long past its expiry is swept (an upload that began just in time may still be streaming). */
const SWEEP_GRACE_MS = 60 * 60_000;

/**
 * Files users upload for a purpose (a BMI report, a proof). Other domains use three calls:
 * `createUpload` (→ the URL the client PUTs to), `requireFinished` (a fileUrl the client sends back →
 * the checked upload, or 403/404) and `openFile` (read it).
 */
@Injectable()
export class UploadsService {
  private readonly signingKey: Buffer;

  constructor(
    private readonly uploads: UploadsRepository,
    @Inject(UPLOAD_STORAGE) private readonly storage: UploadStorage,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly singleUse: SingleUseClaimsRepository,
  ) {
    this.signingKey = uploadSigningKey(config.jwtSecret);
  }

  /**
   * A new upload for `purpose` (limits from UPLOAD_PURPOSES, or `narrowed` within them: one format of
   * several) and the URL to PUT it to; resumable when this server receives the bytes. `size`:
   * announced by the client, refused up front if too big.
   */
  async createUpload(ownerId: string, purpose: UploadPurpose, size?: number, narrowed?: UploadLimits): Promise<UploadUrlResponse> {
    const limits = narrowed ?? UPLOAD_PURPOSES[purpose];
    if (size !== undefined && size > limits.maxBytes) throw fileTooLarge(limits);
    const expiresAt = new Date(Date.now() + UPLOAD_URL_TTL_MS);
    const upload = await this.uploads.create({ owner: ownerId, purpose, maxBytes: limits.maxBytes, allowedTypes: limits.allowedTypes, expiresAt });
    const id = upload._id.toString();
    const uploadURL = await this.storage.uploadUrl(id, signUpload(this.signingKey, id, expiresAt.getTime()), { maxBytes: limits.maxBytes, size });
    return { uploadURL, resumable: this.storage.receivesBytes };
  }

  /** PUT /api/uploads/:id: the raw body, streamed through the inspector to disk. */
  async receive(id: string, sig: string, req: Request): Promise<UploadReceipt> {
    const hangUp = watchHangUp(req);
    const { upload, disk } = await this.authorizeSignedUpload(id, sig);
    refuseParsedBody(req);
    if (Number(req.headers['content-length']) > upload.maxBytes) throw fileTooLarge(upload);
    await this.claimOnce(id, hangUp, urlUsed);
    const inspector = inspectAsItArrives(req, upload, hangUp);
    try {
      await disk.save(id, inspector);
    } catch (err) {
      stopReading(req, inspector);
      await this.releaseIfHungUp(id, hangUp);
      throw err;
    }
    return this.finish(upload, inspector.result());
  }

  /** POST /api/uploads/:id: the multipart variant (one form field `file`), same checks, same storage. */
  async receiveMultipart(id: string, sig: string, req: Request, res: Response): Promise<UploadReceipt> {
    const hangUp = watchHangUp(req);
    const { upload, disk } = await this.authorizeSignedUpload(id, sig);
    await this.claimOnce(id, hangUp, urlUsed);
    let inspected: InspectedFile | undefined;
    let fileSent = false;
    const engine: StorageEngine = {
      _handleFile: (_req, file, done) => {
        fileSent = true;
        // Multer stops parsing when the client hangs up, but an error of the file stream is not piped on.
        const inspector = inspectAsItArrives(file.stream, upload, hangUp);
        disk.save(id, inspector).then(
          () => {
            inspected = inspector.result();
            done(null, { size: inspected.size });
          },
          (err: Error) => {
            stopReading(file.stream, inspector);
            done(err);
          },
        );
      },
      _removeFile: (_req, _file, done) => void disk.remove(id).then(() => done(null), done),
    };
    // One byte over the limit reaches the inspector, which answers 413 before multer truncates.
    const parse = multer({ storage: engine, limits: { files: 1, fields: 0, fileSize: upload.maxBytes + 1 } }).single('file');
    try {
      await new Promise<void>((resolve, reject) => parse(req, res, (err: unknown) => (err ? reject(multipartError(err, upload)) : resolve())));
    } catch (err) {
      await (fileSent ? this.releaseIfHungUp(id, hangUp) : this.singleUse.release(`upload:${id}`));
      throw err;
    }
    if (!inspected) {
      // A form without the file sent nothing: like a hang-up, the URL takes the corrected retry.
      await this.singleUse.release(`upload:${id}`);
      throw new AppError('UPLOAD_MALFORMED', 'Send the file in a form field named "file"');
    }
    return this.finish(upload, inspected);
  }

  /**
   * PATCH /api/uploads/:id: one part of a resumable upload (`Content-Range`, exact `Content-Length`),
   * written after the first `first` bytes held. A part holds the URL only while it arrives; one cut
   * off keeps what arrived (GET tells how much). The last part has the whole file checked (type,
   * size, sha256) before it becomes the upload, which then takes no more bytes.
   */
  async receivePart(id: string, sig: string, contentRange: string | undefined, req: Request): Promise<UploadProgress> {
    const hangUp = watchHangUp(req);
    const { upload, disk } = await this.authorizeSignedUpload(id, sig);
    refuseParsedBody(req);
    const range = parseContentRange(contentRange);
    if (!range) throw new AppError('UPLOAD_MALFORMED', 'Send the part with Content-Range: bytes <first>-<last>/<total>');
    if (range.total > upload.maxBytes) throw fileTooLarge(upload);
    if (req.headers['content-length'] !== String(range.last - range.first + 1)) {
      throw new AppError('UPLOAD_MALFORMED', 'Send the part with a Content-Length equal to its Content-Range');
    }
    await this.claimOnce(id, hangUp, busy);
    try {
      const held = await disk.held(id);
      if (range.first > held) throw new AppError('UPLOAD_OFFSET_MISMATCH', `This upload holds ${held} bytes: continue from byte ${held}`, 'Upload Offset Mismatch');
      await disk.keepFirst(id, range.first);
      // The type is known from the first XML_SNIFF_BYTES at most (an XML root element): a part that holds them (or the whole file) is checked as it arrives.
      const typeCheck = range.first === 0 && (range.last + 1 >= XML_SNIFF_BYTES || range.last + 1 === range.total);
      await this.appendPart(upload, disk, typeCheck, req, hangUp);
      if (range.last + 1 < range.total) {
        await this.singleUse.release(`upload:${id}`);
        return { received: range.last + 1, finished: false, sha256: null };
      }
      const file = await this.inspectStored(upload, await disk.openPartial(id));
      await disk.commitPartial(id);
      await this.finish(upload, file);
      return { received: file.size, finished: true, sha256: file.sha256 };
    } catch (err) {
      // A refused file keeps nothing; anything else (a part cut off above all) keeps the prefix to resume from.
      if (err instanceof AppError && CONTENT_REFUSALS.has(err.code)) await disk.remove(id);
      await this.singleUse.release(`upload:${id}`);
      throw err;
    }
  }

  /** GET /api/uploads/:id: how much of a resumable upload is stored, so the client continues from there. */
  async progress(id: string, sig: string): Promise<UploadProgress> {
    const { upload, disk } = await this.authorizeSignature(id, sig);
    if (upload.status === 'finished') return { received: upload.size ?? 0, finished: true, sha256: upload.sha256 };
    return { received: await disk.held(id), finished: false, sha256: null };
  }

  /**
   * The upload a fileUrl names, if it is a URL this server issued for a finished upload of
   * `ownerId` for `purpose` (or one of several): 403 for any other URL or purpose, 404 for someone
   * else's or an unfinished upload.
   */
  async requireFinished(ownerId: string, fileUrl: string, purpose: UploadPurpose | readonly UploadPurpose[]): Promise<UploadRecord> {
    const id = uploadIdFromUrl(fileUrl, this.storage.issuedPrefixes);
    if (!id) throw new AppError('UPLOAD_FOREIGN_URL', 'Only files uploaded here can be used');
    const upload = await this.uploads.findById(id);
    if (!upload || upload.owner.toString() !== ownerId) throw uploadNotFound();
    if (!([] as string[]).concat(purpose).includes(upload.purpose)) throw new AppError('UPLOAD_WRONG_PURPOSE', 'This file was uploaded for something else');
    if (upload.status === 'finished') return upload;
    if (this.storage.receivesBytes) throw notFinished();
    return this.settleDirectUpload(upload);
  }

  /** A finished upload by id (for jobs that were handed the id by `requireFinished`'s caller). */
  async findFinished(id: string): Promise<UploadRecord> {
    const upload = await this.uploads.findById(id);
    if (upload?.status !== 'finished') throw uploadNotFound();
    return upload;
  }

  /** The stored bytes of an upload (or a range of them), as a stream. */
  openFile(upload: UploadRecord, range?: ByteRange): Promise<Readable> {
    return this.storage.open(upload._id.toString(), range);
  }

  /** Deletes an upload's stored bytes (retention clean-ups); the upload record stays, marked. */
  async removeFile(id: string): Promise<void> {
    await this.storage.remove(id);
    await this.uploads.markFileRemoved(id);
  }

  /** Which of these uploads have had their file removed, as id strings. */
  async removedAmong(ids: Id[]): Promise<Set<string>> {
    return new Set(await this.uploads.fileRemovedAmong(ids));
  }

  /** Finished uploads of these purposes, created before `cutoff`, whose bytes are still stored. */
  storedBefore(purposes: string[], cutoff: Date): Promise<string[]> {
    return this.uploads.storedBefore(purposes, cutoff);
  }

  @OnJob(JobName.UploadsSweep)
  sweepScheduled(): Promise<number> {
    return this.sweepExpired();
  }

  /** Deletes pending uploads (and any bytes) well past their expiry. Returns how many. */
  async sweepExpired(now = new Date()): Promise<number> {
    const expired = await this.uploads.pendingExpiredBefore(new Date(now.getTime() - SWEEP_GRACE_MS));
    for (const id of expired) {
      await this.storage.remove(id);
      await this.uploads.deletePending(id);
    }
    return expired.length;
  }

  /** The upload a disk-driver URL names, if its signature is valid and unexpired. */
  private async authorizeSignature(id: string, sig: string): Promise<{ upload: UploadRecord; disk: DiskStorage }> {
    const check = checkUploadSignature(this.signingKey, id, sig, Date.now());
    if (check !== 'valid') throw check === 'expired' ? new AppError('UPLOAD_URL_EXPIRED', 'This upload URL has expired') : new AppError('UPLOAD_URL_INVALID', 'Invalid upload URL');
    if (!(this.storage instanceof DiskStorage)) throw new AppError('UPLOAD_NOT_FOUND', 'Uploads go straight to storage');
    const upload = await this.uploads.findById(id);
    if (!upload) throw uploadNotFound();
    return { upload, disk: this.storage };
  }

  /** As `authorizeSignature`, for a URL that is to take bytes: refused once its upload finished. */
  private async authorizeSignedUpload(id: string, sig: string): Promise<{ upload: UploadRecord; disk: DiskStorage }> {
    const signed = await this.authorizeSignature(id, sig);
    if (signed.upload.status !== 'pending') throw urlUsed();
    return signed;
  }

  /**
   * A signed URL takes one writer at a time: the first to claim it, unless that client is already
   * gone; `taken` is the answer to the others.
   */
  private async claimOnce(id: string, hangUp: AbortSignal, taken: () => AppError): Promise<void> {
    hangUp.throwIfAborted();
    if (!(await this.singleUse.claim(`upload:${id}`))) throw taken();
    await this.releaseIfHungUp(id, hangUp);
    hangUp.throwIfAborted();
  }

  /** A client that hung up sent no file: its claim is given back, so the URL takes a retry. */
  private async releaseIfHungUp(id: string, hangUp: AbortSignal): Promise<void> {
    if (hangUp.aborted) await this.singleUse.release(`upload:${id}`);
  }

  private async finish(upload: UploadRecord, file: InspectedFile): Promise<UploadReceipt> {
    await this.uploads.markFinished(upload._id, file);
    return { id: upload._id.toString(), ...file };
  }

  /** Writes a part after what is held; with `typeCheck` through the inspector, which refuses a wrong type before the rest is sent. */
  private async appendPart(upload: UploadRecord, disk: DiskStorage, typeCheck: boolean, req: Request, hangUp: AbortSignal): Promise<void> {
    if (!typeCheck) return disk.append(upload._id.toString(), req);
    const inspector = inspectAsItArrives(req, upload, hangUp);
    try {
      await disk.append(upload._id.toString(), inspector);
    } catch (err) {
      stopReading(req, inspector);
      throw err;
    }
  }

  /** A whole stored file through the inspector: its size, type and sha256, or its refusal. */
  private async inspectStored(upload: UploadRecord, file: Readable): Promise<InspectedFile> {
    const inspector = new UploadInspector(upload);
    await pipeline(file, inspector, new Writable({ write: (_chunk, _encoding, done) => done() }));
    return inspector.result();
  }

  /** S3: the client sent the bytes elsewhere; sealed, then checked once, on first use. */
  private async settleDirectUpload(upload: UploadRecord): Promise<UploadRecord> {
    const id = upload._id.toString();
    if (!(await this.singleUse.claim(`upload:${id}`))) return this.findFinished(id);
    try {
      await this.storage.seal(id);
    } catch {
      // Nothing has arrived yet: the claim waits for the file.
      await this.singleUse.release(`upload:${id}`);
      throw notFinished();
    }
    let file: InspectedFile;
    try {
      file = await this.inspectStored(upload, await this.storage.open(id));
    } catch (err) {
      await this.storage.remove(id);
      throw err;
    }
    await this.finish(upload, file);
    return this.findFinished(id);
  }
}

/**
 * Aborts once the client hangs up before the end of its body. Set up before the first await: by
 * the time the URL has been checked, a client that left in the first milliseconds has already
 * closed, and a 'close' listener added then never fires (the file stayed open, 3 times of 3).
 * `finished` also reports a request that closed before it was called.
 */
function watchHangUp(req: Request): AbortSignal {
  const controller = new AbortController();
  finished(req, (err) => {
    if (err && !req.complete) controller.abort(new AppError('UPLOAD_INTERRUPTED', 'The upload was interrupted before its end'));
  });
  return controller.signal;
}

/** `source` piped into a new inspector that fails once the client hangs up: pipe() does not pass that on, and the write must fail. */
function inspectAsItArrives(source: Readable, upload: UploadRecord, hangUp: AbortSignal): UploadInspector {
  const inspector = new UploadInspector(upload);
  hangUp.addEventListener('abort', () => inspector.destroy(hangUp.reason as Error));
  source.pipe(inspector);
  return inspector;
}

/** Express's JSON and form parsers run before any route and would have consumed such a body. */
function refuseParsedBody(req: Request): void {
  if ((req as { _body?: boolean })._body) {
    throw new AppError('UPLOAD_UNSUPPORTED_TYPE', "Send the file's bytes with its own Content-Type (e.g. application/pdf), not JSON or a form", 'Unsupported File Type');
  }
}

/** After a refusal mid-body: detach from the request and let the rest drain so the answer reaches the client. */
function stopReading(source: Readable, inspector: UploadInspector): void {
  source.unpipe(inspector);
  source.resume();
}

function multipartError(err: unknown, upload: UploadRecord): unknown {
  if (err instanceof AppError) return err;
  if (err instanceof MulterError) return err.code === 'LIMIT_FILE_SIZE' ? fileTooLarge(upload) : new AppError('UPLOAD_MALFORMED', err.message);
  // Busboy's parse errors carry no errno code; file-system errors (disk full) do and stay 5xx.
  if (err instanceof Error && !(err as NodeJS.ErrnoException).code) return new AppError('UPLOAD_MALFORMED', `Malformed multipart body: ${err.message}`);
  return err;
}
