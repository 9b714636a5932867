import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';

import { EvidenceTimeout } from '../src/evidence/models/lazy-engine';
import { launch, launcherPid, stopLauncher, ToolRefused } from '../src/evidence/readers/tool-launcher';

/** ffmpeg generating `seconds` of a test picture in real time and throwing it away: a run that lasts, named by `marker`. */
const busyRun = (seconds: number, marker: string) => [
  ...['-v', 'error', '-nostdin', '-re', '-f', 'lavfi', '-i', `testsrc=size=64x64:rate=10:duration=${seconds}`],
  ...['-metadata', `comment=${marker}`, '-f', 'null', '-'],
];

/** The command lines of the processes `ps` selects with `selector` (e.g. ['--ppid', '123']) that hold `marker`. */
function processes(selector: string[], marker: string): string[] {
  try {
    return execFileSync('ps', [...selector, '-o', 'args='], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.includes(marker));
  } catch {
    return []; // ps exits 1 when it selects nothing
  }
}

/** A deadline `ms` from now. */
const within = (ms: number) => Date.now() + ms;

async function waitFor<T>(read: () => T, ok: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = read();
    if (ok(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('never happened');
}

describe('ffmpeg and ffprobe run through the launcher (real programs)', () => {
  afterAll(() => stopLauncher());

  it('starts them from the launcher, not from this process, and answers their output', async () => {
    const marker = randomUUID();
    const run = launch('ffmpeg', busyRun(3, marker), within(20_000), 1024);
    const launcher = String(launcherPid());
    expect(
      await waitFor(
        () => processes(['--ppid', launcher], marker),
        (found) => found.length > 0,
      ),
    ).toHaveLength(1);
    expect(processes(['--ppid', String(process.pid)], marker)).toEqual([]);
    await expect(run).resolves.toEqual(Buffer.alloc(0));
    const version = await launch('ffprobe', ['-version'], within(10_000), 1024 * 1024);
    expect(version.toString('utf8')).toMatch(/^ffprobe version/);
  });

  it('refuses a run that exits with an error or writes too much, and kills one past its time itself', async () => {
    await expect(launch('ffprobe', ['-v', 'error', '/nonexistent/file.mp4'], within(10_000), 1024)).rejects.toThrow(
      ToolRefused,
    );
    await expect(launch('ffprobe', ['-version'], within(10_000), 16)).rejects.toThrow(
      'ffprobe produced more than 16 bytes',
    );
    await expect(launch('no-such-program-here', [], within(10_000), 16)).rejects.toThrow(
      'no-such-program-here could not be started',
    );
    const launcher = launcherPid();
    const marker = randomUUID();
    await expect(launch('ffmpeg', busyRun(30, marker), within(300), 1024)).rejects.toBeInstanceOf(EvidenceTimeout);
    // The launcher killed it and said so: had it not answered, the API would have replaced it.
    expect(launcherPid()).toBe(launcher);
    expect(
      await waitFor(
        () => processes(['-e'], marker),
        (found) => found.length === 0,
      ),
    ).toEqual([]);
  });

  it('runs again on a fresh launcher what a dead one had in flight, and kills what the dead one started', async () => {
    const first = launcherPid()!;
    const marker = randomUUID();
    // Ten minutes of work with a 4 s deadline: it ends only when killed.
    const run = launch('ffmpeg', busyRun(600, marker), within(4000), 1024);
    await waitFor(
      () => processes(['--ppid', String(first)], marker),
      (found) => found.length > 0,
    );
    process.kill(first, 'SIGKILL');
    const second = await waitFor(
      () => launcherPid(),
      (pid) => pid !== first,
    );
    expect(
      await waitFor(
        () => processes(['--ppid', String(second)], marker),
        (found) => found.length > 0,
      ),
    ).toHaveLength(1);
    await expect(run).rejects.toBeInstanceOf(EvidenceTimeout);
    // The dead launcher led a session of its own: nothing of it is left running.
    expect(
      await waitFor(
        () => processes(['--sid', String(first)], marker),
        (found) => found.length === 0,
      ),
    ).toEqual([]);
    expect(
      await waitFor(
        () => processes(['-e'], marker),
        (found) => found.length === 0,
      ),
    ).toEqual([]);
  });
});
