import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';

import { z } from 'zod';

/** Where the local services started by scripts/services.sh listen (fixed, so API, worker, CLI and tests meet). */
export const LOCAL_MONGODB_URI = 'mongodb://127.0.0.1:27027/sweat';
export const LOCAL_REDIS_URL = 'redis://127.0.0.1:6389';
/** The system program's address: the product’s example treasury, which nobody can spend from. */
const SYSTEM_PROGRAM = '11111111111111111111111111111111';

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
// An empty variable means unset (compose files and shells often pass `X=`).
const optional = z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().min(1).optional());

const EnvSchema = z
  .object({
    NODE_ENV: z.string().default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().default('./.data'),
    MONGODB_URI: z.string().startsWith('mongodb').default(LOCAL_MONGODB_URI),
    /**
     * Database operations one process runs at once; the rest wait in the driver's queue, in order.
     * Small by default because the local FerretDB writes through one SQLite lock: 50 writers at once
     * starved some past its 10 s busy timeout under 200 users, 10 kept every request answered.
     */
    MONGODB_MAX_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
    REDIS_URL: z.string().startsWith('redis').default(LOCAL_REDIS_URL),
    REDIS_PREFIX: z.string().default('sweat'),
    JWT_SECRET: z.string().min(32).optional(),
    JWT_TTL_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(7 * 24 * 3600),
    OPENAI_API_KEY: optional,
    OPENAI_BASE_URL: z.url().optional(),
    OPENAI_MODEL: z.string().default('gpt-4o-mini'),
    /** How long one request to the AI provider may take before it counts as failed (and is retried). */
    OPENAI_TIMEOUT_MS: z.coerce.number().int().positive().default(8_000),
    SOLANA_RPC_URL: z.url().default('https://api.devnet.solana.com'),
    SOLANA_CLUSTER: z.enum(['devnet', 'testnet', 'mainnet-beta', 'localnet']).default('devnet'),
    TREASURY_ADDRESS: z.string().default(SYSTEM_PROGRAM),
    SOLANA_RPC_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    PURCHASE_CONFIRM_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
    X_CONSUMER_KEY: optional,
    X_CONSUMER_SECRET: optional,
    X_OAUTH_BASE_URL: z.url().default('https://api.x.com'),
    X_API_BASE_URL: z.url().default('https://api.x.com'),
    X_BEARER_TOKEN: optional,
    STORAGE_DRIVER: z.enum(['disk', 's3']).default('disk'),
    S3_ENDPOINT: z.url().optional(),
    S3_BUCKET: optional,
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: optional,
    S3_SECRET_ACCESS_KEY: optional,
    WORKER_INLINE: flag.default(true),
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
    /**
     * Which proxies' X-Forwarded-For to believe (Express `trust proxy`). None by default: believing
     * loopback let a client on this machine (or behind a same-host proxy that passes the header on)
     * name any address and escape the per-address sign-in limit.
     */
    TRUST_PROXY: optional.transform((v, ctx) => {
      const setting = trustProxySetting(v);
      if (setting === null)
        ctx.addIssue({
          code: 'custom',
          message:
            'must be none, a hop count, or a comma-separated list of loopback, linklocal, uniquelocal, addresses and CIDR ranges',
        });
      return setting ?? false;
    }),
    AI_JOB_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
    /**
     * How long the local checks of one proof file (or the reading of a report image) may take, models
     * loading included; past it the engine at work is stopped and the file refused. Unset: two thirds
     * of AI_JOB_TIMEOUT_MS, so the caller hears the refusal before it stops waiting.
     */
    EVIDENCE_TIME_LIMIT_MS: z.coerce.number().int().positive().optional(),
    /** A job whose worker stops renewing its lock this long (the worker died) is picked up by another worker. */
    QUEUE_LOCK_MS: z.coerce.number().int().min(1000).default(30_000),
    /** How often the maintenance job settles prediction goals nobody has read (reads settle too). */
    GOAL_SETTLE_INTERVAL_MS: z.coerce.number().int().positive().default(600_000),
    /** How long a client may take to send a request's headers (slow-header attacks hold a connection each). */
    HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
    /** How long a client may take to send a whole request, body included, outside the upload routes. */
    HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
    /** The same for the upload routes: a 50 MB video in 10 minutes is 0.7 Mbit/s, a slow mobile link. */
    UPLOAD_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(600_000),
    /**
     * How long an upload's body may go silent before the connection is cut: a phone that lost its
     * network sends no reset, and until the cut its upload URL stays taken, so a resumed upload waits.
     */
    UPLOAD_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
    /** Per-user budgets of the routes that queue work or move money (rate-limits/user-rate-limits.ts). */
    RATE_LIMIT_AI_PER_MINUTE: z.coerce.number().int().positive().default(20),
    RATE_LIMIT_UPLOADS_PER_MINUTE: z.coerce.number().int().positive().default(60),
    RATE_LIMIT_MONEY_PER_MINUTE: z.coerce.number().int().positive().default(30),
    /** Guards the operator's routes (GET /metrics); unset, they are open (keep them off the public network). */
    OPERATOR_TOKEN: optional.pipe(z.string().min(16, 'must be 16+ characters').optional()),
    /** How long a stopping API waits for the requests in flight, and a stopping worker for its running jobs, before cutting them (the orchestrator's grace period is longer). */
    SHUTDOWN_DEADLINE_MS: z.coerce.number().int().min(100).default(25_000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    CLIENT_DIST: z.string().optional(),
    /** Tests only: the server's clock may be moved forward (POST /api/test/clock); refused in production. */
    TEST_CLOCK: flag.default(false),
  })
  .superRefine((e, ctx) => {
    for (const [variable, message] of productionRefusals(e))
      ctx.addIssue({ code: 'custom', path: [variable], message });
    if (e.STORAGE_DRIVER === 's3' && !e.S3_BUCKET)
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'required with STORAGE_DRIVER=s3' });
    if (e.EVIDENCE_TIME_LIMIT_MS !== undefined && e.EVIDENCE_TIME_LIMIT_MS >= e.AI_JOB_TIMEOUT_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['EVIDENCE_TIME_LIMIT_MS'],
        message: 'must be below AI_JOB_TIMEOUT_MS, or the caller stops waiting before the file is refused',
      });
    }
  });

