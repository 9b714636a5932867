import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { canConnect, freePort, killAndWait, waitFor } from '../../server/test/redis-process';

/** The SQLite settings scripts/services.sh runs FerretDB with (its SQLITE_PRAGMAS). */
export const SERVICES_SQLITE_PRAGMAS = /^SQLITE_PRAGMAS="(.+)"$/m.exec(
  readFileSync(join(__dirname, '..', '..', 'scripts', 'services.sh'), 'utf8'),
)![1];

/** FerretDB's binary, where scripts/services.sh builds it (with our patches). */
function ferretdbBinary(): string {
  if (process.env.FERRETDB_BIN) return process.env.FERRETDB_BIN;
  const gopath = execFileSync('go', ['env', 'GOPATH'], { encoding: 'utf8' }).trim();
  return join(gopath, 'bin', 'ferretdb');
}

/**
 * A private FerretDB (same flags as scripts/services.sh) on its own port and data directory, for
 * tests that stop and restart the database without disturbing the shared one. Its data survives
 * stop/start, like a database server that crashed and came back.
 */
export class FerretDbProcess {
  private child: ChildProcess | null = null;
  private readonly dir = mkdtempSync(join(tmpdir(), 'sweat-ferretdb-'));
  /** `sqliteParams`: extra query parameters of the SQLite URL, such as `_pragma=busy_timeout(200)`. */
  private constructor(
    readonly port: number,
    private readonly sqliteParams: string,
  ) {}

  static async create(sqliteParams = ''): Promise<FerretDbProcess> {
    const db = new FerretDbProcess(await freePort(), sqliteParams);
    await db.start();
    return db;
  }

  /** The SQLite file that holds a database. */
  file(database: string): string {
    return join(this.dir, `${database}.sqlite`);
  }

  uri(database: string): string {
    return `mongodb://127.0.0.1:${this.port}/${database}`;
  }

  async start(): Promise<void> {
    const args = [
      '--handler=sqlite',
      `--sqlite-url=file:${this.dir}/${this.sqliteParams ? `?${this.sqliteParams}` : ''}`,
      `--listen-addr=127.0.0.1:${this.port}`,
      `--state-dir=${this.dir}`,
      '--debug-addr=-',
      '--telemetry=disable',
      '--log-level=error',
    ];
    this.child = spawn(ferretdbBinary(), args, { stdio: 'ignore' });
    await waitFor(() => canConnect(this.port), 20_000);
  }

  /** SIGKILL: the database disappears mid-request, as in a crash. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    await killAndWait(child);
  }

  async remove(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
