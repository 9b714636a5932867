import { z } from 'zod';
import { ObjectIdString } from './common';

/**
 * SPEC §3 "Upload-URL response": where the client PUTs the file, in one shot. `resumable`: the URL
 * also takes the file in parts (PATCH with Content-Range) and answers GET with how much it holds,
 * so an upload cut off by the network continues where it stopped instead of starting over.
 */
export const UploadUrlResponse = z.object({ uploadURL: z.string(), resumable: z.boolean() });
export type UploadUrlResponse = z.infer<typeof UploadUrlResponse>;

/**
 * Optional body of an upload-url call: the file's size lets the server refuse an oversized file
 * before any byte moves, and the S3 driver signs it as the PUT's exact Content-Length.
 */
export const UploadUrlRequest = z.strictObject({ size: z.number().int().min(1).optional() });
export type UploadUrlRequest = z.infer<typeof UploadUrlRequest>;

export const UploadIdParam = z.strictObject({ id: ObjectIdString });
export type UploadIdParam = z.infer<typeof UploadIdParam>;
/** `sig` = `<expiry ms>.<base64url HMAC>`, issued with the upload URL. */
export const UploadSignatureQuery = z.strictObject({ sig: z.string().regex(/^\d{13}\.[A-Za-z0-9_-]{43}$/, 'sig is malformed') });
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
 * Where a resumable upload stands (GET, and each PATCH's answer): the bytes the server holds, in
 * order from the first; `finished` once the whole file is stored and checked, with its sha256.
 */
export const UploadProgress = z.object({
  received: z.number().int(),
  finished: z.boolean(),
  sha256: z.string().nullable(),
});
export type UploadProgress = z.infer<typeof UploadProgress>;
