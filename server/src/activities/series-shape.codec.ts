import type { SeriesShape } from '../contract/job-shapes';

/**
 * A shape as `activity_claims` stores it: each series packed as little-endian 32-bit integers. As
 * arrays of numbers, the 64 shapes a check reads took the local store 2–3 s to decode; packed, 0.1–0.3 s.
 */
export interface PackedShape {
  heartRate: Buffer;
  east: Buffer;
  north: Buffer;
}

/** What a driver hands back for binary data: a Buffer, or BSON's Binary holding its bytes. */
type Bytes = Buffer | { buffer: Uint8Array };

function pack(values: number[]): Buffer {
  const bytes = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => bytes.writeInt32LE(Math.max(-(2 ** 31), Math.min(2 ** 31 - 1, Math.round(v))), i * 4));
  return bytes;
}

function unpack(stored: Bytes): number[] {
  const bytes = Buffer.isBuffer(stored) ? stored : Buffer.from(stored.buffer);
  return Array.from({ length: bytes.length >> 2 }, (_, i) => bytes.readInt32LE(i * 4));
}

export const packShape = (shape: SeriesShape): PackedShape => ({
  heartRate: pack(shape.heartRate),
  east: pack(shape.east),
  north: pack(shape.north),
});

export const unpackShape = (stored: { heartRate: Bytes; east: Bytes; north: Bytes }): SeriesShape => ({
  heartRate: unpack(stored.heartRate),
  east: unpack(stored.east),
  north: unpack(stored.north),
});
