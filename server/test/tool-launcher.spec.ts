import { execFileSync } from 'node:child_process';
import { EvidenceTimeout } from '../src/evidence/models/lazy-engine';
import { ToolRefused, launch, launcherPid } from '../src/evidence/readers/tool-launcher';

/** ffmpeg generating `seconds` of a test picture and throwing it away: a run that lasts. */
const busyRun = (seconds: number) => ['-v', 'error', '-nostdin', '-re', '-f', 'lavfi', '-i', `testsrc=size=64x64:rate=10:duration=${seconds}`, '-f', 'null', '-'];

/** The parent process id of each running ffmpeg whose command line holds `marker`. */
function parentsOf(marker: string): number[] {
  const lines = execFileSync('ps', ['-eo', 'ppid=,args='], { encoding: 'utf8' }).split('\n');
  return lines.filter((line) => line.includes('ffmpeg') && line.includes(marker)).map((line) => Number(line.trim().split(/\s+/)[0]));
}

const waitFor = async <T>(read: () => T, ok: (value: T) => boolean): Promise<T> => {
  for (let i = 0; i < 100; i++) {
    const value = read();
    if (ok(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('never happened');
};

describe('ffmpeg and ffprobe run through the launcher (real programs)', () => {
  it('starts them from the launcher, not from this process, and answers their output', async () => {
    const run = launch('ffmpeg', busyRun(1.5), 10_000, 1024);
    const parents = await waitFor(() => parentsOf('duration=1.5'), (found) => found.length > 0);
    expect(parents).toEqual([launcherPid()]);
    expect(parents).not.toContain(process.pid);
    await expect(run).resolves.toEqual(Buffer.alloc(0));
    const version = await launch('ffprobe', ['-version'], 10_000, 1024 * 1024);
    expect(version.toString('utf8')).toMatch(/^ffprobe version/);
  });

  it('refuses a run that exits with an error or writes too much, and kills one past its time', async () => {
    await expect(launch('ffprobe', ['-v', 'error', '/nonexistent/file.mp4'], 10_000, 1024)).rejects.toThrow(ToolRefused);
    await expect(launch('ffprobe', ['-version'], 10_000, 16)).rejects.toThrow('ffprobe produced more than 16 bytes');
    const started = Date.now();
    await expect(launch('ffmpeg', busyRun(30), 300, 1024)).rejects.toBeInstanceOf(EvidenceTimeout);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await waitFor(() => parentsOf('duration=30'), (found) => found.length === 0)).toEqual([]);
  });

  it('fails the runs of a launcher that died, and the next run starts a new one', async () => {
    const first = launcherPid()!;
    const run = launch('ffmpeg', busyRun(5), 10_000, 1024);
    await waitFor(() => parentsOf('duration=5'), (found) => found.length > 0);
    process.kill(first, 'SIGKILL');
    await expect(run).rejects.toThrow('the media launcher stopped');
    // Its ffmpeg, orphaned, runs to its own end: nobody is left to kill it, and it writes nowhere.
    const version = await launch('ffprobe', ['-version'], 10_000, 1024 * 1024);
    expect(version.toString('utf8')).toMatch(/^ffprobe version/);
    expect(launcherPid()).not.toBe(first);
  });
});
