import http from 'node:http';
import { AddressInfo } from 'node:net';

export interface FakeServer {
  url: string;
  /** Every request seen, for assertions. */
  requests: Array<{ method: string; path: string; headers: http.IncomingHttpHeaders; body: string }>;
  close(): Promise<void>;
}

export type FakeHandler = (
  /** `body` as UTF-8 text; `bodyBytes` as sent, for binary payloads. */
  req: {
    method: string;
    path: string;
    query: URLSearchParams;
    headers: http.IncomingHttpHeaders;
    body: string;
    bodyBytes: Buffer;
  },
  res: http.ServerResponse,
) => unknown;

/** A tiny HTTP server on loopback standing in for an internet service; the real client library talks to it. */
export async function startFake(handler: FakeHandler): Promise<FakeServer> {
  const requests: FakeServer['requests'] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    // A client that hangs up mid-body sent no request: nothing is handled (as S3 keeps no cut-off part).
    req.on('error', () => undefined);
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const bodyBytes = Buffer.concat(chunks);
      const body = bodyBytes.toString('utf8');
      requests.push({ method: req.method ?? 'GET', path: url.pathname, headers: req.headers, body });
      Promise.resolve(
        handler(
          {
            method: req.method ?? 'GET',
            path: url.pathname,
            query: url.searchParams,
            headers: req.headers,
            body,
            bodyBytes,
          },
          res,
        ),
      ).catch((err: Error) => {
        res.statusCode = 500;
        res.end(err.message);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
