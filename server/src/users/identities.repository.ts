import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';

import { Id, toObjectId } from '../database/object-id';
import { Identity } from './identity.schema';

/** The one owner of the `identities` collection (sign-in identity → account). */
@Injectable()
export class IdentitiesRepository {
  constructor(@InjectModel(Identity.name) private readonly identities: Model<Identity>) {}

  /** `_id` (the identity key): the account's id, or null. */
  async findUserId(key: string): Promise<string | null> {
    const identity = await this.identities.findById(key, { userId: 1 }).lean().exec();
    return identity ? identity.userId.toString() : null;
  }

  /** Insert on `_id`: a key already linked fails with a duplicate-key error (one identity, one account). */
  async create(key: string, userId: Id): Promise<void> {
    await this.identities.create({ _id: key, userId: toObjectId(userId) });
  }
}
