import { Clock } from '../src/clock/clock';
import { signIn, startTestApp, TestApp } from './harness';

/** The clock the e2e suite moves exists only in a test run: without TEST_CLOCK=1 nothing can move it. */
describe('the server clock without TEST_CLOCK', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('has no route to move it (an unknown path, absent from the OpenAPI document) and refuses to move in process', async () => {
    const me = await signIn(t);
    const res = await t.http.post('/api/test/clock').set(me.auth).send({ minutes: 30 }).expect(404);
    expect(res.body.code).toBe('NOT_FOUND');
    await t.http.get('/api/test/clock').set(me.auth).expect(404);
    const document = (await t.http.get('/api/docs-json').expect(200)).body as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/api/test'))).toEqual([]);
    const clock = t.app.get(Clock);
    expect(() => clock.advance(60_000)).toThrow(/only in tests/);
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1000);
  });
});
