import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { signIn, startTestApp, TestApp } from '../../server/test/harness';
import type { FakeServer } from '../fakes/http-fake';
import { FakeSolanaRpc, startFakeSolanaRpc } from '../fakes/solana-rpc';
import { FakeXApi, startFakeXApi } from '../fakes/x-api';
import { startFakeXOAuth } from '../fakes/x-oauth';
import { schemathesisBinary } from './schemathesis';

/**
 * Schemathesis against the app's own OpenAPI document, as a signed-in user: every route, bounded
 * examples each, every check: no 5xx, every answer matches its documented schema, status codes,
 * content types and headers; invalid requests are refused and valid ones accepted; methods a path
 * does not take answer 405. schemathesis.toml keeps positive_data_acceptance off for the two
 * operations whose refusals no schema can state, and formats.py teaches it the document's own
 * formats. The per-operation results (JUnit) become this suite's passed/failed counts:
 * scripts/test.mjs reads the summary written to $FUZZ_SUMMARY.
 */
const MAX_EXAMPLES = Number(process.env.FUZZ_MAX_EXAMPLES ?? 20);
/**
 * Unset: every check, as schemathesis.toml configures them. FUZZ_CHECKS names checks to run instead
 * (comma-separated, or `all`); checks named there run on every operation, the toml's exceptions too.
 */
const CHECKS = process.env.FUZZ_CHECKS;

interface CaseResult {
  name: string;
  failure: string | null;
}

describe('schemathesis over /api/docs-json', () => {
  let t: TestApp;
  let rpc: FakeSolanaRpc;
  let xApi: FakeXApi;
  let xOAuth: FakeServer;
  beforeAll(async () => {
    rpc = await startFakeSolanaRpc();
    // X sign-in configured, so GET /api/auth/twitter redirects instead of answering "not configured" (503).
    xOAuth = await startFakeXOAuth({ consumerKey: 'ck-fuzz', user: { id: '4242', screenName: 'fuzz' } });
    xApi = await startFakeXApi({ bearerToken: 'fuzz' });
    t = await startTestApp({
      SOLANA_RPC_URL: rpc.url,
      X_API_BASE_URL: xApi.url,
      X_BEARER_TOKEN: 'fuzz',
      X_CONSUMER_KEY: 'ck-fuzz',
      X_CONSUMER_SECRET: 'cs-fuzz',
      X_OAUTH_BASE_URL: xOAuth.url,
      // A purchase of a real package names a transaction the RPC never shows: refused (409) within 2 s.
      PURCHASE_CONFIRM_WINDOW_MS: '2000',
    });
  });
  afterAll(async () => {
    await t?.close();
    await rpc?.close();
    await xApi?.close();
    await xOAuth?.close();
  });

  it('finds no server error, schema break or undocumented status on any route', async () => {
    const me = await signIn(t);
    // Every post on X carries this user's referral link, so a well-formed post URL is credited once
    // (then 409 already earned) rather than refused for a post that does not exist.
    xApi.anyOtherPost = { text: `Train with me: ${me.user.referralLink}` };
    const dir = mkdtempSync(join(tmpdir(), 'sweat-fuzz-'));
    const junit = join(dir, 'junit.xml');
    const document = join(dir, 'openapi.json');
    writeFileSync(
      document,
      JSON.stringify(
        pinUserId(withoutSessionEnders((await t.http.get('/api/docs-json').expect(200)).body), me.user.id),
      ),
    );
    const args = [
      '--config-file',
      join(__dirname, 'schemathesis.toml'),
      'run',
      document,
      '--url',
      t.url,
      '-H',
      `Authorization: Bearer ${me.token}`,
      ...(CHECKS ? ['--checks', CHECKS] : []),
      '--max-examples',
      String(MAX_EXAMPLES),
      '--phases',
      'examples,coverage,fuzzing',
      // One worker: this machine's Python (3.11.7) can corrupt its AST recursion counter when threads
      // parse code (CPython gh-106905, fixed in 3.11.8); with two workers one operation's run crashed
      // in CI with "SystemError: AST constructor recursion depth mismatch", a tool error, not a finding.
      '--workers',
      '1',
      '--seed',
      process.env.FUZZ_SEED ?? '1',
      '--request-timeout',
      '20',
      '--suppress-health-check',
      'all',
      '--report',
      'junit',
      '--report-junit-path',
      junit,
    ];
    const log = join(dir, 'schemathesis.log');
    const code = await runLogged(schemathesisBinary(), args, log);
    // Schemathesis closes its report with a pytest-style "== N warnings in Xs ==" line, which CI's
    // reader takes for a run that executed no test; so its report is shown only when it failed.
    if (code !== 0) process.stdout.write(readFileSync(log, 'utf8'));
    else process.stdout.write(`schemathesis exited 0; its report: ${log}\n`);
    const cases = readJunit(readFileSync(junit, 'utf8'));
    const failed = cases.filter((c) => c.failure);
    if (process.env.FUZZ_SUMMARY)
      writeFileSync(
        process.env.FUZZ_SUMMARY,
        JSON.stringify({ passed: cases.length - failed.length, failed: failed.length, code }),
      );
    expect(cases.length).toBeGreaterThan(5);
    expect(failed.map((c) => `${c.name}: ${c.failure}`)).toEqual([]);
    expect(code).toBe(0);
  });
});

