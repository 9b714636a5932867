import { createHmac, timingSafeEqual } from 'node:crypto';

/** Pure rules of uploads: purposes and their limits, type sniffing, URL signatures, URL parsing. */

export const MEGABYTE = 1024 * 1024;

export type UploadMime = 'application/pdf' | 'image/jpeg' | 'image/png' | 'image/webp' | 'video/mp4' | 'video/quicktime' | 'video/webm';

export interface UploadLimits {
  maxBytes: number;
  allowedTypes: readonly UploadMime[];
}

const IMAGES: UploadMime[] = ['image/jpeg', 'image/png', 'image/webp'];

/**
 * Every kind of upload and its limits (SPEC §5, §9). A new kind of upload adds a line here;
 * callers name the purpose and get these limits.
 */
export const UPLOAD_PURPOSES = {
  bmi_report: { maxBytes: 10 * MEGABYTE, allowedTypes: ['application/pdf', 'image/jpeg', 'image/png'] },
  'proof:gym_selfie': { maxBytes: 10 * MEGABYTE, allowedTypes: IMAGES },
  'proof:workout_video': { maxBytes: 50 * MEGABYTE, allowedTypes: ['video/mp4', 'video/quicktime', 'video/webm'] },
  'proof:apple_watch': { maxBytes: 10 * MEGABYTE, allowedTypes: IMAGES },
} as const satisfies Record<string, UploadLimits>;
export type UploadPurpose = keyof typeof UPLOAD_PURPOSES;

/** How long an issued upload URL stays usable. */
export const UPLOAD_URL_TTL_MS = 15 * 60_000;

/** Bytes needed to recognise every accepted type. */
export const SNIFF_BYTES = 12;

const ascii = (head: Buffer, start: number, text: string) => head.subarray(start, start + text.length).toString('latin1') === text;

/** The file's real type from its first bytes, whatever the request claimed; null if not one we know. */
export function sniffMime(head: Buffer): UploadMime | null {
  if (ascii(head, 0, '%PDF-')) return 'application/pdf';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return 'image/webp';
  if (ascii(head, 4, 'ftyp')) return ascii(head, 8, 'qt  ') ? 'video/quicktime' : 'video/mp4';
  if (head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) return 'video/webm';
  return null;
}

/** Human list of accepted types for error messages ("PDF, JPEG or PNG"). */
export function describeTypes(types: readonly UploadMime[]): string {
  const names = types.map((t) => (t === 'video/quicktime' ? 'MOV' : t.split('/')[1].toUpperCase()));
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` : names[0];
}

export function describeBytes(bytes: number): string {
  return `${Math.round(bytes / MEGABYTE)} MB`;
}

function mac(key: Buffer, id: string, expiresAtMs: number): string {
  return createHmac('sha256', key).update(`upload:${id}:${expiresAtMs}`).digest('base64url');
}

/** `sig` query value for an upload URL: its expiry and an HMAC over id and expiry. */
export function signUpload(key: Buffer, id: string, expiresAtMs: number): string {
  return `${expiresAtMs}.${mac(key, id, expiresAtMs)}`;
}

export type SignatureCheck = 'valid' | 'expired' | 'forged';

export function checkUploadSignature(key: Buffer, id: string, sig: string, nowMs: number): SignatureCheck {
  const [expiry, given] = sig.split('.');
  const expiresAtMs = Number(expiry);
  const expected = Buffer.from(mac(key, id, expiresAtMs));
  const actual = Buffer.from(given ?? '');
  if (!Number.isSafeInteger(expiresAtMs) || actual.length !== expected.length || !timingSafeEqual(actual, expected)) return 'forged';
  return nowMs < expiresAtMs ? 'valid' : 'expired';
}

/** The signing key: derived from the session secret, so a leaked upload signature never signs sessions. */
export function uploadSigningKey(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('sweat-credits upload urls v1').digest();
}

/**
 * The upload id inside a URL this server issued (`<prefix><24 hex>`, any query ignored), or null
 * for anything else. Parsing only: the server never fetches a URL.
 */
export function uploadIdFromUrl(fileUrl: string, issuedPrefixes: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(fileUrl);
  } catch {
    return null;
  }
  const bare = `${url.origin}${url.pathname}`;
  for (const prefix of issuedPrefixes) {
    const rest = bare.startsWith(prefix) ? bare.slice(prefix.length) : null;
    if (rest && /^[a-f0-9]{24}$/.test(rest)) return rest;
  }
  return null;
}
