import type { ChildProcess } from 'node:child_process';
import { Writable } from 'node:stream';

import { Connection, Keypair, Transaction } from '@solana/web3.js';
import pino from 'pino';

import { FakeOpenAi, startFakeOpenAi } from '../../test/fakes/openai';
import { FakeSolanaRpc, signedTransfer, startFakeSolanaRpc } from '../../test/fakes/solana-rpc';
import { JsonLogger } from '../src/observability/json-logger';
import { withLogContext } from '../src/observability/request-context';
import { signIn, startTestApp, TestApp } from './harness';
import { pngImage } from './support/proof-files';
import { proofClient, screenshotReading, selfieReading } from './support/proofs';
import { awayFromMinuteBoundary } from './support/rate-limit-minute';
import { kill, startWorkerProcess } from './support/worker-process';

const TOKEN = 'operator-token-for-tests-0123456789';

/** The value of one sample of a scrape, or undefined when it is absent. */
function sample(scrape: string, series: string): number | undefined {
  const line = scrape.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics (Prometheus) behind the operator token', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp({ OPERATOR_TOKEN: TOKEN })));
  afterAll(() => t.close());
  const scrape = async () => (await t.http.get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200)).text;

  it('refuses a scrape without the token, or with another, with a coded 401', async () => {
    const none = await t.http.get('/metrics').expect(401);
    expect(none.body).toMatchObject({ code: 'OPERATOR_TOKEN_REQUIRED' });
    await t.http.get('/metrics').set('Authorization', `Bearer ${TOKEN}x`).expect(401);
    await t.http.get('/metrics').set('Authorization', 'Bearer short').expect(401);
  });

  it('counts requests by route template and status, never by raw path', async () => {
    const me = await signIn(t);
    await t.http.get('/api/user').set(me.auth).expect(200);
    await t.http.get(`/api/transactions/${me.user.id}`).set(me.auth).expect(200);
    await t.http.get('/api/no-such-route').expect(404);
    const text = await scrape();
    expect(text).toContain('# TYPE sweat_http_request_duration_seconds histogram');
    expect(
      sample(text, 'sweat_http_request_duration_seconds_count{method="GET",route="/api/user",status="200"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(
      /sweat_http_request_duration_seconds_count\{method="GET",route="\/api\/transactions\/[^"]*:[^"]*",status="200"\}/,
    );
    expect(text).not.toContain(me.user.id);
    expect(
      sample(text, 'sweat_http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}'),
    ).toBeGreaterThanOrEqual(1);
  });

  it('counts ledger postings by outcome, jobs by name and outcome, and shows queue depth and process figures', async () => {
    const me = await signIn(t);
    await t.http.post('/api/workout/generate').set(me.auth).send({ userId: me.user.id }).expect(201);
    // A new user holds nothing: the redeem is refused by the ledger (409).
    await t.http
      .post('/api/credits/redeem')
      .set(me.auth)
      .send({ userId: me.user.id, itemId: 'gym-pass', cost: 150 })
      .expect(409);
    const text = await scrape();
    expect(
      sample(text, 'sweat_job_duration_seconds_count{name="workout.generate",outcome="completed"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'sweat_ledger_postings_total{kind="pool.open",outcome="posted"}') ??
        sample(text, 'sweat_ledger_postings_total{kind="pool.open",outcome="duplicate"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'sweat_ledger_postings_total{kind="redeem",outcome="refused"}')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/sweat_queue_jobs\{queue="ai",state="waiting"\} \d+/);
    expect(text).toContain('sweat_process_cpu_seconds_total');
  });
});

describe('GET /metrics without OPERATOR_TOKEN', () => {
  it('is open outside production, and closed in production with what to set', async () => {
    const development = await startTestApp({ NODE_ENV: 'development' }, { workers: false });
    try {
      expect((await development.http.get('/metrics').expect(200)).text).toContain(
        'sweat_http_request_duration_seconds',
      );
    } finally {
      await development.close();
    }
    const production = await startTestApp({ NODE_ENV: 'production' }, { workers: false });
    try {
      const refused = await production.http
        .get('/metrics')
        .set('Authorization', 'Bearer anything-at-all-here')
        .expect(401);
      expect(refused.body).toMatchObject({
        code: 'OPERATOR_TOKEN_REQUIRED',
        message: expect.stringContaining('Set OPERATOR_TOKEN on the server'),
      });
    } finally {
      await production.close();
    }
  });
});

describe('guessing the operator token (5 credential checks a minute per address)', () => {
  let t: TestApp;
  beforeAll(
    async () =>
      (t = await startTestApp({ OPERATOR_TOKEN: TOKEN, AUTH_RATE_LIMIT_PER_MINUTE: '5' }, { workers: false })),
  );
  afterAll(() => t.close());

  it('answers 429 with Retry-After past the budget, while the right token scrapes at any pace', async () => {
    await awayFromMinuteBoundary();
    const guesses: number[] = [];
    for (let i = 0; i < 12; i++)
      guesses.push(
        (await t.http.get('/metrics').set('Authorization', `Bearer ${TOKEN.slice(0, -2)}${String(i).padStart(2, '0')}`))
          .status,
      );
    expect(guesses).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
    const limited = await t.http.get('/metrics').expect(429);
    expect(limited.body).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many operator token attempts, try again in a minute',
    });
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    for (let i = 0; i < 10; i++) await t.http.get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
  });
});

