import { Types } from 'mongoose';

import { AppError } from '../common/errors';

/** An id as services hold it: the string of the API and the session, or the ObjectId of a record. */
export type Id = string | Types.ObjectId;

const HEX_ID = /^[a-f0-9]{24}$/i;

/** Whether an id is well formed (the contract's ObjectIdString). */
export function isObjectId(id: Id): boolean {
  return typeof id !== 'string' || HEX_ID.test(id);
}

/**
 * The ObjectId an id names. Repositories convert every id here, so services pass strings; a
 * malformed one is the request's fault (400, as Mongoose's CastError was), never a 500.
 */
export function toObjectId(id: Id): Types.ObjectId {
  if (typeof id !== 'string') return id;
  if (!HEX_ID.test(id)) throw new AppError('MALFORMED_ID', 'Malformed id');
  return new Types.ObjectId(id);
}

/** A fresh id, as a string, for a record whose id must be known before it is stored. */
export function newId(): string {
  return new Types.ObjectId().toString();
}
