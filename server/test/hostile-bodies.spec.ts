import { gzipSync } from 'node:zlib';

import { Logger } from '@nestjs/common';

import { startTestApp, TestApp } from './harness';

/**
 * Request bodies whose Content-Encoding lies: garbage sent as deflate, gzip or brotli (or a gzip cut
 * short) is the client's fault, answered 400 with its code, before any sign-in and without an error
 * in the log; a body that decodes is read as before.
 */
describe('bodies that do not decode as their Content-Encoding says', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, { workers: false });
  });
  afterAll(() => t.close());

  /** The bytes exactly as given (supertest would serialise a Buffer sent as JSON). */
  const post = async (encoding: string, bytes: Buffer) => {
    const res = await fetch(`${t.url}/api/auth/phantom`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': encoding },
      body: new Uint8Array(bytes),
    });
    return { status: res.status, body: (await res.json()) as { code?: string } };
  };
  const garbage = Buffer.from('\x00\xffnot compressed at all \x13\x37', 'latin1');
  const cutShort = gzipSync(Buffer.from(JSON.stringify({ walletAddress: 'x'.repeat(200) }))).subarray(0, 20);

  it.each([
    ['deflate', garbage],
    ['gzip', garbage],
    ['br', garbage],
    ['gzip', cutShort],
  ])('answers 400 BODY_ENCODING_INVALID to %s that does not decode, logging no error', async (encoding, bytes) => {
    const logged = jest.spyOn(Logger.prototype, 'error');
    try {
      const res = await post(encoding, bytes);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        statusCode: 400,
        code: 'BODY_ENCODING_INVALID',
        message: 'The request body does not decode as its Content-Encoding says',
        error: 'Bad Request',
      });
      expect(logged).not.toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  });

  it('reads a body that decodes (a gzipped JSON sign-in goes on to its own checks)', async () => {
    const res = await post('gzip', gzipSync(Buffer.from(JSON.stringify({ walletAddress: 'not-a-wallet' }))));
    expect(res.status).toBeLessThan(500);
    expect(res.body.code).not.toBe('BODY_ENCODING_INVALID');
  });
});
