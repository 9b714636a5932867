import type { Readable } from 'node:stream';

import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

import { type AppConfig, ConfigError } from '../../config/config';
import { UPLOAD_URL_TTL_MS } from '../uploads.rules';
import { s3Origin } from './s3-origin.rules';
import { ByteRange, uploadSizeRequired, UploadStorage } from './upload-storage';

type S3Config = AppConfig['storage']['s3'];

/**
 * S3-compatible store. The client PUTs straight to a presigned URL (`incoming/<id>`) whose signature
 * covers the exact Content-Length it announced (checked against the purpose's limit first), so S3
 * itself refuses any other size. On first use the server copies it to `uploads/<id>`, a key no URL
 * lets a client write, and checks type and hash there: replaying the presigned PUT during its 15
 * minutes only rewrites `incoming/`, which nothing reads any more (expire that prefix after a day
 * with a bucket lifecycle rule).
 */
export class S3Storage implements UploadStorage {
  readonly receivesBytes = false;
  readonly needsSize = true;
  readonly issuedPrefixes: readonly string[];
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3Config) {
    if (!config.bucket) throw new ConfigError([{ variable: 'S3_BUCKET', message: 'required with STORAGE_DRIVER=s3' }]);
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      // S3-compatible servers (MinIO, R2) address buckets by path.
      forcePathStyle: Boolean(config.endpoint),
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
      // By default the SDK signs the CRC32 of the body into a presigned PUT: without a body, that of
      // an empty one, which S3, R2 and MinIO refuse for any real file (aws-sdk-js-v3 #6994).
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    const base = config.endpoint ? `${s3Origin(config)}/${this.bucket}` : s3Origin(config);
    this.issuedPrefixes = [`${base}/${INCOMING}`];
  }

  async uploadUrl(id: string, _signature: string, limits: { maxBytes: number; size?: number }): Promise<string> {
    if (limits.size === undefined) throw uploadSizeRequired();
    const command = new PutObjectCommand({ Bucket: this.bucket, Key: incomingKey(id), ContentLength: limits.size });
    return getSignedUrl(this.client, command, {
      expiresIn: UPLOAD_URL_TTL_MS / 1000,
      signableHeaders: new Set(['content-length']),
    });
  }

  async seal(id: string): Promise<void> {
    await this.client.send(
      new CopyObjectCommand({ Bucket: this.bucket, Key: key(id), CopySource: `${this.bucket}/${incomingKey(id)}` }),
    );
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: incomingKey(id) }));
  }

  async open(id: string, range?: ByteRange): Promise<Readable> {
    const Range = range && `bytes=${range.start}-${range.end - 1}`;
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key(id), Range }));
    return object.Body as Readable;
  }

  async remove(id: string): Promise<void> {
    await Promise.all(
      [key(id), incomingKey(id)].map((Key) => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key }))),
    );
  }
}

const INCOMING = 'incoming/';
const incomingKey = (id: string) => `${INCOMING}${id}`;
/** Written only by the server (seal), read by every check and job. */
const key = (id: string) => `uploads/${id}`;
