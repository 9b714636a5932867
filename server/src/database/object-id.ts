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

/** A stored value as services see it: every ObjectId as its hex string, at any depth. */
export type Plain<T> = T extends Types.ObjectId
  ? string
  : T extends Date
    ? T
    : T extends Array<infer U>
      ? Array<Plain<U>>
      : T extends object
        ? { [K in keyof T]: Plain<T[K]> }
        : T;

/** A record as it leaves its repository: `_id` as the string `id`, and no ObjectId anywhere. */
export type View<T extends { _id: unknown }> = Plain<Omit<T, '_id'>> & { id: string };

function plain(value: unknown): unknown {
  if (value instanceof Types.ObjectId) return value.toHexString();
  if (Array.isArray(value)) return value.map(plain);
  if (value && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, plain(field)]));
  return value;
}

/** The view of a lean record (repositories map what they read through this, so services never hold an ObjectId). */
export function toView<T extends { _id: unknown }>(record: T): View<T> {
  const { _id, ...fields } = record;
  return { ...(plain(fields) as object), id: String(_id) } as View<T>;
}
