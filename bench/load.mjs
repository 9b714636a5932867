// (6) Load: the mixed load of `npm test -- faults` (its scenario, test/load/scenario.ts) generated from
// this process against the built server in a process of its own, as users reach it; the test runs
// client and app on one event loop. On a server of its own (fresh database) with the test's 300 s
// AI job limit, so slow answers are measured rather than cut off at 504.
// 1. Closed loop: BENCH_LOAD_USERS users (200) in rounds for BENCH_LOAD_SECONDS (60): p50 / p95 per
//    route against the latency targets, and no 5xx.
// 2. Open loop: rounds arriving at a fixed rate whatever the answers' times, stepped up through
//    BENCH_LOAD_RATES req/s (25,50,100,200,400), BENCH_LOAD_STEP_SECONDS (10) each, until p95 passes
//    1 s or errors appear: the highest rate held with p95 under 300 ms, and the CPU of the server,
//    FerretDB, Redis and this load generator per step, to see which saturates first.
// Then `ledger:verify` (the operator command) on the server's database.
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { say } from '../scripts/lib.mjs';
import { listenerPid } from '../scripts/listener.mjs';
import { cpuWindow } from './cpu.mjs';
import { fmt, percentile, row, runNode, signIn, sleep, startServer, timedPool, typescript } from './lib.mjs';

const USERS = Number(process.env.BENCH_LOAD_USERS ?? 200);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const RATES = (process.env.BENCH_LOAD_RATES ?? '25,50,100,200,400').split(',').map(Number);
const STEP_SECONDS = Number(process.env.BENCH_LOAD_STEP_SECONDS ?? 10);

/** The targets: p95 under 1 s per route, validate-all under 5 s (its proof checks are CPU work). */
const p95TargetMs = (route) => (route === 'POST /api/proof/validate-all' ? 5000 : 1000);
/** An open-loop step is held when its p95 stays under this and nothing failed. */
const HELD_P95_MS = 300;
/** Stepping stops after a step past this p95 (or with errors): the server is past saturation. */
const GIVE_UP_P95_MS = 1000;
/** Sign-ins in flight while preparing users: setup, not measured, kept from swamping the server. */
const SIGN_IN_CONCURRENCY = 8;

/** The scenario is TypeScript shared with the test. */
const loadScenario = () => typescript('test/load/scenario.ts');

/** `count` users through the real Phantom sign-in, each then granted the scenario's credits (`what`: whom for, said while it runs). */
async function preparedUsers(scenario, server, count, what) {
  const started = performance.now();
  const users = [];
  await timedPool(count, SIGN_IN_CONCURRENCY, async () => users.push(await signIn(server.url)));
  const { amount, reason, idempotencyKey } = scenario.LOAD_GRANT;
  const grants = users.map(({ user }) => ({ userId: user.id, idempotencyKey: idempotencyKey(user.id) }));
  const { code } = await runNode(
    [fileURLToPath(new URL('./grant-credits.mjs', import.meta.url))],
    server.env,
    JSON.stringify({ amount, reason, grants }),
  );
  if (code !== 0) throw new Error(`granting credits to the load's users failed (exit ${code})`);
  say(
    `load: ${count} users signed in and granted ${amount} credits for ${what} (${fmt((performance.now() - started) / 1000, 1)} s)`,
  );
  return users;
}

/** The operator's `ledger:verify` on the server's database → { ok, summary } (its last line). */
async function ledgerVerify(server) {
  const { code, stdout } = await runNode([join('server', 'dist', 'cli.js'), 'ledger:verify'], server.env);
  return { ok: code === 0, summary: stdout.trim().split('\n').pop() };
}

/** The processes whose CPU is sampled; FerretDB and Redis found by the ports the server uses (null if not local). */
function loadProcesses(server) {
  const localPort = (uri) => {
    const { hostname, port } = new URL(uri);
    return ['127.0.0.1', 'localhost', '[::1]'].includes(hostname) ? port : null;
  };
  const pidOn = (port) => (port ? listenerPid(port) : null);
  return {
    server: server.pid,
    FerretDB: pidOn(localPort(server.env.MONGODB_URI)),
    Redis: pidOn(localPort(server.env.REDIS_URL)),
    generator: process.pid,
  };
}

