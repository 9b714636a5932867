import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer, { StorageEngine } from 'multer';

import { AppError } from '../common/errors';
import { SingleUseClaimsRepository } from '../common/single-use';
import { ErrorCode, UploadProgress, UploadReceipt } from '../contract';
import { DiskStorage } from './storage/disk.storage';
import { UPLOAD_STORAGE, UploadStorage } from './storage/upload-storage';
import { fileTooLarge, InspectedFile, inspectStored, requireAnnouncedSize } from './upload-inspector';
import { inspectAsItArrives, multipartError, refuseParsedBody, stopReading, watchHangUp } from './upload-request';
import { UploadUrlSigner } from './upload-url-signer';
import { UploadRecord, UploadsRepository } from './uploads.repository';
import { parseContentRange, uploadClaimKey, XML_SNIFF_BYTES } from './uploads.rules';
import { uploadNotFound } from './uploads.service';

const urlUsed = () => new AppError('UPLOAD_URL_USED', 'This upload URL has already been used');
const busy = () =>
  new AppError(
    'UPLOAD_BUSY',
    'Another part of this upload is still arriving; ask how much is stored, then continue',
    'Upload Busy',
  );

/** Refusals of a file's content: nothing of such a file is kept. */
const CONTENT_REFUSALS = new Set<ErrorCode>(['UPLOAD_UNSUPPORTED_TYPE', 'UPLOAD_TOO_LARGE']);

/**
 * The bytes of an upload, received by this server (the disk driver's signed URLs): in one shot (PUT
 * body or a form) or in parts that survive a dropped connection (PATCH); and, for either driver,
 * GET for how much is held.
 * Each is streamed through the inspector as it arrives, so a wrong type or size is refused mid-body.
 */
@Injectable()
export class UploadReceiver {
  constructor(
    private readonly signer: UploadUrlSigner,
    private readonly uploads: UploadsRepository,
    @Inject(UPLOAD_STORAGE) private readonly storage: UploadStorage,
    private readonly singleUse: SingleUseClaimsRepository,
  ) {}

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
    const parse = multer({ storage: engine, limits: { files: 1, fields: 0, fileSize: upload.maxBytes + 1 } }).single(
      'file',
    );
    try {
      await new Promise<void>((resolve, reject) =>
        parse(req, res, (err: unknown) => (err ? reject(multipartError(err, upload)) : resolve())),
      );
    } catch (err) {
      await (fileSent ? this.releaseIfHungUp(id, hangUp) : this.singleUse.release(uploadClaimKey(id)));
      throw err;
    }
    if (!inspected) {
      // A form without the file sent nothing: like a hang-up, the URL takes the corrected retry.
      await this.singleUse.release(uploadClaimKey(id));
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
    if (!range)
      throw new AppError('UPLOAD_MALFORMED', 'Send the part with Content-Range: bytes <first>-<last>/<total>');
    if (range.total > upload.maxBytes) throw fileTooLarge(upload);
    if (req.headers['content-length'] !== String(range.last - range.first + 1)) {
      throw new AppError('UPLOAD_MALFORMED', 'Send the part with a Content-Length equal to its Content-Range');
    }
    await this.claimOnce(id, hangUp, busy);
    try {
      const held = await disk.held(id);
      if (range.first > held)
        throw new AppError(
          'UPLOAD_OFFSET_MISMATCH',
          `This upload holds ${held} bytes: continue from byte ${held}`,
          'Upload Offset Mismatch',
        );
      await disk.keepFirst(id, range.first);
      // The type is known from the first XML_SNIFF_BYTES at most (an XML root element): a part that holds them (or the whole file) is checked as it arrives.
      const typeCheck = range.first === 0 && (range.last + 1 >= XML_SNIFF_BYTES || range.last + 1 === range.total);
      await this.appendPart(upload, disk, typeCheck, req, hangUp);
      if (range.last + 1 < range.total) {
        await this.singleUse.release(uploadClaimKey(id));
        return { received: range.last + 1, finished: false, sha256: null };
      }
      const file = await inspectStored(await disk.openPartial(id), upload);
      await disk.commitPartial(id);
      await this.finish(upload, file);
      return { received: file.size, finished: true, sha256: file.sha256 };
    } catch (err) {
      // A refused file keeps nothing; anything else (a part cut off above all) keeps the prefix to resume from.
      if (err instanceof AppError && CONTENT_REFUSALS.has(err.code)) await disk.remove(id);
      await this.singleUse.release(uploadClaimKey(id));
      throw err;
    }
  }

