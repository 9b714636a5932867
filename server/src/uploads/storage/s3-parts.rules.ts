/**
 * A file sent to S3 in parts (a multipart upload): every part but the last is PART_BYTES, S3's
 * smallest, so a dropped part costs at most that much again. 10,000 parts (S3's most) of 5 MB hold
 * 48 GB, far past every upload purpose's limit.
 */
export const S3_PART_BYTES = 5 * 1024 * 1024;

/** The sizes of the parts a file of `size` bytes is sent in, first to last. */
export function partSizes(size: number): number[] {
  const count = Math.max(1, Math.ceil(size / S3_PART_BYTES));
  return Array.from({ length: count }, (_, i) => Math.min(S3_PART_BYTES, size - i * S3_PART_BYTES));
}

/** Bytes held from the file's first: the parts the store lists, numbered from 1 without a gap. */
export function heldPrefix(parts: ReadonlyArray<{ PartNumber?: number; Size?: number }>): number {
  const sizes = new Map(parts.map((part) => [part.PartNumber, part.Size ?? 0]));
  let bytes = 0;
  for (let number = 1; sizes.has(number); number++) bytes += sizes.get(number)!;
  return bytes;
}
