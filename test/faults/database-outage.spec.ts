import { LedgerService } from '../../server/src/ledger/ledger.service';
import { LedgerReadsService } from '../../server/src/ledger/ledger-reads.service';
import { SignedIn, signIn, startTestApp, TestApp } from '../../server/test/harness';
import { waitFor } from '../../server/test/redis-process';
import { FerretDbProcess } from './ferretdb-process';

/**
 * The database killed while users read and credits are posted, then started again on the same
 * data: /api/health says 503 while it is down, requests fail fast with a 5xx that says so (503,
 * never a hang), the app reconnects by itself, and the ledger has no partial write: every
 * balance still equals its entries.
 */
describe('database stopped and restarted under load', () => {
  let db: FerretDbProcess;
  let t: TestApp;
  let users: SignedIn[];

  beforeAll(async () => {
    db = await FerretDbProcess.create();
    t = await startTestApp({ MONGODB_URI: db.uri('sweat_faults') }, { workers: false });
    users = await Promise.all(Array.from({ length: 3 }, () => signIn(t)));
  });
  afterAll(async () => {
    await t?.close().catch(() => undefined);
    await db?.remove();
  });

  /** Readers over HTTP and writers posting credits, until stopped; answers what each saw. */
  function load() {
    const ledger = t.app.get(LedgerService);
    let running = true;
    const statuses: number[] = [];
    const postings = { ok: 0, failed: 0 };
    const readers = users.map(async (me) => {
      while (running) statuses.push((await t.http.get('/api/user').set(me.auth)).status);
    });
    const writers = users.map(async (me) => {
      while (running) {
        await ledger.post({ userId: me.user.id, amount: 5, kind: 'bench', reason: 'load during an outage' }).then(
          () => postings.ok++,
          () => postings.failed++,
        );
      }
    });
    return {
      async stop() {
        running = false;
        await Promise.all([...readers, ...writers]);
        return { statuses, postings };
      },
    };
  }

  it('answers 503 while down, recovers by itself and leaves no partial ledger write', async () => {
    const running = load();
    await new Promise((r) => setTimeout(r, 1000));
    await db.stop();
    await waitFor(async () => (await t.http.get('/api/health')).status === 503, 10_000);
    const down = await t.http.get('/api/user').set(users[0].auth);
    expect(down.status).toBe(503);

    await db.start();
    await waitFor(async () => (await t.http.get('/api/health')).status === 200, 30_000);
    await waitFor(async () => (await t.http.get('/api/user').set(users[0].auth)).status === 200, 30_000);
    await new Promise((r) => setTimeout(r, 1000)); // traffic on the recovered connection
    const { statuses, postings } = await running.stop();

    expect(postings.ok).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    const report = await t.app.get(LedgerReadsService).verify();
    expect(report.problems).toEqual([]);
    for (const me of users) {
      const shown = (await t.http.get('/api/user').set(me.auth).expect(200)).body.sweatCredits;
      expect(shown).toBe(await t.app.get(LedgerReadsService).balance(me.user.id));
    }
  });
});