/**
 * The document without the routes that end sessions: one generated call would sign out the session
 * every later case uses, and the rest of the run would only meet 401s. Theirs are tested in
 * server/test/auth-abuse.spec.ts, the access matrix and the hostile-requests walk.
 */
function withoutSessionEnders(doc: OpenApiDocument): OpenApiDocument {
  for (const path of ['/api/auth/logout', '/api/auth/logout-all']) delete doc.paths[path];
  return doc;
}

/**
 * The document with every `userId` (path parameter or request body field) narrowed to the
 * signed-in user, so generated cases reach the handlers instead of stopping at 403; another
 * user's id is the access matrix's job (server/test/access-matrix.spec.ts).
 */
function pinUserId(doc: OpenApiDocument, userId: string): OpenApiDocument {
  const pinned = { type: 'string', enum: [userId] };
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item)) {
      for (const param of op.parameters ?? [])
        if (param.name === 'userId' && param.in === 'path') param.schema = pinned;
      const body = op.requestBody?.content?.['application/json']?.schema;
      if (body?.properties?.userId) body.properties.userId = pinned;
    }
  }
  return doc;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ name: string; in: string; schema?: object }>;
        requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, object> } }> };
      }
    >
  >;
}

/** Runs the command with its output (both streams) written to `logPath`; resolves its exit code. */
function runLogged(command: string, args: string[], logPath: string): Promise<number> {
  const logFd = openSync(logPath, 'w');
  return new Promise<number>((resolve) => {
    const child = spawn(command, args, {
      stdio: ['ignore', logFd, logFd],
      env: { ...process.env, NO_COLOR: '1', SCHEMATHESIS_HOOKS: join(__dirname, 'formats.py') },
    });
    child.on('exit', (c) => resolve(c ?? 1));
    child.on('error', (error) => {
      writeSync(logFd, `${command}: ${error.message}\n`);
      resolve(127);
    });
  }).finally(() => closeSync(logFd));
}

/** One result per operation from schemathesis' JUnit report. */
function readJunit(xml: string): CaseResult[] {
  const cases: CaseResult[] = [];
  for (const match of xml.matchAll(/<testcase\b([^>]*?)(\/>|>([\s\S]*?)<\/testcase>)/g)) {
    const name = /name="([^"]*)"/.exec(match[1])?.[1] ?? '?';
    const problem =
      /<(failure|error)\b[^>]*?(?:message="([^"]*)")?[^>]*>([\s\S]*?)<\/\1>|<(failure|error)\b[^>]*?message="([^"]*)"[^>]*\/>/.exec(
        match[3] ?? '',
      );
    cases.push({
      name: decode(name),
      failure: problem ? decode((problem[2] || problem[5] || problem[3] || 'failed').slice(0, 2000)) : null,
    });
  }
  return cases;
}

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#10;/g, '\n')
    .replace(/&amp;/g, '&');