/** Every environment variable the server reads (docs/configuration.md lists each; config-docs.spec.ts checks). */
export const SETTING_NAMES = Object.keys(EnvSchema.shape);

/** Settings a development machine may leave at their defaults but a real deployment must not. */
function productionRefusals(e: {
  NODE_ENV: string;
  JWT_SECRET?: string;
  SOLANA_CLUSTER: string;
  TREASURY_ADDRESS: string;
  TEST_CLOCK: boolean;
}): Array<[string, string]> {
  const refusals: Array<[string, string]> = [];
  if (e.NODE_ENV === 'production' && e.TEST_CLOCK) {
    // Any signed-in user could move the time the session rules read, and complete sessions early.
    refusals.push(['TEST_CLOCK', 'never with NODE_ENV=production: it lets a signed-in user move the server clock']);
  }
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    // Generated per machine, replicas would refuse each other's sessions and upload URLs.
    refusals.push([
      'JWT_SECRET',
      'required when NODE_ENV=production: 32+ random characters, the same for every API and worker process',
    ]);
  }
  if (e.SOLANA_CLUSTER === 'mainnet-beta' && e.TREASURY_ADDRESS === SYSTEM_PROGRAM) {
    refusals.push([
      'TREASURY_ADDRESS',
      'set your own wallet on mainnet-beta: the default is the system program, and SOL paid there is lost',
    ]);
  }
  return refusals;
}

export type AppConfig = ReturnType<typeof loadConfig>;
/** Injection token for the validated configuration. */
export const APP_CONFIG = Symbol('APP_CONFIG');

/** Settings a process refuses to start with, each with its variable's name (logged one JSON line each). */
export class ConfigError extends Error {
  constructor(readonly problems: ReadonlyArray<{ variable: string; message: string }>) {
    super(`Invalid configuration: ${problems.map(({ variable, message }) => `${variable}: ${message}`).join('; ')}`);
  }
}

