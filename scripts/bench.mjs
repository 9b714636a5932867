#!/usr/bin/env node
// `npm run bench [-- --no-build] [-- api ledger uploads queue client scale load evidence activity-shapes trainlog]`: the ten
// benchmarks of bench/, each figure beside a baseline measured in the same run (2-core machines are noisy; the
// ratios are what compare across runs) or against its target. Prints a markdown table and puts its rows in
// bench/results.md in place of the same benches' earlier rows, keeping every other figure and the notes.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';

import { benchActivityShapes } from '../bench/activity-shapes.mjs';
import { benchApi } from '../bench/api.mjs';
import { benchClient } from '../bench/client.mjs';
import { benchEvidence } from '../bench/evidence.mjs';
import { startContext } from '../bench/in-process.mjs';
import { benchLedger } from '../bench/ledger.mjs';
import { benchEnv, dropBenchData, signIn, startServer } from '../bench/lib.mjs';
import { benchLoad } from '../bench/load.mjs';
import { benchQueue } from '../bench/queue.mjs';
import { benchScale } from '../bench/scale.mjs';
import { benchTrainingLog } from '../bench/trainlog.mjs';
import { benchUploads } from '../bench/uploads.mjs';
import {
  build,
  ensureDependencies,
  ensureNodeRuntime,
  ensureServices,
  exitOnSignals,
  onCleanup,
  ROOT,
  runCleanups,
  say,
  serviceEnv,
  StepFailed,
} from './lib.mjs';

ensureNodeRuntime();

const BENCHES = {
  api: benchApi,
  ledger: benchLedger,
  uploads: benchUploads,
  queue: benchQueue,
  client: benchClient,
  scale: benchScale,
  load: benchLoad,
  evidence: benchEvidence,
  'activity-shapes': benchActivityShapes,
  trainlog: benchTrainingLog,
};
/** The benches that call services inside this process (the built app as an application context). */
const IN_PROCESS = new Set(['ledger', 'queue']);

function selected() {
  const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const unknown = asked.filter((name) => !BENCHES[name]);
  if (unknown.length)
    throw new StepFailed(
      `unknown bench(es): ${unknown.join(', ')} (choose from ${Object.keys(BENCHES).join(', ')})`,
      2,
    );
  return asked.length ? asked : Object.keys(BENCHES);
}

/** Read before serviceEnv() fills MONGODB_URI in: given means the developer's own database. */
const DATABASE = process.env.MONGODB_URI ? 'the MongoDB at MONGODB_URI' : 'local FerretDB 1.24 (SQLite)';

function machine() {
  const memory = `${Math.round(totalmem() / 2 ** 30)} GiB RAM`;
  const database = DATABASE;
  return `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${memory}, Node ${process.version}, ${database}, Redis ${redisVersion()}`;
}

function redisVersion() {
  try {
    return /v=(\S+)/.exec(execFileSync('redis-server', ['--version'], { encoding: 'utf8' }))?.[1] ?? '?';
  } catch {
    return '?';
  }
}

function table(rows) {
  const head =
    '| Bench | Measure | Value | Baseline (same run) | Ratio | Target | Met |\n|---|---|---|---|---|---|---|';
  return [
    head,
    ...rows.map(
      (r) => `| ${r.bench} | ${r.measure} | ${r.value} | ${r.baseline} | ${r.ratio} | ${r.target} | ${r.ok} |`,
    ),
  ].join('\n');
}

/**
 * bench/results.md with this run's rows in place of the earlier rows of the same benches (new ones
 * at the table's end) and a dated line saying so under the table; every other row, line and
 * section is kept, so a run of one bench does not erase the others' figures.
 */
function merged(previous, rows, names, measured) {
  const ran = new Set(rows.map((r) => r.bench));
  const note = `Rows of ${[...ran].join(', ')}: ${measured} (\`npm run bench -- ${names.join(' ')}\`).`;
  const lines = previous.split('\n');
  const head = lines.findIndex((line) => line.startsWith('| Bench |'));
  if (head < 0)
    return [
      `${measured}.`,
      '',
      table(rows),
      '',
      'Command: `npm run bench` (updates this file: bench/results.md).',
      '',
    ].join('\n');
  let end = head + 2;
  while (end < lines.length && lines[end].startsWith('|')) end++;
  const label = (line) => line.split('|')[1]?.trim();
  const kept = lines.slice(head + 2, end).filter((line) => !ran.has(label(line)));
  const fresh = table(rows).split('\n').slice(2);
  const after = lines.slice(end).filter((line) => !line.startsWith(`Rows of ${[...ran].join(', ')}:`));
  return [...lines.slice(0, head + 2), ...kept, ...fresh, '', note, ...after.slice(after[0] === '' ? 1 : 0)].join('\n');
}

async function main() {
  exitOnSignals();
  const names = selected();
  await ensureDependencies();
  // Before serviceEnv() fills MONGODB_URI and REDIS_URL in: given, they mean services of one's own,
  // and the local ones would not be started.
  await ensureServices();
  Object.assign(process.env, serviceEnv());
  if (!process.argv.includes('--no-build')) {
    for (const target of ['server', 'client'])
      if ((await build(target)) !== 0) throw new StepFailed(`the ${target} build failed`);
  }

  say('starting the built server');
  const server = await startServer();
  onCleanup(() => server.stop());
  const session = await signIn(server.url);
  let ctx = null;
  if (names.some((name) => IN_PROCESS.has(name))) {
    const env = benchEnv();
    ctx = await startContext(env);
    onCleanup(async () => {
      await ctx.close();
      await dropBenchData(env);
    });
  }

  const rows = [];
  for (const name of names) {
    say(`bench: ${name}`);
    rows.push(...(await BENCHES[name]({ server, session, ctx })));
  }
  await runCleanups();

  const measured = `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine()}`;
  console.log([`${measured}.`, '', table(rows), ''].join('\n'));
  const results = join(ROOT, 'bench', 'results.md');
  writeFileSync(results, merged(existsSync(results) ? readFileSync(results, 'utf8') : '', rows, names, measured));
  // A measurement, not a gate: a missed target shows as NO in the table.
  process.exit(0);
}

main().catch(async (err) => {
  say(err instanceof StepFailed ? err.message : (err.stack ?? String(err)));
  await runCleanups();
  process.exit(err instanceof StepFailed ? err.code : 1);
});
