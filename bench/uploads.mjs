// (3) Uploads: a 50 MB PUT through the disk driver. Server memory growth while it streams (peak RSS
// of the server process minus its RSS just before) and MB/s vs a local file-stream copy of the same
// bytes; for reference, the same PUT to a bare node:http server in its own process doing only what the
// disk driver does (bench/bare-upload-server.mjs). Rounds alternate the three.
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { fmt, median, row } from './lib.mjs';

const SIZE = 50 * 1024 * 1024;
const ROUNDS = 3;
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

function put(url, path) {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'PUT', headers: { 'content-type': 'video/mp4', 'content-length': SIZE } }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`PUT answered ${res.statusCode}: ${body}`))));
    });
    req.on('error', reject);
    createReadStream(path).pipe(req);
  });
}

/** Starts bench/bare-upload-server.mjs writing into `dir` → { url, stop }. */
async function startBareUploadServer(dir) {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./bare-upload-server.mjs', import.meta.url)), dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolve, reject) => {
    child.stdout.once('data', (line) => resolve(Number(String(line).trim())));
    child.once('exit', (code) => reject(new Error(`bare upload server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
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
  const seconds = { upload: [], bare: [], copy: [] };
  const timed = async (series, work) => {
    const t0 = performance.now();
    const result = await work();
    seconds[series].push((performance.now() - t0) / 1000);
    return result;
  };
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const url = await uploadUrl(server, session);
      growth.push(await timed('upload', () => peakGrowth(server.pid, () => put(url, source))));
      await timed('bare', () => put(bare.url, source));
      await timed('copy', () => pipeline(createReadStream(source), createWriteStream(join(dir, `copy-${round}`))));
      rmSync(join(dir, `copy-${round}`));
    }
  } finally {
    bare.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const rate = (series) => SIZE / MB / median(seconds[series]);
  const [uploadRate, bareRate, copyRate] = [rate('upload'), rate('bare'), rate('copy')];
  const growthMb = median(growth) / MB;
  return [
    row('Uploads', `50 MB PUT, disk driver: MB/s (median of ${ROUNDS})`, fmt(uploadRate), `${fmt(copyRate)} local stream copy`, uploadRate / copyRate, '≥ 0.5', uploadRate / copyRate >= 0.5),
    row('Uploads', 'the same PUT to a bare node:http server (sha256 + file, own process): MB/s', fmt(bareRate), `${fmt(copyRate)} local stream copy`, bareRate / copyRate, 'reference', null),
    row('Uploads', 'server RSS growth during the PUT (MB, peak − before)', fmt(growthMb, 1), '', null, '< 32 MB', growthMb < 32),
  ];
}
