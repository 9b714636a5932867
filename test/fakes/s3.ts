import { createHash, createHmac } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { crc32 } from 'node:zlib';

import { FakeServer, startFake } from './http-fake';

export interface FakeS3 extends FakeServer {
  /** Stored objects by `<bucket>/<key>`. */
  objects: Map<string, Buffer>;
  /** Multipart uploads under way by their UploadId: the object's `<bucket>/<key>` and the parts held by number. */
  multipart: Map<string, { path: string; parts: Map<number, Buffer> }>;
}

/**
 * An S3-compatible object store addressed by path (`/<bucket>/<key>`), as MinIO or R2 are: multipart
 * uploads (create, UploadPart by a presigned URL, ListParts, ListMultipartUploads by prefix,
 * complete, abort), GET and DELETE. A presigned PUT (query-string SigV4) must name this access key
 * and sign `content-length`; a `x-amz-checksum-crc32` in it must match the body, as S3 checks it
 * (400 BadDigest otherwise). Its signature is recomputed as S3 does, over the headers it names as
 * they arrive: a body of another length than the signed `content-length` is 403
 * SignatureDoesNotMatch. A part whose body did not arrive whole is not kept (the connection
 * dropped), and a part of an upload completed or aborted is 404 NoSuchUpload. Other requests carry
 * SigV4 in the `Authorization` header and are checked for who signed, not the signature's bytes
 * (the SDK computes those).
 */
export async function startFakeS3(options: { accessKeyId: string; secretAccessKey: string }): Promise<FakeS3> {
  const objects = new Map<string, Buffer>();
  const multipart: FakeS3['multipart'] = new Map();
  let nextUploadId = 1;
  const credentialOk = (credential: string | null | undefined) =>
    Boolean(credential?.startsWith(`${options.accessKeyId}/`));
  const xmlError = (code: string, status: number) => ({
    status,
    body: `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`,
  });
  const xml = (body: string) => ({ status: 200, body: `<?xml version="1.0" encoding="UTF-8"?>${body}` });
  const etag = (bytes: Buffer) => `"${createHash('md5').update(bytes).digest('hex')}"`;

  const server = await startFake((req, res) => {
    const reply = (
      { status, body }: { status: number; body: string | Buffer },
      type = 'application/xml',
      headers: Record<string, string> = {},
    ) => {
      res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body), ...headers });
      res.end(body);
    };
    const path = decodeURIComponent(req.path.replace(/^\//, ''));
    const uploadId = req.query.get('uploadId');
    if (req.method === 'PUT') {
      // UploadPart by a presigned URL.
      const signed = req.query.get('X-Amz-SignedHeaders')?.split(';') ?? [];
      if (
        !credentialOk(req.query.get('X-Amz-Credential')) ||
        !req.query.get('X-Amz-Signature') ||
        !signed.includes('content-length')
      ) {
        return reply(xmlError('AccessDenied', 403));
      }
      const body = req.bodyBytes;
      if (Number(req.headers['content-length']) !== body.length) return reply(xmlError('SignatureDoesNotMatch', 403));
      if (req.query.get('X-Amz-Signature') !== presignedSignature(req, options.secretAccessKey))
        return reply(xmlError('SignatureDoesNotMatch', 403));
      const checksum = req.query.get('x-amz-checksum-crc32');
      if (checksum !== null && checksum !== crc32Base64(body)) return reply(xmlError('BadDigest', 400));
      const upload = uploadId ? multipart.get(uploadId) : undefined;
      if (!upload || upload.path !== path) return reply(xmlError('NoSuchUpload', 404));
      upload.parts.set(Number(req.query.get('partNumber')), body);
      return reply({ status: 200, body: '' }, 'application/xml', { etag: etag(body) });
    }
    const credential = /Credential=([^,]+)/.exec(String(req.headers.authorization ?? ''))?.[1];
    if (!credentialOk(credential)) return reply(xmlError('AccessDenied', 403));
    if (req.method === 'POST' && req.query.has('uploads')) {
      const id = String(nextUploadId++);
      multipart.set(id, { path, parts: new Map() });
      return reply(xml(`<InitiateMultipartUploadResult><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`));
    }
    if (req.method === 'POST' && uploadId) {
      const upload = multipart.get(uploadId);
      if (!upload || upload.path !== path) return reply(xmlError('NoSuchUpload', 404));
      const named = [...req.body.matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((match) => Number(match[1]));
      if (named.some((number) => !upload.parts.has(number))) return reply(xmlError('InvalidPart', 400));
      objects.set(path, Buffer.concat(named.map((number) => upload.parts.get(number)!)));
      multipart.delete(uploadId);
      return reply(xml('<CompleteMultipartUploadResult></CompleteMultipartUploadResult>'));
    }
    if (req.method === 'GET' && req.query.has('uploads')) {
      const [bucket] = path.split('/');
      const prefix = `${bucket}/${req.query.get('prefix') ?? ''}`;
      const listed = [...multipart]
        .filter(([, upload]) => upload.path.startsWith(prefix))
        .map(
          ([id, upload]) =>
            `<Upload><Key>${upload.path.slice(bucket.length + 1)}</Key><UploadId>${id}</UploadId></Upload>`,
        );
      return reply(xml(`<ListMultipartUploadsResult>${listed.join('')}</ListMultipartUploadsResult>`));
    }
    if (req.method === 'GET' && uploadId) {
      const upload = multipart.get(uploadId);
      if (!upload || upload.path !== path) return reply(xmlError('NoSuchUpload', 404));
      const parts = [...upload.parts]
        .sort(([a], [b]) => a - b)
        .map(
          ([number, bytes]) =>
            `<Part><PartNumber>${number}</PartNumber><ETag>${etag(bytes)}</ETag><Size>${bytes.length}</Size></Part>`,
        );
      return reply(xml(`<ListPartsResult><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`));
    }
    if (req.method === 'GET') {
      const object = objects.get(path);
      if (!object) return reply(xmlError('NoSuchKey', 404));
      // A `Range: bytes=a-b` read (a zip's directory first), as S3 answers it.
      const range = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ''));
      if (range)
        return reply(
          { status: 206, body: object.subarray(Number(range[1]), Number(range[2]) + 1) },
          'application/octet-stream',
        );
      return reply({ status: 200, body: object }, 'application/octet-stream');
    }
    if (req.method === 'DELETE') {
      if (uploadId) multipart.delete(uploadId);
      else objects.delete(path);
      res.writeHead(204).end();
      return;
    }
    return reply(xmlError('MethodNotAllowed', 405));
  });
  return Object.assign(server, { objects, multipart });
}

