import { createHmac, timingSafeEqual } from 'node:crypto';

import { SaxesParser } from 'saxes';

import type { UploadMime } from '../contract';

/**
 * Pure rules of uploads on the server: type sniffing, URL signatures, URL parsing. The purposes
 * and their limits are shared with the client (contract UPLOAD_PURPOSES).
 */

/** How long an issued upload URL stays usable. */
export const UPLOAD_URL_TTL_MS = 15 * 60_000;

/** The single-use claim an upload is held by: one writer at a time, or the one settling it. */
export const uploadClaimKey = (id: string) => `upload:${id}`;

/** Bytes needed to recognise every binary type. */
export const SNIFF_BYTES = 12;
/** An XML file (TCX, GPX) is known by its root element, which may follow a declaration and comments. */
export const XML_SNIFF_BYTES = 4096;

const ascii = (head: Buffer, start: number, text: string) =>
  head.subarray(start, start + text.length).toString('latin1') === text;

/** The file's real type from its first bytes, whatever the request claimed; null if not one we know. */
export function sniffMime(head: Buffer): UploadMime | null {
  if (ascii(head, 0, '%PDF-')) return 'application/pdf';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return 'image/webp';
  if (ascii(head, 4, 'ftyp')) return ascii(head, 8, 'qt  ') ? 'video/quicktime' : 'video/mp4';
  if (head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) return 'video/webm';
  // A FIT file header is 12 or 14 bytes and carries ".FIT" at 8–11.
  if ((head[0] === 12 || head[0] === 14) && ascii(head, 8, '.FIT')) return 'application/vnd.ant.fit';
  if (ascii(head, 0, 'PK\x03\x04')) return 'application/zip';
  const root = xmlRootName(head);
  if (root === 'TrainingCenterDatabase') return 'application/vnd.garmin.tcx+xml';
  if (root === 'gpx') return 'application/gpx+xml';
  return null;
}

/** True while `head` may be an XML file whose root element has not arrived yet. */
export function sniffNeedsMore(head: Buffer): boolean {
  return head.length < XML_SNIFF_BYTES && xmlText(head) !== null && xmlRootName(head) === null;
}

/** The head as text if it starts like XML (after a byte-order mark and white space), else null. */
function xmlText(head: Buffer): string | null {
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return text.startsWith('<') ? text : null;
}

class RootFound extends Error {}

/** The root element's local name, read by the XML parser from the file's first bytes; null if none yet or not XML. */
function xmlRootName(head: Buffer): string | null {
  const text = xmlText(head);
  if (text === null) return null;
  const parser = new SaxesParser();
  let root: string | null = null;
  parser.on('opentagstart', (tag) => {
    root = tag.name.slice(tag.name.indexOf(':') + 1);
    throw new RootFound();
  });
  parser.on('error', (err) => {
    throw err;
  });
  try {
    parser.write(text);
  } catch {
    // The root was found (RootFound), or the text is not XML: either way the answer is known.
  }
  return root;
}

/** One part of a resumable upload: bytes `first`…`last` (inclusive) of a file of `total` bytes. */
export interface PartRange {
  first: number;
  last: number;
  total: number;
}

/**
 * A part's `Content-Range: bytes <first>-<last>/<total>` (RFC 9110 §14.4, the form a resumable
 * upload sends); null when it is anything else or describes no bytes of the file.
 */
export function parseContentRange(header: string | undefined): PartRange | null {
  const match = /^bytes (\d{1,15})-(\d{1,15})\/(\d{1,15})$/.exec(header?.trim() ?? '');
  if (!match) return null;
  const [first, last, total] = match.slice(1).map(Number);
  return first <= last && last < total ? { first, last, total } : null;
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
  if (!Number.isSafeInteger(expiresAtMs) || actual.length !== expected.length || !timingSafeEqual(actual, expected))
    return 'forged';
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
