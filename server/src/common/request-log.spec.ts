import { EventEmitter } from 'node:events';

import type { NextFunction, Request, Response } from 'express';
import pino from 'pino';

import { requestLog } from './request-log';

/** A request through the middleware with a response double; `finish()` ends it with a status. */
function through(level: pino.Level | 'silent', url: string, headers: Record<string, string> = {}) {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const res = Object.assign(new EventEmitter(), { statusCode: 200, headers: {} as Record<string, string> });
  const setHeader = (name: string, value: string) => (res.headers[name.toLowerCase()] = value);
  const req = { url, originalUrl: url, method: 'GET', headers };
  const next = jest.fn();
  requestLog(logger)(
    req as unknown as Request,
    Object.assign(res, { setHeader }) as unknown as Response,
    next as NextFunction,
  );
  expect(next).toHaveBeenCalledTimes(1);
  return {
    res,
    lines,
    finish(status: number) {
      res.statusCode = status;
      res.emit('finish');
    },
  };
}

describe('requestLog', () => {
  it("answers with the caller's request id when it is a plain token, else a new one", () => {
    expect(through('info', '/api/user', { 'x-request-id': 'trace-42' }).res.headers['x-request-id']).toBe('trace-42');
    const made = through('info', '/api/user', { 'x-request-id': 'no spaces <allowed>' }).res.headers['x-request-id'];
    expect(made).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('writes one line per finished API request, without the query string, 5xx as errors', () => {
    const ok = through('info', '/api/uploads/abc?sig=secret', { 'x-request-id': 'r1' });
    ok.finish(200);
    expect(ok.lines).toHaveLength(1);
    expect(ok.lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { id: 'r1', method: 'GET', url: '/api/uploads/abc' },
      res: { statusCode: 200 },
    });
    expect(JSON.stringify(ok.lines[0])).not.toContain('secret');

    const failed = through('info', '/api/user');
    failed.finish(503);
    expect(failed.lines[0]).toMatchObject({ level: 50, msg: 'request errored', res: { statusCode: 503 } });
  });

  it('keeps the 5xx lines when only errors are logged', () => {
    const ok = through('error', '/api/user');
    ok.finish(200);
    expect(ok.lines).toEqual([]);
    const failed = through('error', '/api/user');
    failed.finish(500);
    expect(failed.lines).toEqual([
      expect.objectContaining({ level: 50, msg: 'request errored', res: { statusCode: 500 } }),
    ]);
  });

  it('logs nothing for the client files, nor when silent', () => {
    const page = through('info', '/assets/index.js');
    page.finish(200);
    expect(page.lines).toEqual([]);
    const quiet = through('silent', '/api/user');
    expect(quiet.res.listenerCount('finish')).toBe(0);
    quiet.finish(500);
    expect(quiet.lines).toEqual([]);
  });
});
