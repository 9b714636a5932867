// (3) Uploads: a 50 MB PUT through the disk driver. Server memory growth while it streams (peak RSS
// of the server process minus its RSS just before) and MB/s vs a local file-stream copy of the same
// bytes; for reference, the same PUT to a bare node:http server in its own process doing only what the
// disk driver does (bench/bare-upload-server.mjs), and the app's PUT with the client reading 64 KB at a
// time. Rounds alternate the four.
import { execFileSync, spawn } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';

import { fmt, median, row } from './lib.mjs';

const SIZE = 50 * 1024 * 1024;
const ROUNDS = 7;
const MB = 1024 * 1024;

/** A 50 MB "MP4": the ftyp box the type check reads, then filler. */
function videoFile(dir) {
  const bytes = Buffer.alloc(SIZE, 7);
  Buffer.from([0, 0, 0, 0x20, ...Buffer.from('ftypisom')]).copy(bytes);
  const path = join(dir, 'workout.mp4');
  writeFileSync(path, bytes);
  return path;
}

const rssBytes = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;

/** Samples the server's RSS every 5 ms while `work` runs; answers the growth over the start. */
async function peakGrowth(pid, work) {
  const before = rssBytes(pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, rssBytes(pid)) - before;
}

/**
 * The sending client reads its file 1 MB at a time, as a browser hands a file to the network. Node's
 * 64 KB default cost this client as much CPU as the server spent receiving (70–90 ms per 50 MB, on
 * the same 2 cores), so the figure measured the load tool as much as the server; the copy baseline
 * keeps Node's defaults. The table keeps a row sent 64 KB at a time for comparison.
 */
const CLIENT_READ = 1024 * 1024;

function put(url, path, readSize = CLIENT_READ) {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'PUT', headers: { 'content-type': 'video/mp4', 'content-length': SIZE } },
      (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () =>
          res.statusCode === 200 ? resolve() : reject(new Error(`PUT answered ${res.statusCode}: ${body}`)),
        );
      },
    );
    req.on('error', reject);
    createReadStream(path, { highWaterMark: readSize }).pipe(req);
  });
}

/**
 * Writes back what is dirty in the page cache before each timed transfer: every transfer leaves
 * 50 MB to be written back, and the kernel's writeback of one (or of the database's files after the
 * ledger bench) throttled whichever came next (the copy moved 300–1,100 MB/s between runs).
 */
const settle = () => execFileSync('sync');

/** Starts bench/bare-upload-server.mjs writing into `dir` → { url, stop }. */
async function startBareUploadServer(dir) {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./bare-upload-server.mjs', import.meta.url)), dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    child.stdout.once('data', (line) => resolve(Number(String(line).trim())));
    child.once('exit', (code) => reject(new Error(`bare upload server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/`, pid: child.pid, stop: () => child.kill() };
}

async function uploadUrl(server, session) {
  const res = await fetch(`${server.url}/api/proof/upload-url`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
    body: JSON.stringify({ kind: 'workout_video', size: SIZE }),
  });
  if (!res.ok) throw new Error(`upload-url answered ${res.status}: ${await res.text()}`);
  return (await res.json()).uploadURL;
}

export async function benchUploads({ server, session }) {
  const dir = mkdtempSync(join(tmpdir(), 'sweat-bench-upload-'));
  const source = videoFile(dir);
  const bare = await startBareUploadServer(dir);
  const growth = [];
  let firstGrowth;
  let bareFirstGrowth;
  const seconds = { upload: [], upload64k: [], bare: [], copy: [] };
  const timed = async (series, work) => {
    settle();
    const t0 = performance.now();
    const result = await work();
    seconds[series].push((performance.now() - t0) / 1000);
    return result;
  };
  try {
    // A server's first large PUT grows it once: Node allocates a fresh 64 KB buffer per socket read
    // and V8 collects them only when their total reaches its first GC limit; later PUTs reuse that
    // memory. So the first PUT of each server is measured apart, then the warm rounds.
    firstGrowth = await peakGrowth(server.pid, async () => put(await uploadUrl(server, session), source));
    bareFirstGrowth = await peakGrowth(bare.pid, () => put(bare.url, source));
    for (let round = 0; round < ROUNDS; round++) {
      const [url, url64k] = [await uploadUrl(server, session), await uploadUrl(server, session)];
      growth.push(await timed('upload', () => peakGrowth(server.pid, () => put(url, source))));
      await timed('upload64k', () => put(url64k, source, 64 * 1024));
      await timed('bare', () => put(bare.url, source));
      await timed('copy', () => pipeline(createReadStream(source), createWriteStream(join(dir, `copy-${round}`))));
      rmSync(join(dir, `copy-${round}`));
    }
  } finally {
    bare.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const rate = (series) => SIZE / MB / median(seconds[series]);
  const [uploadRate, upload64kRate, bareRate, copyRate] = [
    rate('upload'),
    rate('upload64k'),
    rate('bare'),
    rate('copy'),
  ];
  const growthMb = Math.max(...growth) / MB;
  return [
    row(
      'Uploads',
      `50 MB PUT, disk driver: MB/s (median of ${ROUNDS})`,
      fmt(uploadRate),
      `${fmt(copyRate)} local stream copy`,
      uploadRate / copyRate,
      '≥ 0.5',
      uploadRate / copyRate >= 0.5,
    ),
    row(
      'Uploads',
      'the same PUT, the client reading its file 64 KB at a time: MB/s',
      fmt(upload64kRate),
      `${fmt(copyRate)} local stream copy`,
      upload64kRate / copyRate,
      'reference',
      null,
    ),
    row(
      'Uploads',
      'the same PUT to a bare node:http server (sha256 + file, own process): MB/s',
      fmt(bareRate),
      `${fmt(copyRate)} local stream copy`,
      bareRate / copyRate,
      'reference',
      null,
    ),
    row(
      'Uploads',
      `server RSS growth during the PUT (MB, peak − before; the largest of ${ROUNDS}, median ${fmt(median(growth) / MB, 1)})`,
      fmt(growthMb, 1),
      '',
      null,
      '< 32 MB',
      growthMb < 32,
    ),
    row(
      'Uploads',
      "server RSS growth during the server's first PUT (MB, peak − before)",
      fmt(firstGrowth / MB, 1),
      `${fmt(bareFirstGrowth / MB, 1)} bare node:http server`,
      firstGrowth / bareFirstGrowth,
      '< 32 MB',
      firstGrowth < 32 * MB,
    ),
  ];
}
