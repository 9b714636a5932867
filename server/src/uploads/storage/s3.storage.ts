import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import type { AppConfig } from '../../config/config';
import { AppError } from '../../common/errors';
import { UPLOAD_URL_TTL_MS } from '../uploads.rules';
import type { UploadStorage } from './upload-storage';

type S3Config = AppConfig['storage']['s3'];

/**
 * S3-compatible store. The client PUTs straight to a presigned URL whose signature covers the exact
 * Content-Length it announced (checked against the purpose's limit first), so S3 itself refuses any
 * other size; the server checks type and hash when the file is first used.
 */
export class S3Storage implements UploadStorage {
  readonly receivesBytes = false;
  readonly issuedPrefixes: readonly string[];
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3Config) {
    if (!config.bucket) throw new Error('Invalid configuration: S3_BUCKET is required with STORAGE_DRIVER=s3');
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      // S3-compatible servers (MinIO, R2) address buckets by path.
      forcePathStyle: Boolean(config.endpoint),
      credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
    });
    const base = config.endpoint ? `${config.endpoint.replace(/\/$/, '')}/${this.bucket}` : `https://${this.bucket}.s3.${config.region}.amazonaws.com`;
    this.issuedPrefixes = [`${base}/uploads/`];
  }

  async uploadUrl(id: string, _signature: string, limits: { maxBytes: number; size?: number }): Promise<string> {
    if (limits.size === undefined) throw new AppError('UPLOAD_SIZE_REQUIRED', 'Send the file size to get a direct upload URL', 'Invalid Input');
    const command = new PutObjectCommand({ Bucket: this.bucket, Key: key(id), ContentLength: limits.size });
    return getSignedUrl(this.client, command, { expiresIn: UPLOAD_URL_TTL_MS / 1000, signableHeaders: new Set(['content-length']) });
  }

  async open(id: string): Promise<Readable> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key(id) }));
    return object.Body as Readable;
  }

  async remove(id: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key(id) }));
  }
}

const key = (id: string) => `uploads/${id}`;