/** CPU % of one core, "server 80, FerretDB 60, Redis 5, generator 20, others 3 (machine 168 of 200)"; n/a where a process was not found. */
function cpuText({ machine, ...processes }) {
  const percent = (p) => (Number.isNaN(p) ? 'n/a' : fmt(p));
  const each = Object.entries(processes).map(([name, p]) => `${name} ${percent(p)}`);
  return `${each.join(', ')} (machine ${percent(machine)} of ${cpus().length * 100})`;
}

/** Refusals the scenario asks for: its fakes refused by the proof checks, redemptions past the balance. */
const EXPECTED_REFUSALS = { 'POST /api/proof/validate-all': 422, 'POST /api/credits/redeem': 409 };
const isError = (sample) =>
  sample.status < 200 || (sample.status >= 400 && EXPECTED_REFUSALS[sample.route] !== sample.status);
/** A step or run with an error answer, or a round broken off (no answer, or one it could not go on from). */
const failed = (run) => run.errors > 0 || run.brokenOff > 0;

// ---------------------------------------------------------------------------------------------
// Closed loop

async function closedLoop(scenario, server, processes) {
  const users = await preparedUsers(scenario, server, USERS, 'the closed loop');
  const api = new scenario.LoadClient(server.url);
  say(`load: closed loop, ${USERS} users for ${SECONDS} s`);
  const cpu = cpuWindow(processes);
  const started = performance.now();
  const deadline = Date.now() + SECONDS * 1000;
  // A user whose round breaks off (a connection failed) stops; counted, so the run still reports.
  const stopped = await Promise.all(
    users.map((me, i) =>
      scenario.roundsUntil(api, me, i, deadline).then(
        () => false,
        () => true,
      ),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  return { samples: api.samples, seconds, usage: cpu(), brokenOff: stopped.filter(Boolean).length };
}

function closedLoopRows(scenario, { samples, seconds, usage, brokenOff }) {
  const title = `closed loop (${USERS} users, ${SECONDS} s)`;
  const ms = (r) => `${fmt(r.p50)} / ${fmt(r.p95)}`;
  const rows = scenario.summarize(samples).map((r) => {
    if (r.route === 'all')
      return row(
        'Load',
        `${title}: all routes, p50 / p95 ms (${fmt(r.requests)} requests, ${fmt(r.requests / seconds)}/s)`,
        ms(r),
        '',
        null,
        '',
        null,
      );
    const target = p95TargetMs(r.route);
    return row(
      'Load',
      `${title}: ${r.route}, p50 / p95 ms (${fmt(r.requests)} requests: ${r.statuses})`,
      ms(r),
      '',
      null,
      `p95 < ${target / 1000} s`,
      r.p95 < target,
    );
  });
  const serverErrors = samples.filter((s) => s.status >= 500 || s.status === 0).length;
  rows.push(
    row(
      'Load',
      `${title}: 5xx answers and failed connections (${brokenOff} users broken off)`,
      fmt(serverErrors),
      '',
      null,
      '0',
      serverErrors === 0 && brokenOff === 0,
    ),
  );
  rows.push(row('Load', `${title}: CPU % of one core over the run`, cpuText(usage), '', null, 'reference', null));
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Open loop

/** Rounds in a step at `rate` req/s: each new user's round (the day proved in it) is FIRST_ROUND_REQUESTS requests. */
const roundsAt = (scenario, rate) => Math.max(1, Math.round((rate / scenario.FIRST_ROUND_REQUESTS) * STEP_SECONDS));

/**
 * Calls `startRound(i)` for i = 0 … count − 1 at `perSecond`, each on its own schedule whatever the
 * earlier rounds' answers (an arrival that is late, because this process was busy, goes at once);
 * resolves at the end of the window, count / perSecond after the start.
 * Hand-written rather than autocannon or k6: autocannon sends a connection's next request only
 * after its answer, so a slow server is offered less (a closed loop again), and k6 would need a Go
 * build and a second copy of the scenario in its own JavaScript; here the rounds are the scenario's.
 * A round's requests follow each other (complete needs the generated workout, validate-all the
 * uploads), so what arrives at the fixed rate is a user's round, as in k6's constant-arrival-rate.
 */
async function arrivals(count, perSecond, startRound) {
  const started = performance.now();
  const rounds = [];
  const lateMs = [];
  for (let i = 0; i < count; i++) {
    const due = started + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    lateMs.push(performance.now() - due);
    rounds.push(startRound(i));
  }
  // The window lasts until the next arrival would be due, so a step of few rounds still spans its time.
  await sleep(started + (count * 1000) / perSecond - performance.now());
  return { rounds, lateMs };
}

/** One step: its rounds arrive over STEP_SECONDS; CPU is sampled over the arrivals, latency over every request of the step's rounds. */
async function openStep(scenario, server, processes, rate, users, firstSeed) {
  const api = new scenario.LoadClient(server.url);
  const cpu = cpuWindow(processes);
  const started = performance.now();
  const { rounds, lateMs } = await arrivals(users.length, rate / scenario.FIRST_ROUND_REQUESTS, (i) =>
    scenario.round(api, users[i], scenario.proofOf(firstSeed + i)).then(
      () => false,
      () => true,
    ),
  );
  const usage = cpu();
  const answeredPerSecond = api.samples.length / ((performance.now() - started) / 1000);
  const brokenOff = (await Promise.all(rounds)).filter(Boolean).length;
  const ms = api.samples.map((s) => s.ms);
  const errors = api.samples.filter(isError).length;
  return {
    rate,
    requests: api.samples.length,
    answeredPerSecond,
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
    errors,
    brokenOff,
    lateP95: percentile(lateMs, 95),
    usage,
  };
}

/** What a step did besides its latency: answered rate, errors, the generator's own lateness, CPU. */
const stepText = (s) =>
  `${fmt(s.answeredPerSecond)}/s answered during the arrivals, ${fmt(s.requests)} requests, ${s.errors} errors, ${s.brokenOff} rounds broken off, ` +
  `arrivals late p95 ${fmt(s.lateP95)} ms; CPU % of one core: ${cpuText(s.usage)}`;

async function openLoop(scenario, server, processes) {
  const steps = [];
  // Proof seeds go on after the closed loop's users': every proof file is new to the server.
  let firstSeed = USERS;
  for (const rate of RATES) {
    // A fresh user per round, so every round proves its day as a user's first round does; signed in
    // before the step, outside its timing.
    const users = await preparedUsers(scenario, server, roundsAt(scenario, rate), `the open loop at ${rate} req/s`);
    const step = await openStep(scenario, server, processes, rate, users, firstSeed);
    firstSeed += users.length;
    steps.push(step);
    say(`load: open loop at ${rate} req/s: p50 / p95 ${fmt(step.p50)} / ${fmt(step.p95)} ms; ${stepText(step)}`);
    if (step.p95 > GIVE_UP_P95_MS || failed(step)) break;
  }
  return steps;
}

const held = (step) => step.p95 < HELD_P95_MS && !failed(step);

function openLoopRows(steps) {
  const rows = steps.map((s) =>
    row(
      'Load',
      `open loop at ${s.rate} req/s for ${STEP_SECONDS} s, p50 / p95 ms (${stepText(s)})`,
      `${fmt(s.p50)} / ${fmt(s.p95)}`,
      '',
      null,
      `p95 < ${HELD_P95_MS} ms`,
      held(s),
    ),
  );
  const highest = Math.max(0, ...steps.filter(held).map((s) => s.rate));
  rows.push(
    row(
      'Load',
      `open loop: highest rate held (p95 < ${HELD_P95_MS} ms, no errors)`,
      highest ? `${highest} req/s` : `none of ${RATES.join(', ')}`,
      '',
      null,
      'reported',
      null,
    ),
  );
  // Where the first step that was not held (else the last step) spent its CPU: a process near a full
  // core is what saturates; with none there and the machine near full, the processes together fill
  // its cores. A full machine with much `others` means the run shared its cores with other work.
  const telling = steps.find((s) => !held(s)) ?? steps.at(-1);
  const { machine, others, ...usage } = telling.usage;
  const [busiest, percent] = Object.entries(usage)
    .filter(([, p]) => !Number.isNaN(p))
    .sort((a, b) => b[1] - a[1])[0];
  const which = `${telling.rate} req/s, ${held(telling) ? 'the last step' : 'the first step not held'}`;
  const context = `machine ${fmt(machine)} of ${cpus().length * 100}, others ${fmt(others)}`;
  rows.push(
    row(
      'Load',
      `open loop: what is full at ${which} (CPU % of one core; ${context})`,
      saturation(busiest, percent, machine),
      '',
      null,
      'reported',
      null,
    ),
  );
  return rows;
}

/** Near this share of its capacity a core, or the machine, counts as full. */
const FULL = 0.9;

function saturation(busiest, percent, machine) {
  const capacity = cpus().length * 100;
  if (percent >= FULL * 100) return `${busiest} ${fmt(percent)} (a full core)`;
  if (machine >= FULL * capacity) return `the machine (no process at a full core; busiest ${busiest} ${fmt(percent)})`;
  return `no core (busiest ${busiest} ${fmt(percent)}): the limit is not CPU`;
}

/**
 * Little's law: users who send their next request as soon as the last is answered are answered at
 * X = N / R, R their mean response time. The rate at which the closed loop's mean would be its
 * targets' (each route's p95 target, weighted by its requests) beside the rates the machine answered:
 * below it, no work on the slow routes' queries alone can meet the targets.
 */
function neededRateRow(scenario, closed, steps) {
  const routes = scenario.summarize(closed.samples).filter((r) => r.route !== 'all');
  const requests = routes.reduce((n, r) => n + r.requests, 0);
  const targetMeanSeconds = routes.reduce((sum, r) => sum + r.requests * p95TargetMs(r.route), 0) / requests / 1000;
  const needed = USERS / targetMeanSeconds;
  const closedRate = closed.samples.length / closed.seconds;
  const openBest = Math.max(0, ...steps.map((s) => s.answeredPerSecond));
  return row(
    'Load',
    `closed loop: answered rate its targets need (Little's law: ${USERS} users / ${fmt(targetMeanSeconds, 2)} s, the targets weighted by requests) · answered in the closed loop · best answered in the open loop`,
    `${fmt(needed)}/s · ${fmt(closedRate)}/s · ${fmt(openBest)}/s`,
    '',
    null,
    'reference',
    null,
  );
}

// ---------------------------------------------------------------------------------------------

export async function benchLoad() {
  const scenario = loadScenario();
  // TEST_CLOCK: a round lets half its workout's minutes pass on the server's clock before completing it;
  // production refuses it, and the app reads NODE_ENV for nothing else.
  const server = await startServer({ AI_JOB_TIMEOUT_MS: '300000', NODE_ENV: 'test', TEST_CLOCK: '1' });
  try {
    const processes = loadProcesses(server);
    const closed = await closedLoop(scenario, server, processes);
    const rows = closedLoopRows(scenario, closed);
    const steps = await openLoop(scenario, server, processes);
    rows.push(...openLoopRows(steps), neededRateRow(scenario, closed, steps));
    const verify = await ledgerVerify(server);
    rows.push(row('Load', 'ledger:verify after both loops', verify.summary, '', null, 'clean', verify.ok));
    return rows;
  } finally {
    await server.stop();
  }
}
