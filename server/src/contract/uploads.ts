import { z } from 'zod';

import { ObjectIdString } from './common';
import { UPLOAD_PURPOSES, type UploadPurpose } from './values';

/**
 * docs/product.md "Uploads": the client sends the file's parts straight to the store, part `i`
 * (`bytes` long, the last shorter) by a PUT to `urls[i]` (S3's presigned part URLs).
 */
export const UploadParts = z.object({ bytes: z.number().int(), urls: z.array(z.string()) });
export type UploadParts = z.infer<typeof UploadParts>;

/**
 * docs/product.md "Uploads": the upload URL answers GET with how much of the file is held, so an
 * upload cut off by the network continues where it stopped; it takes the parts itself (PATCH with
 * Content-Range, or the whole file in one PUT) unless `parts` names where they go instead. It is
 * the fileUrl to send back once the file is up.
 */
export const UploadUrlResponse = z.object({ uploadURL: z.string(), parts: UploadParts.optional() });
export type UploadUrlResponse = z.infer<typeof UploadUrlResponse>;

/**
 * A file's size in an upload-url call: it lets the server refuse an oversized file before any byte
 * moves (413 UPLOAD_TOO_LARGE naming the limit, which the document states), and the S3 driver signs
 * it into the parts' exact Content-Lengths, so that driver cannot issue a URL without it.
 */
export const AnnouncedUploadSize = z
  .number()
  .int()
  .min(1)
  .meta({
    description:
      "The file's size in bytes. Required when the server stores uploads in S3 (STORAGE_DRIVER=s3): the part URLs are signed for exactly " +
      'these bytes, and a request without it is refused with 400 UPLOAD_SIZE_REQUIRED. Optional with the disk driver (the default). ' +
      'Either way a size over the limit is refused before any byte is sent (413 UPLOAD_TOO_LARGE).',
  });

/** The announced size within `purpose`'s limit, which the document states. */
export const uploadSize = (purpose: UploadPurpose) =>
  AnnouncedUploadSize.meta({ maximum: UPLOAD_PURPOSES[purpose].maxBytes });

/** Body of POST /api/bmi/upload-url: `size` is optional with the disk driver, required with S3. */
export const UploadUrlRequest = z.strictObject({ size: uploadSize('bmi_report').optional() });
export type UploadUrlRequest = z.infer<typeof UploadUrlRequest>;

export const UploadIdParam = z.strictObject({ id: ObjectIdString });
export type UploadIdParam = z.infer<typeof UploadIdParam>;
/** `sig` = `<expiry ms>.<base64url HMAC>`, issued with the upload URL. */
export const UploadSignatureQuery = z.strictObject({
  sig: z.string().regex(/^\d{13}\.[A-Za-z0-9_-]{43}$/, 'sig is malformed'),
});
export type UploadSignatureQuery = z.infer<typeof UploadSignatureQuery>;

/** What the upload endpoint answers once the file is stored and checked. */
export const UploadReceipt = z.object({
  id: z.string(),
  size: z.number().int(),
  mime: z.string(),
  sha256: z.string(),
});
export type UploadReceipt = z.infer<typeof UploadReceipt>;

/**
 * Where an upload stands (GET, and each PATCH's answer): the bytes held, in order from the first;
 * `finished` once the whole file is stored and checked, with its sha256 (with S3, on first use).
 */
export const UploadProgress = z.object({
  received: z.number().int(),
  finished: z.boolean(),
  sha256: z.string().nullable(),
});
export type UploadProgress = z.infer<typeof UploadProgress>;
