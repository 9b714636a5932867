import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';

import type { EvidenceCheck, ProofKind } from '../contract';
import { isDuplicateKey } from '../database/duplicate-key';
import { Id, toObjectId } from '../database/object-id';
import { ProofCheck } from './proof-check.schema';

/** One file as its checks are keyed: its upload and its bytes' sha256. */
export interface CheckedFile {
  uploadId: Id;
  sha256: string;
}

/** The one owner of the `proof_checks` collection: each file's check results per challenge code. */
@Injectable()
export class ProofChecksRepository {
  constructor(@InjectModel(ProofCheck.name) private readonly checks: Model<ProofCheck>) {}

  /** The stored checks of those files (by upload id) for `challengeCode`; files never checked with it are absent. */
  async findFor(files: CheckedFile[], challengeCode: string): Promise<Map<string, EvidenceCheck[]>> {
    if (!files.length) return new Map();
    const found = await this.checks
      .find({ uploadId: { $in: files.map((f) => toObjectId(f.uploadId)) }, challengeCode })
      .lean();
    const unchanged = found.filter((record) =>
      files.some((f) => f.uploadId.toString() === record.uploadId.toString() && f.sha256 === record.sha256),
    );
    return new Map(unchanged.map((record) => [record.uploadId.toString(), record.checks]));
  }

  /** Keeps a file's checks; when a concurrent check of the same file stored them first, theirs stay. */
  async save(file: CheckedFile & { kind: ProofKind }, challengeCode: string, checks: EvidenceCheck[]): Promise<void> {
    try {
      await this.checks.create({
        uploadId: toObjectId(file.uploadId),
        sha256: file.sha256,
        challengeCode,
        kind: file.kind,
        checks,
      });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }
}
