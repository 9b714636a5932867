import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';

import { Id, toObjectId } from '../database/object-id';
import { ProofMedia } from './proof-day.schema';

/** The one owner of the `proof_media` collection: each proof file's sha256, used once, ever. */
@Injectable()
export class ProofMediaRepository {
  constructor(@InjectModel(ProofMedia.name) private readonly media: Model<ProofMedia>) {}

  /** `_id` (a list of sha256s): was any of these files used already? */
  async anyUsed(sha256s: string[]): Promise<boolean> {
    return (await this.media.exists({ _id: { $in: sha256s } })) !== null;
  }

  /** Insert on `_id` (the sha256): a file used before fails with a duplicate-key error. */
  async claim(sha256: string, owner: { userId: Id; uploadId: Id; proofDayId: Id }): Promise<void> {
    await this.media.create({
      _id: sha256,
      userId: toObjectId(owner.userId),
      uploadId: toObjectId(owner.uploadId),
      proofDayId: toObjectId(owner.proofDayId),
    });
  }

  /** `proofDayId`: releases the files one proof day claimed. */
  async releaseDay(proofDayId: Id): Promise<void> {
    await this.media.deleteMany({ proofDayId: toObjectId(proofDayId) });
  }
}
