import { s3Origin } from './s3-origin.rules';

describe('s3Origin', () => {
  it("is AWS's virtual-hosted bucket in its region without an endpoint", () => {
    expect(s3Origin({ bucket: 'sweat-uploads', region: 'eu-west-3' })).toBe(
      'https://sweat-uploads.s3.eu-west-3.amazonaws.com',
    );
  });

  it('is the configured endpoint, without a trailing slash, when there is one', () => {
    expect(s3Origin({ endpoint: 'http://minio:9000/', bucket: 'sweat-uploads', region: 'us-east-1' })).toBe(
      'http://minio:9000',
    );
  });
});
