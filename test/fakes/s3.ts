import { createHash, createHmac } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { crc32 } from 'node:zlib';

import { FakeServer, startFake } from './http-fake';

export interface FakeS3 extends FakeServer {
  /** Stored objects by `<bucket>/<key>`. */
  objects: Map<string, Buffer>;
}

/**
 * An S3-compatible object store addressed by path (`/<bucket>/<key>`), as MinIO or R2 are: PUT by a
 * presigned URL (query-string SigV4, which must name this access key and sign `content-length`; a
 * `x-amz-checksum-crc32` in it must match the body, as S3 checks it: 400 BadDigest otherwise),
 * GET, DELETE and CopyObject (PUT with `x-amz-copy-source`) with a SigV4 `Authorization` header.
 * A presigned PUT's signature is recomputed as S3 does, over the headers it names as they arrive:
 * a body of another length than the signed `content-length` is 403 SignatureDoesNotMatch. Other
 * requests are checked for who signed, not the signature's bytes (the SDK computes those).
 */
export async function startFakeS3(options: { accessKeyId: string; secretAccessKey: string }): Promise<FakeS3> {
  const objects = new Map<string, Buffer>();
  const credentialOk = (credential: string | null | undefined) =>
    Boolean(credential?.startsWith(`${options.accessKeyId}/`));
  const xmlError = (code: string, status: number) => ({
    status,
    body: `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`,
  });

  const server = await startFake((req, res) => {
    const reply = ({ status, body }: { status: number; body: string | Buffer }, type = 'application/xml') => {
      res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
      res.end(body);
    };
    const path = req.path.replace(/^\//, '');
    const copySource = req.headers['x-amz-copy-source'];
    if (req.method === 'PUT' && typeof copySource === 'string') {
      // CopyObject, signed in the Authorization header like GET and DELETE.
      if (!credentialOk(/Credential=([^,]+)/.exec(String(req.headers.authorization ?? ''))?.[1]))
        return reply(xmlError('AccessDenied', 403));
      const source = objects.get(decodeURIComponent(copySource).replace(/^\//, ''));
      if (!source) return reply(xmlError('NoSuchKey', 404));
      objects.set(path, Buffer.from(source));
      return reply({
        status: 200,
        body: '<?xml version="1.0" encoding="UTF-8"?><CopyObjectResult><ETag>"x"</ETag></CopyObjectResult>',
      });
    }
    if (req.method === 'PUT') {
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
      objects.set(path, body);
      return reply({ status: 200, body: '' });
    }
    const credential = /Credential=([^,]+)/.exec(String(req.headers.authorization ?? ''))?.[1];
    if (!credentialOk(credential)) return reply(xmlError('AccessDenied', 403));
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
      objects.delete(path);
      res.writeHead(204).end();
      return;
    }
    return reply(xmlError('MethodNotAllowed', 405));
  });
  return Object.assign(server, { objects });
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
