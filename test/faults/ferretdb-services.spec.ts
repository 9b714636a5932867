import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { mongo } from 'mongoose';

import { FerretDbProcess, SERVICES_SQLITE_PRAGMAS } from './ferretdb-process';

/**
 * scripts/services.sh reuses a FerretDB on its port that it did not start from its own DATA_DIR
 * (another checkout's, one started by hand) only when it is the build this checkout makes, run with
 * its SQLite settings; anything else is refused with what runs there and what to do, since the app
 * would otherwise run quietly without the patches it relies on or without durable commits.
 */
const SERVICES = join(__dirname, '..', '..', 'scripts', 'services.sh');

/** `services.sh start-mongo` on `port` from a DATA_DIR that started nothing → its exit code and messages. */
function startMongo(port: number): Promise<{ code: number; said: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sweat-services-'));
  return new Promise((resolve) => {
    const child = spawn('bash', [SERVICES, 'start-mongo'], {
      env: { ...process.env, LOCAL_MONGO_PORT: String(port), DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let said = '';
    child.stdout.on('data', (chunk) => (said += chunk));
    child.stderr.on('data', (chunk) => (said += chunk));
    child.on('exit', (code) => {
      rmSync(dataDir, { recursive: true, force: true });
      resolve({ code: code ?? 1, said });
    });
  });
}

/** A MongoDB wire-protocol server answering every command with `reply` (what its buildInfo says). */
async function fakeServer(reply: mongo.Document): Promise<{ port: number; close: () => Promise<void> }> {
  const server = createServer((socket) => {
    let received = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      while (received.length >= 4 && received.length >= received.readInt32LE(0)) {
        const requestId = received.readInt32LE(4);
        received = received.subarray(received.readInt32LE(0));
        const body = Buffer.concat([Buffer.alloc(4), Buffer.from([0]), mongo.BSON.serialize({ ...reply, ok: 1 })]);
        const header = Buffer.alloc(16);
        header.writeInt32LE(16 + body.length, 0);
        header.writeInt32LE(1, 4);
        header.writeInt32LE(requestId, 8);
        header.writeInt32LE(2013, 12); // OP_MSG
        socket.write(Buffer.concat([header, body]));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('scripts/services.sh with a FerretDB it did not start on its port', () => {
  it('reuses the same build run with the same SQLite settings', async () => {
    const ferret = await FerretDbProcess.create(SERVICES_SQLITE_PRAGMAS);
    try {
      const { code, said } = await startMongo(ferret.port);
      expect({ code, said }).toEqual({
        code: 0,
        said: expect.stringMatching(
          /reusing FerretDB v1\.24\.2-sweat\.\d+ on 127\.0\.0\.1:\d+ \(not started from DATA_DIR=.*, same settings\)/,
        ),
      });
    } finally {
      await ferret.remove();
    }
  });

  it('refuses the same build run with other SQLite settings (commits not durable)', async () => {
    const ferret = await FerretDbProcess.create();
    try {
      const { code, said } = await startMongo(ferret.port);
      expect({ code, said }).toEqual({
        code: 1,
        said: expect.stringMatching(
          /with other SQLite settings .* its commits may not be durable\. Stop it \(pid \d+\), or run on another port: LOCAL_MONGO_PORT/,
        ),
      });
    } finally {
      await ferret.remove();
    }
  });

  it('refuses an older build, naming it', async () => {
    const older = await fakeServer({ version: '7.0.42', ferretdbVersion: 'v1.24.2' });
    try {
      const { code, said } = await startMongo(older.port);
      expect({ code, said }).toEqual({
        code: 1,
        said: expect.stringMatching(
          /FerretDB v1\.24\.2 listens on 127\.0\.0\.1:\d+ .*, not v1\.24\.2-sweat\.\d+: it lacks patches this app relies on/,
        ),
      });
    } finally {
      await older.close();
    }
  });

  it('refuses a MongoDB server, saying how to use it on purpose', async () => {
    const mongodb = await fakeServer({ version: '7.0.5' });
    try {
      const { code, said } = await startMongo(mongodb.port);
      expect({ code, said }).toEqual({
        code: 1,
        said: expect.stringMatching(
          /MongoDB 7\.0\.5 listens on 127\.0\.0\.1:(\d+) .*not the local FerretDB: to use it, set MONGODB_URI=mongodb:\/\/127\.0\.0\.1:\1\/sweat/,
        ),
      });
    } finally {
      await mongodb.close();
    }
  });
});
