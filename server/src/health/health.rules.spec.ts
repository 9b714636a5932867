import { readiness } from './health.rules';

describe('readiness', () => {
  it('is ok with both up', () => {
    expect(readiness({ database: true, redis: true })).toEqual({
      httpStatus: 200,
      body: { status: 'ok', database: 'up', redis: 'up' },
    });
  });

  it('stays ready, degraded, without Redis (routes that need no queue still serve)', () => {
    expect(readiness({ database: true, redis: false })).toEqual({
      httpStatus: 200,
      body: { status: 'degraded', database: 'up', redis: 'down' },
    });
  });

  it('is not ready without the database, whatever Redis does', () => {
    expect(readiness({ database: false, redis: true })).toEqual({
      httpStatus: 503,
      body: { status: 'down', database: 'down', redis: 'up' },
    });
    expect(readiness({ database: false, redis: false }).httpStatus).toBe(503);
  });
});