describe("what a worker process ran (jobs, their ledger postings, proof checks), at the API's /metrics", () => {
  let fake: FakeOpenAi;
  let rpc: FakeSolanaRpc;
  let t: TestApp;
  let worker: ChildProcess;
  const treasury = Keypair.generate().publicKey.toBase58();
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    rpc = await startFakeSolanaRpc();
    // The API only enqueues (WORKER_INLINE=0 shape): every job runs in the worker process.
    t = await startTestApp(
      {
        OPERATOR_TOKEN: TOKEN,
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: `${fake.url}/v1`,
        AI_JOB_TIMEOUT_MS: '60000',
        SOLANA_RPC_URL: rpc.url,
        TREASURY_ADDRESS: treasury,
      },
      { workers: false },
    );
    worker = await startWorkerProcess(t.env);
  });
  afterAll(async () => {
    await kill(worker);
    await t.close();
    await fake.close();
    await rpc.close();
  });

  it('counts its purchase.verify jobs by outcome, with their durations, and the purchase it posted', async () => {
    const send = (tx: Transaction) => new Connection(rpc.url, 'confirmed').sendRawTransaction(tx.serialize());
    const purchase = async (lamports: number, status: number) => {
      const buyer = await signIn(t);
      const signature = await send(signedTransfer(buyer.keypair, treasury, lamports));
      await t.http
        .post('/api/credits/purchase')
        .set(buyer.auth)
        .send({ transactionHash: signature, creditsAmount: 500, solAmount: 0.005 })
        .expect(status);
    };
    await purchase(5_000_000, 200);
    await purchase(1_000_000, 400);

    const text = (await t.http.get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200)).text;
    const series = (name: string) =>
      text.split('\n').filter((line) => line.startsWith(name) && line.includes('name="purchase.verify"'));
    expect(text).toContain('# TYPE sweat_job_duration_seconds histogram');
    expect(series('sweat_job_duration_seconds_count')).toEqual([
      'sweat_job_duration_seconds_count{name="purchase.verify",outcome="completed"} 1',
      'sweat_job_duration_seconds_count{name="purchase.verify",outcome="refused"} 1',
    ]);
    const completedBuckets = series('sweat_job_duration_seconds_bucket').filter((line) =>
      line.includes('outcome="completed"'),
    );
    expect(completedBuckets).toHaveLength(12);
    expect(completedBuckets[0]).toMatch(
      /^sweat_job_duration_seconds_bucket\{le="0.01",name="purchase.verify",outcome="completed"\} [01]$/,
    );
    expect(completedBuckets.at(-1)).toBe(
      'sweat_job_duration_seconds_bucket{le="+Inf",name="purchase.verify",outcome="completed"} 1',
    );
    expect(sample(text, 'sweat_job_duration_seconds_sum{name="purchase.verify",outcome="completed"}')).toBeGreaterThan(
      0,
    );
    expect(sample(text, 'sweat_ledger_postings_total{kind="purchase",outcome="posted"}')).toBe(1);
  }, 60_000);

  it('counts each check by file kind, check name and outcome, the refusing one included', async () => {
    const proofs = proofClient(t);
    const ready = async () => {
      const me = await signIn(t);
      await proofs.addPending(me, 20);
      return me;
    };
    const passing = await ready();
    fake.script = [selfieReading(), screenshotReading()];
    await proofs.validate(passing, await proofs.uploadAll(passing)).expect(200);
    const noCode = await ready();
    fake.script = [selfieReading({ showsCode: false }), screenshotReading()];
    await proofs.validate(noCode, await proofs.uploadAll(noCode)).expect(422);
    fake.script = [selfieReading()];
    const tinyScreenshot = await ready();
    const files = {
      ...(await proofs.uploadAll(tinyScreenshot)),
      apple_watch: await proofs.upload(tinyScreenshot, 'apple_watch', pngImage(10, 10, proofs.nextSeed()), 'image/png'),
    };
    await proofs.validate(tinyScreenshot, files).expect(422);

    const text = (await t.http.get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200)).text;
    expect(text).toContain('# TYPE sweat_proof_checks_total counter');
    const series = text.split('\n').filter((line) => line.startsWith('sweat_proof_checks_total{'));
    expect(series.sort()).toEqual(
      [
        // Every local check of every file passed but the tiny screenshot's file check; the model was
        // asked only about files the local checks accepted, and refused the second selfie's code.
        'sweat_proof_checks_total{kind="gym_selfie",check="file",outcome="passed"} 3',
        'sweat_proof_checks_total{kind="gym_selfie",check="person",outcome="passed"} 3',
        'sweat_proof_checks_total{kind="gym_selfie",check="code",outcome="passed"} 3',
        'sweat_proof_checks_total{kind="gym_selfie",check="vision",outcome="passed"} 2',
        'sweat_proof_checks_total{kind="gym_selfie",check="vision",outcome="refused"} 1',
        'sweat_proof_checks_total{kind="workout_video",check="file",outcome="passed"} 3',
        'sweat_proof_checks_total{kind="workout_video",check="duration",outcome="passed"} 3',
        'sweat_proof_checks_total{kind="workout_video",check="movement",outcome="passed"} 3',
        'sweat_proof_checks_total{kind="workout_video",check="person",outcome="passed"} 3',
        'sweat_proof_checks_total{kind="apple_watch",check="file",outcome="passed"} 2',
        'sweat_proof_checks_total{kind="apple_watch",check="file",outcome="refused"} 1',
        'sweat_proof_checks_total{kind="apple_watch",check="activity",outcome="passed"} 2',
        'sweat_proof_checks_total{kind="apple_watch",check="vision",outcome="passed"} 2',
      ].sort(),
    );
  }, 90_000);
});

