import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Request, Response } from 'express';
import { Model, Types } from 'mongoose';
import multer, { MulterError, StorageEngine } from 'multer';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError, badRequest, forbidden, notFound } from '../common/errors';
import { SingleUseService } from '../common/single-use';
import { APP_CONFIG, AppConfig } from '../config/config';
import { UPLOAD_PURPOSES, UploadPurpose, UploadReceipt } from '../contract';
import { JobName } from '../queue/job-registry';
import { OnJob } from '../queue/on-job.decorator';
import { DiskStorage } from './storage/disk.storage';
import { UPLOAD_STORAGE, UploadStorage } from './storage/upload-storage';
import { InspectedFile, UploadInspector, fileTooLarge } from './upload-inspector';
import { Upload, UploadDocument } from './upload.schema';
import {
  UPLOAD_URL_TTL_MS,
  checkUploadSignature,
  signUpload,
  uploadIdFromUrl,
  uploadSigningKey,
} from './uploads.rules';

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
    @InjectModel(Upload.name) private readonly uploads: Model<Upload>,
    @Inject(UPLOAD_STORAGE) private readonly storage: UploadStorage,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly singleUse: SingleUseService,
  ) {
    this.signingKey = uploadSigningKey(config.jwtSecret);
  }

  /** A new upload for `purpose` (limits from UPLOAD_PURPOSES) and the URL to PUT it to. `size`: announced by the client, refused up front if too big. */
  async createUpload(ownerId: string, purpose: UploadPurpose, size?: number): Promise<{ id: string; uploadURL: string }> {
    const limits = UPLOAD_PURPOSES[purpose];
    if (size !== undefined && size > limits.maxBytes) throw fileTooLarge(limits);
    const expiresAt = new Date(Date.now() + UPLOAD_URL_TTL_MS);
    const upload = await this.uploads.create({
      owner: new Types.ObjectId(ownerId),
      purpose,
      maxBytes: limits.maxBytes,
      allowedTypes: limits.allowedTypes,
      expiresAt,
    });
    const id = upload.id as string;
    const uploadURL = await this.storage.uploadUrl(id, signUpload(this.signingKey, id, expiresAt.getTime()), { maxBytes: limits.maxBytes, size });
    return { id, uploadURL };
  }

  /** PUT /api/uploads/:id: the raw body, streamed through the inspector to disk. */
  async receive(id: string, sig: string, req: Request): Promise<UploadReceipt> {
    const { upload, disk } = await this.authorizeSignedUpload(id, sig);
    // Express's JSON and form parsers run before any route and would have consumed such a body.
    if ((req as { _body?: boolean })._body) {
      throw new AppError(415, "Send the file's bytes with its own Content-Type (e.g. application/pdf), not JSON or a form", 'Unsupported File Type');
    }
    if (Number(req.headers['content-length']) > upload.maxBytes) throw fileTooLarge(upload);
    await this.claimOnce(id);
    const inspector = new UploadInspector(upload);
    req.pipe(inspector);
    // pipe() does not pass on a client hanging up mid-body: fail the write so the partial file goes.
    req.once('close', () => req.complete || inspector.destroy(badRequest('The upload was interrupted before its end')));
    try {
      await disk.save(id, inspector);
    } catch (err) {
      stopReading(req, inspector);
      throw err;
    }
    return this.finish(upload, inspector.result());
  }

  /** POST /api/uploads/:id: the multipart variant (one form field `file`), same checks, same storage. */
  async receiveMultipart(id: string, sig: string, req: Request, res: Response): Promise<UploadReceipt> {
    const { upload, disk } = await this.authorizeSignedUpload(id, sig);
    await this.claimOnce(id);
    let inspected: InspectedFile | undefined;
    const engine: StorageEngine = {
      _handleFile: (_req, file, done) => {
        const inspector = new UploadInspector(upload);
        file.stream.pipe(inspector);
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
    await new Promise<void>((resolve, reject) => parse(req, res, (err: unknown) => (err ? reject(multipartError(err, upload)) : resolve())));
    if (!inspected) throw badRequest('Send the file in a form field named "file"');
    return this.finish(upload, inspected);
  }

  /**
   * The upload a fileUrl names, if it is a URL this server issued for a finished upload of
   * `ownerId` for `purpose`: 403 for any other URL or purpose, 404 for someone else's or an unfinished upload.
   */
  async requireFinished(ownerId: string, fileUrl: string, purpose: UploadPurpose): Promise<UploadDocument> {
    const id = uploadIdFromUrl(fileUrl, this.storage.issuedPrefixes);
    if (!id) throw forbidden('Only files uploaded here can be used');
    const upload = await this.uploads.findById(id);
    if (!upload || upload.owner.toString() !== ownerId) throw notFound('Upload not found');
    if (upload.purpose !== purpose) throw forbidden('This file was uploaded for something else');
    if (upload.status === 'finished') return upload;
    if (this.storage.receivesBytes) throw notFound('This upload has not finished');
    return this.settleDirectUpload(upload);
  }

  /** A finished upload by id (for jobs that were handed the id by `requireFinished`'s caller). */
  async findFinished(id: string): Promise<UploadDocument> {
    const upload = await this.uploads.findById(id);
    if (upload?.status !== 'finished') throw notFound('Upload not found');
    return upload;
  }

  /** The stored bytes of an upload, as a stream. */
  openFile(upload: UploadDocument): Promise<Readable> {
    return this.storage.open(upload.id as string);
  }

  /** Deletes an upload's stored bytes (retention clean-ups); the upload record stays, marked. */
  async removeFile(id: string): Promise<void> {
    await this.storage.remove(id);
    await this.uploads.updateOne({ _id: id }, { $set: { fileRemovedAt: new Date() } });
  }

  /** Which of these uploads have had their file removed, as id strings. */
  async removedAmong(ids: Types.ObjectId[]): Promise<Set<string>> {
    const rows = await this.uploads.find({ _id: { $in: ids }, fileRemovedAt: { $ne: null } }, { _id: 1 }).lean();
    return new Set(rows.map((row) => row._id.toString()));
  }

  /** Finished uploads of these purposes, created before `cutoff`, whose bytes are still stored. */
  async storedBefore(purposes: string[], cutoff: Date): Promise<string[]> {
    const rows = await this.uploads.find({ purpose: { $in: purposes }, status: 'finished', fileRemovedAt: null, createdAt: { $lt: cutoff } }, { _id: 1 }).lean();
    return rows.map((row) => row._id.toString());
  }

  /** Deletes pending uploads (and any bytes) well past their expiry. Returns how many. */
  @OnJob(JobName.UploadsSweep)
  sweepScheduled(): Promise<number> {
    return this.sweepExpired();
  }

  async sweepExpired(now = new Date()): Promise<number> {
    const expired = await this.uploads.find({ status: 'pending', expiresAt: { $lt: new Date(now.getTime() - SWEEP_GRACE_MS) } }, { _id: 1 }).lean();
    for (const { _id } of expired) {
      await this.storage.remove(_id.toString());
      await this.uploads.deleteOne({ _id, status: 'pending' });
    }
    return expired.length;
  }

  private async authorizeSignedUpload(id: string, sig: string): Promise<{ upload: UploadDocument; disk: DiskStorage }> {
    const check = checkUploadSignature(this.signingKey, id, sig, Date.now());
    if (check !== 'valid') throw forbidden(check === 'expired' ? 'This upload URL has expired' : 'Invalid upload URL');
    if (!(this.storage instanceof DiskStorage)) throw notFound('Uploads go straight to storage');
    const upload = await this.uploads.findById(id);
    if (!upload) throw notFound('Upload not found');
    if (upload.status !== 'pending') throw forbidden('This upload URL has already been used');
    return { upload, disk: this.storage };
  }

  /** A signed URL takes one upload: the first to claim it. */
  private async claimOnce(id: string): Promise<void> {
    if (!(await this.singleUse.claim(`upload:${id}`))) throw forbidden('This upload URL has already been used');
  }

  private async finish(upload: UploadDocument, file: InspectedFile): Promise<UploadReceipt> {
    await this.uploads.updateOne({ _id: upload._id }, { $set: { status: 'finished', ...file } });
    return { id: upload.id as string, ...file };
  }

  /** S3: the client sent the bytes elsewhere; check them once, on first use. */
  private async settleDirectUpload(upload: UploadDocument): Promise<UploadDocument> {
    const id = upload.id as string;
    const source = await this.storage.open(id).catch(() => {
      throw notFound('This upload has not finished');
    });
    if (!(await this.singleUse.claim(`upload:${id}`))) {
      source.destroy();
      return this.findFinished(id);
    }
    const inspector = new UploadInspector(upload);
    try {
      await pipeline(source, inspector, new Writable({ write: (_chunk, _encoding, done) => done() }));
    } catch (err) {
      await this.storage.remove(id);
      throw err;
    }
    await this.finish(upload, inspector.result());
    return this.findFinished(id);
  }
}

/** After a refusal mid-body: detach from the request and let the rest drain so the answer reaches the client. */
function stopReading(source: Readable, inspector: UploadInspector): void {
  source.unpipe(inspector);
  source.resume();
}

function multipartError(err: unknown, upload: UploadDocument): unknown {
  if (err instanceof AppError) return err;
  if (err instanceof MulterError) return err.code === 'LIMIT_FILE_SIZE' ? fileTooLarge(upload) : badRequest(err.message);
  // Busboy's parse errors carry no errno code; file-system errors (disk full) do and stay 5xx.
  if (err instanceof Error && !(err as NodeJS.ErrnoException).code) return badRequest(`Malformed multipart body: ${err.message}`);
  return err;
}
