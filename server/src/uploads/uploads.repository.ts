import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';

import type { UploadMime } from '../contract';
import { Id, isObjectId, toObjectId, toView, View } from '../database/object-id';
import { Upload } from './upload.schema';
import type { InspectedFile } from './upload-inspector';

type StoredUpload = Upload & { _id: Types.ObjectId };
export type UploadRecord = View<StoredUpload>;

export type NewUpload = Pick<Upload, 'purpose' | 'maxBytes' | 'announcedSize' | 'expiresAt'> & {
  owner: Id;
  allowedTypes: readonly UploadMime[];
};

/** The one owner of the `uploads` collection. */
@Injectable()
export class UploadsRepository {
  constructor(@InjectModel(Upload.name) private readonly uploads: Model<Upload>) {}

  /** Insert with the schema's defaults (pending, nothing stored yet). */
  async create({ owner, allowedTypes, ...upload }: NewUpload): Promise<UploadRecord> {
    return toView(
      (
        await this.uploads.create({ ...upload, allowedTypes: [...allowedTypes], owner: toObjectId(owner) })
      ).toObject<StoredUpload>(),
    );
  }

  /** `_id`. Null for an unknown or malformed id. */
  async findById(id: Id): Promise<UploadRecord | null> {
    if (!isObjectId(id)) return null;
    const upload = await this.uploads.findById(toObjectId(id)).lean<StoredUpload>().exec();
    return upload && toView(upload);
  }

  /** `_id`: the stored file's inspected size, type and sha256. */
  async markFinished(id: Id, file: InspectedFile): Promise<void> {
    await this.uploads.updateOne({ _id: toObjectId(id) }, { $set: { status: 'finished', ...file } });
  }

  /** `_id`: the stored bytes were deleted; the record stays. */
  async markFileRemoved(id: Id): Promise<void> {
    await this.uploads.updateOne({ _id: toObjectId(id) }, { $set: { fileRemovedAt: new Date() } });
  }

  /** `_id` (a list): which of these uploads have had their file removed. */
  async fileRemovedAmong(ids: Id[]): Promise<string[]> {
    const rows = await this.uploads
      .find({ _id: { $in: ids.map(toObjectId) }, fileRemovedAt: { $ne: null } }, { _id: 1 })
      .lean()
      .exec();
    return rows.map((row) => row._id.toString());
  }

  /** `(status, fileRemovedAt, createdAt)`: finished uploads of these purposes made before `cutoff` whose bytes are still stored. */
  async storedBefore(purposes: string[], cutoff: Date): Promise<string[]> {
    const rows = await this.uploads
      .find(
        { status: 'finished', fileRemovedAt: null, createdAt: { $lt: cutoff }, purpose: { $in: purposes } },
        { _id: 1 },
      )
      .lean()
      .exec();
    return rows.map((row) => row._id.toString());
  }

  /** `(status, expiresAt)`: pending uploads whose URL expired before `before`. */
  async pendingExpiredBefore(before: Date): Promise<string[]> {
    const rows = await this.uploads
      .find({ status: 'pending', expiresAt: { $lt: before } }, { _id: 1 })
      .lean()
      .exec();
    return rows.map((row) => row._id.toString());
  }

  /** `_id`, if still pending (one that finished meanwhile stays). */
  async deletePending(id: Id): Promise<void> {
    await this.uploads.deleteOne({ _id: toObjectId(id), status: 'pending' });
  }
}
