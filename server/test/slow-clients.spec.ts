import { Socket } from 'node:net';

import { signIn, startTestApp, TestApp } from './harness';
import { openSocket, rawBytes, readReply } from './support/raw-http';
import { newReportUrl, pathOf, pngBytes, putAfterHangUp } from './support/uploads';

/** Writes `bytes` one at a time, `everyMs` apart, until the server closes the connection. */
function trickle(socket: Socket, bytes: Buffer | string, everyMs: number): void {
  const data = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes, 'latin1');
  let sent = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || sent >= data.length) return clearInterval(timer);
    socket.write(data.subarray(sent, ++sent));
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}

/**
 * The deadlines for slow clients, at small configured values: headers 1 s, a request 1.5 s, an
 * upload 4 s, an upload's body silent for 1 s. Each slow client must be answered 408 (or cut) within its deadline plus Node's
 * checking interval (a fifth of the shortest limit) and some slack for a loaded machine.
 */
describe('slow clients', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(
      {
        HTTP_HEADERS_TIMEOUT_MS: '1000',
        HTTP_REQUEST_TIMEOUT_MS: '1500',
        UPLOAD_REQUEST_TIMEOUT_MS: '4000',
        UPLOAD_IDLE_TIMEOUT_MS: '1000',
      },
      { workers: false },
    );
  });
  afterAll(() => t.close());

  it('cuts a client that sends its headers one line at a time', async () => {
    const socket = await openSocket(t.url);
    const reply = readReply(socket, 10_000);
    socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const lines = setInterval(() => socket.destroyed || socket.write(`X-Slow-${Date.now()}: 1\r\n`), 300);
    const { status, closedAfterMs } = await reply.finally(() => clearInterval(lines));
    expect(status).toBe(408);
    expect(closedAfterMs).toBeLessThan(3000);
  });

  it('answers 408 to a JSON body sent at a byte per 200 ms, and closes the connection', async () => {
    const me = await signIn(t);
    const socket = await openSocket(t.url);
    const reply = readReply(socket, 10_000);
    const body = JSON.stringify({
      title: 'Slowly',
      metric: 'workouts',
      targetValue: 5,
      deadline: '2099-01-01',
      creditsStaked: 1,
    });
    const request = rawBytes({
      method: 'POST',
      target: '/api/goals',
      headers: [
        ['Authorization', me.auth.Authorization],
        ['Content-Type', 'application/json'],
      ],
      body,
    });
    const headerEnd = request.indexOf('\r\n\r\n') + 4;
    socket.write(request.subarray(0, headerEnd));
    trickle(socket, request.subarray(headerEnd), 200);
    const { status, text, closedAfterMs } = await reply;
    expect(status).toBe(408);
    expect(text).toContain('The request took too long to arrive');
    expect(closedAfterMs).toBeLessThan(3500);
  });

  it('gives an upload its own longer deadline, then cuts it too, without using up its URL', async () => {
    const me = await signIn(t);
    const uploadURL = await newReportUrl(t, me);
    const socket = await openSocket(t.url);
    const reply = readReply(socket, 15_000);
    const file = pngBytes(1000);
    socket.write(
      rawBytes({
        method: 'PUT',
        target: pathOf(uploadURL),
        headers: [
          ['Content-Type', 'image/png'],
          ['Content-Length', String(file.length)],
        ],
      }),
    );
    trickle(socket, file, 100);
    const { status, closedAfterMs } = await reply;
    // Alive past the general 1.5 s deadline, cut by the upload's 4 s one.
    expect(closedAfterMs).toBeGreaterThan(3000);
    expect(closedAfterMs).toBeLessThan(7000);
    expect([0, 408]).toContain(status);
    // The URL was not used up by the client that never finished.
    expect(await putAfterHangUp(t, uploadURL)).toBe(200);
  });

  it('cuts an upload whose body goes silent (a phone that lost its network sends no reset): the URL is free again, a part keeps what arrived', async () => {
    const me = await signIn(t);
    const file = pngBytes(1000);
    const [whole, parts] = [await newReportUrl(t, me), await newReportUrl(t, me)];
    const silent = async (method: string, uploadURL: string, headers: Array<[string, string]>) => {
      const socket = await openSocket(t.url);
      const reply = readReply(socket, 10_000);
      socket.write(
        rawBytes({ method, target: pathOf(uploadURL), headers: [...headers, ['Content-Length', String(file.length)]] }),
      );
      socket.write(file.subarray(0, 300));
      return reply;
    };
    const [put, patch] = await Promise.all([
      silent('PUT', whole, [['Content-Type', 'image/png']]),
      silent('PATCH', parts, [
        ['Content-Type', 'application/offset+octet-stream'],
        ['Content-Range', `bytes 0-999/1000`],
      ]),
    ]);
    for (const { closedAfterMs } of [put, patch]) {
      expect(closedAfterMs).toBeGreaterThan(900);
      expect(closedAfterMs).toBeLessThan(3000);
    }
    expect(await putAfterHangUp(t, whole)).toBe(200);
    expect((await t.http.get(pathOf(parts)).expect(200)).body).toEqual({
      received: 300,
      finished: false,
      sha256: null,
    });
    const rest = await t.http
      .patch(pathOf(parts))
      .set('Content-Type', 'application/offset+octet-stream')
      .set('Content-Range', 'bytes 300-999/1000')
      .send(file.subarray(300));
    expect(rest.body).toMatchObject({ received: 1000, finished: true });
  });

  it('keeps an idle keep-alive connection past the headers deadline and serves its next request', async () => {
    const socket = await openSocket(t.url);
    const first = new Promise<string>((resolve) => socket.once('data', (chunk) => resolve(chunk.toString('latin1'))));
    socket.write('GET /api/config HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(await first).toMatch(/^HTTP\/1\.1 200/);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const reply = readReply(socket, 5000);
    socket.write('GET /api/config HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    expect((await reply).status).toBe(200);
  });
});
