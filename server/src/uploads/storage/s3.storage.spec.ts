import { S3Storage } from './s3.storage';

describe('S3Storage (no network: checks the URL it signs)', () => {
  const storage = new S3Storage({
    endpoint: 'http://127.0.0.1:9000',
    bucket: 'sweat-uploads',
    region: 'us-east-1',
    accessKeyId: 'AKIAEXAMPLE',
    secretAccessKey: 'secret-example',
  });

  it('presigns a PUT of the object under incoming/ (the server copies it out before checking), bound to the announced Content-Length, expiring in 15 minutes', async () => {
    const url = new URL(
      await storage.uploadUrl('65f0c0ffee0000000000beef', 'unused', { maxBytes: 10485760, size: 123456 }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(
      'http://127.0.0.1:9000/sweat-uploads/incoming/65f0c0ffee0000000000beef',
    );
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(
      expect.arrayContaining(['content-length', 'host']),
    );
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^AKIAEXAMPLE\/\d{8}\/us-east-1\/s3\/aws4_request$/);
    // No checksum baked in at signing time: it would be that of an empty body, and S3 would refuse the file.
    expect([...url.searchParams.keys()].filter((name) => /checksum/i.test(name))).toEqual([]);
  });

  it('accepts back only URLs under its own bucket prefix', () => {
    expect(storage.issuedPrefixes).toEqual(['http://127.0.0.1:9000/sweat-uploads/incoming/']);
  });

  it('refuses to sign without a size (S3 could not bound it)', async () => {
    await expect(storage.uploadUrl('65f0c0ffee0000000000beef', 'unused', { maxBytes: 10485760 })).rejects.toMatchObject(
      { status: 400 },
    );
  });
});
