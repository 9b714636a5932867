import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';

import { AuthChallenge, ChallengePurpose, LoginCode } from './challenge.schema';

/**
 * Short-lived records keyed by `_id` that carry an `expiresAt`: the local store has no TTL
 * indexes, so an expired one is refused when read and swept by the code that issues new ones.
 */
abstract class ExpiringRecords<T extends { _id: string; expiresAt: Date }> {
  constructor(private readonly records: Model<T>) {}

  /** Insert on `_id`. */
  async create(record: T): Promise<void> {
    await this.records.create(record);
  }

  /** `_id`. */
  async delete(id: string): Promise<void> {
    await this.records.deleteOne({ _id: id });
  }

  /** `expiresAt`. */
  async deleteExpired(now: Date): Promise<void> {
    await this.records.deleteMany({ expiresAt: { $lt: now } });
  }

  /** `_id`, with more conditions: the record, unless it expired. */
  protected findUnexpired(id: string, conditions: Partial<T>, now: Date): Promise<T | null> {
    return this.records
      .findOne({ ...conditions, _id: id, expiresAt: { $gt: now } })
      .lean<T>()
      .exec();
  }
}

/** The one owner of the `auth_challenges` collection (sign-in nonces and their messages). */
@Injectable()
export class AuthChallengesRepository extends ExpiringRecords<AuthChallenge> {
  constructor(@InjectModel(AuthChallenge.name) challenges: Model<AuthChallenge>) {
    super(challenges);
  }

  /** The nonce's challenge if it was issued to this wallet for this purpose and has not expired. */
  findValid(
    nonce: string,
    walletAddress: string,
    purpose: ChallengePurpose,
    now = new Date(),
  ): Promise<AuthChallenge | null> {
    return this.findUnexpired(nonce, { walletAddress, purpose }, now);
  }
}

/** The one owner of the `login_codes` collection (single-use codes of the X redirects). */
@Injectable()
export class LoginCodesRepository extends ExpiringRecords<LoginCode> {
  constructor(@InjectModel(LoginCode.name) codes: Model<LoginCode>) {
    super(codes);
  }

  /** The code if it was issued for this purpose, unless it expired. */
  findValid(code: string, purpose: ChallengePurpose, now = new Date()): Promise<LoginCode | null> {
    return this.findUnexpired(code, { purpose }, now);
  }
}