/** Reads and validates the environment once; a bad value stops the process with the variable named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success)
    throw new ConfigError(parsed.error.issues.map((i) => ({ variable: i.path.join('.'), message: i.message })));
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    publicUrl,
    dataDir,
    mongodbUri: e.MONGODB_URI,
    mongodbMaxPoolSize: e.MONGODB_MAX_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    jwtSecret: e.JWT_SECRET ?? persistentSecret(dataDir),
    jwtTtlSeconds: e.JWT_TTL_SECONDS,
    openai: {
      apiKey: e.OPENAI_API_KEY,
      baseUrl: e.OPENAI_BASE_URL,
      model: e.OPENAI_MODEL,
      timeoutMs: e.OPENAI_TIMEOUT_MS,
    },
    solana: {
      rpcUrl: e.SOLANA_RPC_URL,
      cluster: e.SOLANA_CLUSTER,
      treasury: e.TREASURY_ADDRESS,
      rpcTimeoutMs: e.SOLANA_RPC_TIMEOUT_MS,
      purchaseConfirmWindowMs: e.PURCHASE_CONFIRM_WINDOW_MS,
    },
    x: {
      consumerKey: e.X_CONSUMER_KEY,
      consumerSecret: e.X_CONSUMER_SECRET,
      oauthBaseUrl: e.X_OAUTH_BASE_URL.replace(/\/$/, ''),
      apiBaseUrl: e.X_API_BASE_URL.replace(/\/$/, ''),
      bearerToken: e.X_BEARER_TOKEN,
    },
    storage: {
      driver: e.STORAGE_DRIVER,
      s3: {
        endpoint: e.S3_ENDPOINT,
        bucket: e.S3_BUCKET,
        region: e.S3_REGION,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      },
    },
    workerInline: e.WORKER_INLINE,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    userRateLimitsPerMinute: {
      ai: e.RATE_LIMIT_AI_PER_MINUTE,
      uploads: e.RATE_LIMIT_UPLOADS_PER_MINUTE,
      money: e.RATE_LIMIT_MONEY_PER_MINUTE,
    },
    trustProxy: e.TRUST_PROXY,
    aiJobTimeoutMs: e.AI_JOB_TIMEOUT_MS,
    evidenceTimeLimitMs: e.EVIDENCE_TIME_LIMIT_MS ?? Math.round((e.AI_JOB_TIMEOUT_MS * 2) / 3),
    queueLockMs: e.QUEUE_LOCK_MS,
    goalSettleIntervalMs: e.GOAL_SETTLE_INTERVAL_MS,
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      uploadRequestTimeoutMs: e.UPLOAD_REQUEST_TIMEOUT_MS,
      uploadIdleTimeoutMs: e.UPLOAD_IDLE_TIMEOUT_MS,
    },
    shutdownDeadlineMs: e.SHUTDOWN_DEADLINE_MS,
    logLevel: e.LOG_LEVEL,
    operatorToken: e.OPERATOR_TOKEN,
    testClock: e.TEST_CLOCK,
    clientDist: resolve(e.CLIENT_DIST ?? join(__dirname, '..', '..', '..', 'client', 'dist')),
  };
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Express's `trust proxy` from TRUST_PROXY: false (trust none), a hop count, or addresses; null if malformed. */
export function trustProxySetting(value: string | undefined): false | number | string[] | null {
  if (value === undefined || value === 'none') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  const valid = (entry: string) => {
    const [address, bits, ...rest] = entry.split('/');
    return (
      PROXY_NAMES.has(entry) ||
      (isIP(address) !== 0 && rest.length === 0 && (bits === undefined || /^\d{1,3}$/.test(bits)))
    );
  };
  return entries.every(valid) ? entries : null;
}

/** JWT_SECRET unset: generate one on first run and keep it in DATA_DIR so sessions survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(48).toString('hex'), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // Another process (worker, CLI) created it first: use theirs.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return readFileSync(file, 'utf8').trim();
}
