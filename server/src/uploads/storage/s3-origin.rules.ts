/**
 * The origin the browser PUTs uploads to with STORAGE_DRIVER=s3: the configured endpoint (MinIO, R2,
 * addressed by path), or else AWS's virtual-hosted bucket, which is where the SDK signs URLs for.
 * docker/csp-origins.envsh derives the same for nginx's Content-Security-Policy.
 */
export function s3Origin(s3: { endpoint?: string; bucket?: string; region: string }): string {
  return s3.endpoint ? s3.endpoint.replace(/\/$/, '') : `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`;
}
