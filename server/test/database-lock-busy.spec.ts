import { spawn } from 'node:child_process';

import { mongo } from 'mongoose';

import { FerretDbProcess } from '../../test/faults/ferretdb-process';

/**
 * When the local store's SQLite write lock stays taken past its wait, FerretDB answers MongoDB's
 * LockBusy code (46), which the app's error filter turns into a 503 (local-store/patches/5-*.patch):
 * the app tells "busy" from "broken" by code, not by the text of the message. Here another process
 * holds the lock (an exclusive SQLite transaction) while a write arrives.
 */
describe('local store: a write that cannot get the lock', () => {
  let ferret: FerretDbProcess;
  beforeAll(async () => (ferret = await FerretDbProcess.create('_pragma=busy_timeout(300)')));
  afterAll(async () => ferret?.remove());

  it('fails with LockBusy (46), and succeeds once the lock is free', async () => {
    const client = await new mongo.MongoClient(ferret.uri('busy')).connect();
    try {
      const col = client.db().collection('entries');
      await col.insertOne({ _id: 'first' } as never);

      const holder = spawn('python3', ['-c', LOCK_HOLDER, ferret.file('busy')], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      await new Promise<void>((resolve) => holder.stdout!.once('data', () => resolve()));
      const refused = await col.insertOne({ _id: 'second' } as never).catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(mongo.MongoServerError);
      expect((refused as mongo.MongoServerError).code).toBe(46);

      holder.kill('SIGTERM');
      await new Promise((resolve) => holder.once('exit', resolve));
      await col.insertOne({ _id: 'second' } as never);
      expect(await col.countDocuments()).toBe(2);
    } finally {
      await client.close();
    }
  });
});

/** Takes SQLite's write lock on the file, says so, and keeps it until killed. */
const LOCK_HOLDER = `
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute('BEGIN EXCLUSIVE')
print('locked', flush=True)
time.sleep(60)
`;
