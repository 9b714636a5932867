import type { Readable } from 'node:stream';

import { Inject, Injectable } from '@nestjs/common';

import { AppError } from '../common/errors';
import { SingleUseClaimsRepository } from '../common/single-use';
import { UPLOAD_PURPOSES, UploadLimits, UploadPurpose, UploadUrlResponse } from '../contract';
import { Id } from '../database/object-id';
import { ByteRange, UPLOAD_STORAGE, uploadSizeRequired, UploadStorage } from './storage/upload-storage';
import { fileTooLarge, InspectedFile, inspectStored, requireAnnouncedSize } from './upload-inspector';
import { UploadUrlSigner } from './upload-url-signer';
import { UploadRecord, UploadsRepository } from './uploads.repository';
import { uploadClaimKey, uploadIdFromUrl } from './uploads.rules';

export const uploadNotFound = () => new AppError('UPLOAD_NOT_FOUND', 'Upload not found');
const notFinished = () => new AppError('UPLOAD_NOT_FINISHED', 'This upload has not finished');

/**
 * Files users upload for a purpose (a BMI report, a proof). Other domains use three calls:
 * `createUpload` (→ the URL the client PUTs to), `requireFinished` (a fileUrl the client sends back →
 * the checked upload, or 403/404) and `openFile` (read it). The bytes themselves arrive through
 * UploadReceiver (disk driver) or straight in the store (S3, checked here on first use).
 */
@Injectable()
export class UploadsService {
  constructor(
    private readonly uploads: UploadsRepository,
    @Inject(UPLOAD_STORAGE) private readonly storage: UploadStorage,
    private readonly signer: UploadUrlSigner,
    private readonly singleUse: SingleUseClaimsRepository,
  ) {}

  /**
   * A new upload for `purpose` (limits from UPLOAD_PURPOSES, or `narrowed` within them: one format of
   * several), its URL and, when the bytes go straight to the store, the part URLs. `size`: announced
   * by the client, refused up front if too big, and required by a driver that signs it (refused
   * before any record is made); once announced it is the upload's limit, and the stored file must be
   * exactly that size.
   */
  async createUpload(
    ownerId: string,
    purpose: UploadPurpose,
    size?: number,
    narrowed?: UploadLimits,
  ): Promise<UploadUrlResponse> {
    const limits = narrowed ?? UPLOAD_PURPOSES[purpose];
    if (size === undefined && this.storage.needsSize) throw uploadSizeRequired();
    if (size !== undefined && size > limits.maxBytes) throw fileTooLarge(limits);
    const expiresAt = this.signer.expiryOfNew();
    const upload = await this.uploads.create({
      owner: ownerId,
      purpose,
      maxBytes: size ?? limits.maxBytes,
      announcedSize: size ?? null,
      allowedTypes: limits.allowedTypes,
      expiresAt,
    });
    const id = upload.id;
    const parts = await this.storage.begin(id, size);
    return { uploadURL: this.signer.url(id, expiresAt), ...(parts && { parts }) };
  }

  /**
   * The upload a fileUrl names, if it is a URL this server issued for a finished upload of
   * `ownerId` for `purpose` (or one of several): 403 for any other URL or purpose, 404 for someone
   * else's or an unfinished upload.
   */
  async requireFinished(
    ownerId: string,
    fileUrl: string,
    purpose: UploadPurpose | readonly UploadPurpose[],
  ): Promise<UploadRecord> {
    const id = uploadIdFromUrl(fileUrl, [this.signer.issuedPrefix]);
    if (!id) throw new AppError('UPLOAD_FOREIGN_URL', 'Only files uploaded here can be used');
    const upload = await this.uploads.findById(id);
    if (!upload || upload.owner.toString() !== ownerId) throw uploadNotFound();
    if (!([] as string[]).concat(purpose).includes(upload.purpose))
      throw new AppError('UPLOAD_WRONG_PURPOSE', 'This file was uploaded for something else');
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
    return this.storage.open(upload.id, range);
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

  /** S3: the client sent the bytes elsewhere; sealed once all it announced is there, then checked once, on first use. */
  private async settleDirectUpload(upload: UploadRecord): Promise<UploadRecord> {
    const id = upload.id;
    if (!(await this.singleUse.claim(uploadClaimKey(id)))) return this.findFinished(id);
    try {
      await this.storage.seal(id, upload.announcedSize ?? upload.maxBytes);
    } catch {
      // Nothing has arrived yet: the claim waits for the file.
      await this.singleUse.release(uploadClaimKey(id));
      throw notFinished();
    }
    let file: InspectedFile;
    try {
      file = await inspectStored(await this.storage.open(id), upload);
      requireAnnouncedSize(upload, file);
    } catch (err) {
      await this.storage.remove(id);
      throw err;
    }
    await this.uploads.markFinished(upload.id, file);
    return this.findFinished(id);
  }
}
