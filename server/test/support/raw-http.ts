import { connect, Socket } from 'node:net';

/**
 * HTTP/1.1 written byte by byte on a socket, for requests no HTTP client will send: repeated
 * headers, bytes that are not UTF-8, a body that stops half-way or trickles.
 */
export interface RawRequest {
  method: string;
  /** Sent as written: percent-encoding, broken or not, is the caller's. */
  target: string;
  /** Each entry is one header line; a name may repeat. Strings are written as latin1 bytes. */
  headers?: Array<[string, string]>;
  body?: Buffer | string;
}

export function rawBytes({ method, target, headers = [], body }: RawRequest): Buffer {
  const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
  const lines = [
    `${method} ${target} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Connection: close',
    ...headers.map(([name, value]) => `${name}: ${value}`),
  ];
  if (payload && !headers.some(([name]) => /^content-length$/i.test(name)))
    lines.push(`Content-Length: ${payload.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), payload ?? Buffer.alloc(0)]);
}

/** Opens a connection to the app at `url` (http://host:port). */
export function openSocket(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Sends one request and answers the status code of the reply (0 if the server closed without one). */
export async function rawStatus(url: string, request: RawRequest, timeoutMs = 20_000): Promise<number> {
  const socket = await openSocket(url);
  const reply = readReply(socket, timeoutMs);
  socket.write(rawBytes(request));
  return (await reply).status;
}

/** Everything the server sends until it closes: its status (0 if none) and how long that took. */
export function readReply(
  socket: Socket,
  timeoutMs: number,
): Promise<{ status: number; text: string; closedAfterMs: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no end of reply within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.once('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('latin1');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, text, closedAfterMs: Date.now() - started });
    });
  });
}
