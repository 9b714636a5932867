import type { Readable } from 'node:stream';

import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  ListPartsCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

import { type AppConfig, ConfigError } from '../../config/config';
import type { UploadParts } from '../../contract';
import { UPLOAD_URL_TTL_MS } from '../uploads.rules';
import { heldPrefix, partSizes, S3_PART_BYTES } from './s3-parts.rules';
import { ByteRange, uploadSizeRequired, UploadStorage } from './upload-storage';

type S3Config = AppConfig['storage']['s3'];

/**
 * S3-compatible store. Each upload is an S3 multipart upload of `uploads/<id>`: the client PUTs its
 * parts straight to presigned URLs, each signed for its exact Content-Length (the sizes of the
 * announced file, checked against the purpose's limit first), so S3 itself refuses any other size.
 * A dropped part is sent again alone: the server lists the parts S3 holds (GET of the upload URL).
 * On first use the server completes the upload and checks type and hash; from then on the part URLs
 * write nothing (S3 forgets a completed upload), so the checked bytes stay. An upload never
 * completed is aborted by the sweep (and a bucket lifecycle rule can abort those older than a day).
 */
export class S3Storage implements UploadStorage {
  readonly receivesBytes = false;
  readonly needsSize = true;
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
  }

  async begin(id: string, size?: number): Promise<UploadParts> {
    if (size === undefined) throw uploadSizeRequired();
    const { UploadId } = await this.client.send(
      new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key(id) }),
    );
    const urls = await Promise.all(
      partSizes(size).map((ContentLength, i) =>
        getSignedUrl(
          this.client,
          new UploadPartCommand({ Bucket: this.bucket, Key: key(id), UploadId, PartNumber: i + 1, ContentLength }),
          { expiresIn: UPLOAD_URL_TTL_MS / 1000, signableHeaders: new Set(['content-length']) },
        ),
      ),
    );
    return { bytes: S3_PART_BYTES, urls };
  }

  async held(id: string): Promise<number> {
    const uploadId = await this.pendingUploadId(id);
    return uploadId ? heldPrefix(await this.parts(id, uploadId)) : 0;
  }

  async seal(id: string, size: number): Promise<void> {
    const uploadId = await this.pendingUploadId(id);
    const parts = uploadId ? await this.parts(id, uploadId) : [];
    if (!uploadId || heldPrefix(parts) < size) throw new Error(`upload ${id} has not arrived whole`);
    await this.client.send(
      new CompleteMultipartUploadCommand({
        Bucket: this.bucket,
        Key: key(id),
        UploadId: uploadId,
        MultipartUpload: { Parts: parts.map(({ PartNumber, ETag }) => ({ PartNumber, ETag })) },
      }),
    );
  }

  async open(id: string, range?: ByteRange): Promise<Readable> {
    const Range = range && `bytes=${range.start}-${range.end - 1}`;
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key(id), Range }));
    return object.Body as Readable;
  }

  async remove(id: string): Promise<void> {
    const uploadId = await this.pendingUploadId(id);
    if (uploadId)
      await this.client.send(
        new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key(id), UploadId: uploadId }),
      );
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key(id) }));
  }

  /** The S3 id of the multipart upload of `id` still under way, if any (ids are all 24 characters: the prefix is the key). */
  private async pendingUploadId(id: string): Promise<string | undefined> {
    const listed = await this.client.send(new ListMultipartUploadsCommand({ Bucket: this.bucket, Prefix: key(id) }));
    return listed.Uploads?.find((upload) => upload.Key === key(id))?.UploadId;
  }

  /** The parts S3 holds (at most 1,000 are listed at once, past the 103 of the largest upload). */
  private async parts(id: string, uploadId: string) {
    const listed = await this.client.send(
      new ListPartsCommand({ Bucket: this.bucket, Key: key(id), UploadId: uploadId }),
    );
    return listed.Parts ?? [];
  }
}

/** Written only through the multipart upload, read by every check and job. */
const key = (id: string) => `uploads/${id}`;
