import 'reflect-metadata';

import { createPrivateKey, randomBytes, sign } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { NestExpressApplication } from '@nestjs/platform-express';
import { Keypair } from '@solana/web3.js';
import bs58 from 'bs58';
import mongoose from 'mongoose';
import request from 'supertest';

import type { AuthSession, UserView } from '../src/contract';

/** Local services started by scripts/services.sh (tests share the servers, never a database). */
const MONGO_BASE = process.env.TEST_MONGODB_URI ?? 'mongodb://127.0.0.1:27027';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6389';

export interface TestApp {
  app: NestExpressApplication;
  url: string;
  http: ReturnType<typeof request>;
  dbName: string;
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Variables a test's `env` gave an app of this file (the base ones every app gets anyway), and the environment before any. */
const setByEarlierApps = new Set<string>();
const ORIGINAL_ENV = { ...process.env };

/**
 * Boots the real HTTP app (same code as production) on a random port, with its own database and
 * Redis key prefix so test files can run side by side. Extra env (fake service URLs) via `env`.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: { workers?: boolean } = {},
): Promise<TestApp> {
  const id = randomBytes(4).toString('hex');
  const dbName = `sweat_test_${id}`;
  const base: Record<string, string> = {
    NODE_ENV: 'test',
    MONGODB_URI: `${MONGO_BASE}/${dbName}`,
    REDIS_URL,
    REDIS_PREFIX: `test-${id}`,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'sweat-test-')),
    JWT_SECRET: 'test-secret-that-is-at-least-32-characters-long',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    // Suites call one route many times as one user; rate-limits.spec.ts sets real budgets.
    RATE_LIMIT_AI_PER_MINUTE: '100000',
    RATE_LIMIT_UPLOADS_PER_MINUTE: '100000',
    RATE_LIMIT_MONEY_PER_MINUTE: '100000',
    // As in production: the first proof check loads the models (a few seconds on a busy machine).
    AI_JOB_TIMEOUT_MS: '30000',
    PUBLIC_URL: 'http://localhost:3999',
  };
  const merged = { ...base, ...env };
  // Each app reads only its own settings: one an earlier app of the same file was given (say
  // OPERATOR_TOKEN) would otherwise still be in process.env for the next.
  for (const key of setByEarlierApps) {
    if (key in merged) continue;
    if (key in ORIGINAL_ENV) process.env[key] = ORIGINAL_ENV[key];
    else delete process.env[key];
  }
  for (const key of Object.keys(env)) setByEarlierApps.add(key);
  Object.assign(process.env, merged);
  // Imported late so the configuration reads the env above.
  const { createHttpApp } = await import('../src/http');
  const { WorkersService } = await import('../src/queue/workers.service');
  const app = await createHttpApp();
  if (options.workers !== false) app.get(WorkersService).start();
  await app.listen(0, '127.0.0.1');
  const url = await app.getUrl();
  return {
    app,
    url: url.replace('[::1]', '127.0.0.1'),
    http: request(app.getHttpServer()),
    dbName,
    env: merged,
    async close() {
      const conn = await mongoose.createConnection(merged.MONGODB_URI).asPromise();
      await conn.dropDatabase().catch(() => undefined);
      await conn.close();
      await app.close();
    },
  };
}

export interface SignedIn {
  keypair: Keypair;
  token: string;
  user: UserView;
  auth: { Authorization: string };
}

/** What Phantom's signMessage returns, base58: an ed25519 signature by the keypair (Node's native signer). */
export function signMessage(keypair: Keypair, message: string): string {
  const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
  const jwk = {
    kty: 'OKP',
    crv: 'Ed25519',
    d: b64(keypair.secretKey.subarray(0, 32)),
    x: b64(keypair.publicKey.toBytes()),
  };
  return bs58.encode(sign(null, Buffer.from(message, 'utf8'), createPrivateKey({ key: jwk, format: 'jwk' })));
}

/** The full Phantom sign-in, as the browser does it, with a real ed25519 keypair. */
export async function signIn(t: TestApp, keypair = Keypair.generate(), cookie?: string): Promise<SignedIn> {
  const walletAddress = keypair.publicKey.toBase58();
  const challenge = await t.http.get('/api/auth/phantom/challenge').query({ walletAddress }).expect(200);
  const post = t.http.post('/api/auth/phantom');
  if (cookie) post.set('Cookie', cookie);
  const res = await post
    .send({ walletAddress, nonce: challenge.body.nonce, signature: signMessage(keypair, challenge.body.message) })
    .expect(200);
  const session = res.body as AuthSession;
  return { keypair, token: session.token, user: session.user, auth: { Authorization: `Bearer ${session.token}` } };
}
