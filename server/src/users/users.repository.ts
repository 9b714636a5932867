import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';

import { FALLBACK_TIME_ZONE } from '../contract';
import { Id, isObjectId, toObjectId, toView, View } from '../database/object-id';
import { User } from './user.schema';

/** A user as it leaves this repository: a plain view with string ids (never a Mongoose document). */
export type UserRecord = View<User & { _id: Types.ObjectId }>;

export interface NewUser {
  username: string;
  walletAddress: string | null;
  twitterId: string | null;
  twitterHandle: string | null;
  referredBy: Id | null;
}

/**
 * The users collection's documents (create, read, delete) and the fields the users module writes:
 * username and sign-in identities. Other fields have writers of their own (docs/architecture.md, Data owners).
 */
@Injectable()
export class UsersRepository {
  constructor(@InjectModel(User.name) private readonly users: Model<User>) {}

  /** `_id`. Null for an unknown or malformed id. */
  async findById(id: Id): Promise<UserRecord | null> {
    if (!isObjectId(id)) return null;
    const user = await this.users.findById(toObjectId(id)).lean<User & { _id: Types.ObjectId }>().exec();
    return user && toView(user);
  }

  /** `_id`: the IANA zone the user's days are counted in, or null for an unknown user. */
  async findTimeZone(id: Id): Promise<string | null> {
    if (!isObjectId(id)) return null;
    const user = await this.users.findById(toObjectId(id), { timeZone: 1 }).lean().exec();
    return user ? (user.timeZone ?? FALLBACK_TIME_ZONE) : null;
  }

  /** Unique `username`. */
  async findIdByUsername(username: string): Promise<string | null> {
    const user = await this.users.findOne({ username }, { _id: 1 }).lean().exec();
    return user ? user._id.toString() : null;
  }

  /** Insert with the schema's defaults; a taken username fails with a duplicate-key error. */
  async create(user: NewUser): Promise<UserRecord> {
    const created = await this.users.create({
      ...user,
      referredBy: user.referredBy === null ? null : toObjectId(user.referredBy),
    });
    return toView(created.toObject<User & { _id: Types.ObjectId }>());
  }

  /** `_id`. */
  async delete(id: Id): Promise<void> {
    await this.users.deleteOne({ _id: toObjectId(id) });
  }

  /** `_id`: the sign-in identities shown on the profile (a linked wallet). */
  async setIdentityFields(
    id: Id,
    fields: Partial<Pick<User, 'walletAddress' | 'twitterId' | 'twitterHandle'>>,
  ): Promise<void> {
    await this.users.updateOne({ _id: toObjectId(id) }, { $set: fields });
  }

  /** A full pass sorted in memory (no index on createdAt), for the operator's `users:list`. */
  async listOldestFirst(limit: number): Promise<Array<Pick<UserRecord, 'id' | 'username' | 'sweatCredits'>>> {
    const users = await this.users
      .find({}, { username: 1, sweatCredits: 1 })
      .sort({ createdAt: 1, _id: 1 })
      .limit(limit)
      .lean()
      .exec();
    return users.map(toView);
  }
}
