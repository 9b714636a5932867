import type { ErrorCode } from '../contract';

/** What any route that waits for a queued job may answer besides its own refusals. */
export const JOB_ROUTE: ErrorCode[] = ['JOB_QUEUE_UNAVAILABLE', 'JOB_FAILED', 'JOB_TIMEOUT'];

/** What any route whose job asks the AI provider may answer. */
export const AI_ROUTE: ErrorCode[] = [...JOB_ROUTE, 'AI_TIMEOUT', 'AI_MALFORMED_ANSWER', 'AI_UNAVAILABLE'];

/** What a route that takes back a finished upload's URL may answer. */
export const UPLOAD_USE: ErrorCode[] = [
  'UPLOAD_NOT_FOUND',
  'UPLOAD_NOT_FINISHED',
  'UPLOAD_WRONG_PURPOSE',
  'UPLOAD_FOREIGN_URL',
  'UPLOAD_UNSUPPORTED_TYPE',
  'UPLOAD_TOO_LARGE',
];

/** What a route that receives an upload's bytes may answer. */
export const UPLOAD_PUT: ErrorCode[] = [
  'UPLOAD_TOO_LARGE',
  'UPLOAD_UNSUPPORTED_TYPE',
  'UPLOAD_INTERRUPTED',
  'UPLOAD_MALFORMED',
  'UPLOAD_NOT_FOUND',
  'UPLOAD_URL_INVALID',
  'UPLOAD_URL_EXPIRED',
  'UPLOAD_URL_USED',
];

/** What the route that receives one part of a resumable upload may answer. */
export const UPLOAD_PATCH: ErrorCode[] = [...UPLOAD_PUT, 'UPLOAD_BUSY', 'UPLOAD_OFFSET_MISMATCH'];

/** What asking where a resumable upload stands may answer. */
export const UPLOAD_GET: ErrorCode[] = ['UPLOAD_NOT_FOUND', 'UPLOAD_URL_INVALID', 'UPLOAD_URL_EXPIRED'];

/** What a route that posts to the ledger may answer when the balance is contended. */
export const POSTING: ErrorCode[] = ['LEDGER_BUSY'];