describe('JSON log lines', () => {
  function capture(): { logger: JsonLogger; lines: () => Array<Record<string, unknown>> } {
    const chunks: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (chunks.push(String(chunk)), done()) });
    return {
      logger: new JsonLogger(pino({ level: 'info' }, sink)),
      lines: () =>
        chunks
          .join('')
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l)),
    };
  }

  it("carry the request id of the work that wrote them, Nest's context, and a 5xx's whole stack", () => {
    const { logger, lines } = capture();
    withLogContext({ reqId: 'req-42' }, () => {
      logger.log('started', 'Http');
      logger.error(new Error('boom').stack, 'Error');
    });
    logger.warn('outside any request', 'Worker');
    const [started, failed, outside] = lines();
    expect(started).toMatchObject({ level: 30, reqId: 'req-42', context: 'Http', msg: 'started' });
    expect(failed).toMatchObject({ level: 50, reqId: 'req-42', context: 'Error', msg: 'Error: boom' });
    expect((failed.err as { stack: string }).stack).toMatch(/^Error: boom\n\s+at /);
    expect(outside).toMatchObject({ level: 40, context: 'Worker', msg: 'outside any request' });
    expect(outside.reqId).toBeUndefined();
  });

  it("carry a job's id and name inside it, and honour the level", () => {
    const { logger, lines } = capture();
    withLogContext({ job: { id: '7', name: 'proof.check' } }, () => logger.log('checked', 'Proofs'));
    logger.debug('not at info', 'Proofs');
    expect(lines()).toEqual([expect.objectContaining({ job: { id: '7', name: 'proof.check' }, msg: 'checked' })]);
  });
});