  /** GET /api/uploads/:id: how much of an upload is stored (here or in the store), so the client continues from there. */
  async progress(id: string, sig: string): Promise<UploadProgress> {
    const upload = await this.authorizeSignature(id, sig);
    if (upload.status === 'finished') return { received: upload.size ?? 0, finished: true, sha256: upload.sha256 };
    return { received: await this.storage.held(id), finished: false, sha256: null };
  }

  /** The upload a URL names, if its signature is valid and unexpired. */
  private async authorizeSignature(id: string, sig: string): Promise<UploadRecord> {
    const check = this.signer.check(id, sig);
    if (check !== 'valid')
      throw check === 'expired'
        ? new AppError('UPLOAD_URL_EXPIRED', 'This upload URL has expired')
        : new AppError('UPLOAD_URL_INVALID', 'Invalid upload URL');
    const upload = await this.uploads.findById(id);
    if (!upload) throw uploadNotFound();
    return upload;
  }

  /** As `authorizeSignature`, for a URL that is to take bytes: the disk driver's, refused once its upload finished. */
  private async authorizeSignedUpload(id: string, sig: string): Promise<{ upload: UploadRecord; disk: DiskStorage }> {
    const upload = await this.authorizeSignature(id, sig);
    if (!(this.storage instanceof DiskStorage))
      throw new AppError('UPLOAD_NOT_FOUND', 'Uploads go straight to storage');
    if (upload.status !== 'pending') throw urlUsed();
    return { upload, disk: this.storage };
  }

  /**
   * A signed URL takes one writer at a time: the first to claim it, unless that client is already
   * gone; `taken` is the answer to the others.
   */
  private async claimOnce(id: string, hangUp: AbortSignal, taken: () => AppError): Promise<void> {
    hangUp.throwIfAborted();
    if (!(await this.singleUse.claim(uploadClaimKey(id)))) throw taken();
    await this.releaseIfHungUp(id, hangUp);
    hangUp.throwIfAborted();
  }

  /** A client that hung up sent no file: its claim is given back, so the URL takes a retry. */
  private async releaseIfHungUp(id: string, hangUp: AbortSignal): Promise<void> {
    if (hangUp.aborted) await this.singleUse.release(uploadClaimKey(id));
  }

  private async finish(upload: UploadRecord, file: InspectedFile): Promise<UploadReceipt> {
    try {
      requireAnnouncedSize(upload, file);
    } catch (err) {
      // Nothing of it is kept, and the URL takes the right file.
      await this.storage.remove(upload.id);
      await this.singleUse.release(uploadClaimKey(upload.id));
      throw err;
    }
    await this.uploads.markFinished(upload.id, file);
    return { id: upload.id, ...file };
  }

  /** Writes a part after what is held; with `typeCheck` through the inspector, which refuses a wrong type before the rest is sent. */
  private async appendPart(
    upload: UploadRecord,
    disk: DiskStorage,
    typeCheck: boolean,
    req: Request,
    hangUp: AbortSignal,
  ): Promise<void> {
    if (!typeCheck) return disk.append(upload.id, req);
    const inspector = inspectAsItArrives(req, upload, hangUp);
    try {
      await disk.append(upload.id, inspector);
    } catch (err) {
      stopReading(req, inspector);
      throw err;
    }
  }
}
