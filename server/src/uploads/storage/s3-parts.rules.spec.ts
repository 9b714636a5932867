import { heldPrefix, partSizes, S3_PART_BYTES } from './s3-parts.rules';

describe('partSizes', () => {
  it('cuts a file in 5 MB parts, the last one shorter; a small file is one part', () => {
    expect(partSizes(1234)).toEqual([1234]);
    expect(partSizes(S3_PART_BYTES)).toEqual([S3_PART_BYTES]);
    expect(partSizes(2 * S3_PART_BYTES + 7)).toEqual([S3_PART_BYTES, S3_PART_BYTES, 7]);
  });
});

describe('heldPrefix', () => {
  it('counts the parts numbered from 1 without a gap, in whatever order they are listed', () => {
    expect(heldPrefix([])).toBe(0);
    expect(
      heldPrefix([
        { PartNumber: 2, Size: 5 },
        { PartNumber: 1, Size: 5 },
        { PartNumber: 4, Size: 3 },
      ]),
    ).toBe(10);
    expect(heldPrefix([{ PartNumber: 2, Size: 5 }])).toBe(0);
  });
});