/** RFC 3986 encoding, as SigV4 canonicalises query keys and values. */
const uriEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The SigV4 signature of a presigned request (query-string auth, unsigned payload) as the store receives it. */
function presignedSignature(
  req: { method: string; path: string; query: URLSearchParams; headers: IncomingHttpHeaders },
  secret: string,
): string {
  const query = [...req.query].filter(([name]) => name !== 'X-Amz-Signature');
  const canonicalQuery = query
    .map(([name, value]) => [uriEncode(name), uriEncode(value)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const signedHeaders = req.query.get('X-Amz-SignedHeaders') ?? '';
  const canonicalHeaders = signedHeaders
    .split(';')
    .map((name) => `${name}:${String(req.headers[name] ?? '').trim()}\n`)
    .join('');
  const canonical = [req.method, req.path, canonicalQuery, canonicalHeaders, signedHeaders, 'UNSIGNED-PAYLOAD'].join(
    '\n',
  );
  const [, date, region, service] = (req.query.get('X-Amz-Credential') ?? '').split('/');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const toSign = [
    'AWS4-HMAC-SHA256',
    req.query.get('X-Amz-Date'),
    scope,
    createHash('sha256').update(canonical).digest('hex'),
  ].join('\n');
  const key = [date, region, service, 'aws4_request'].reduce<Buffer | string>(
    (k, part) => createHmac('sha256', k).update(part).digest(),
    `AWS4${secret}`,
  );
  return createHmac('sha256', key).update(toSign).digest('hex');
}

/** S3's form of a CRC32: the 4 big-endian bytes, base64. */
function crc32Base64(bytes: Buffer): string {
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc32(bytes));
  return sum.toString('base64');
}
