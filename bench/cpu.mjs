// CPU use of the processes a load runs through, read from /proc: each process's utime + stime
// (/proc/<pid>/stat) and the whole machine's busy time (/proc/stat), as deltas over a window. In %
// of one core, so a process that keeps one core busy reads 100 and this 2-core machine tops at 200.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** utime + stime of `pid` in clock ticks, or NaN once it is gone. */
function processTicks(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name (which may hold spaces and parentheses) start at field 3;
    // utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return NaN;
  }
}

/** The machine's busy clock ticks over all cores: everything but idle and iowait (/proc/stat's first line). */
function machineBusyTicks() {
  const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const [idle, iowait] = [ticks[3], ticks[4]];
  return ticks.reduce((a, b) => a + b, 0) - idle - iowait;
}

/**
 * Starts a window over `pids` ({ name: pid }); the function it answers ends it → { name: % of one
 * core, …, others: the rest of the machine's busy time (this machine is shared), machine: all of
 * it }. A pid that is null or gone reads NaN.
 */
export function cpuWindow(pids) {
  const started = performance.now();
  const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, pid ? processTicks(pid) : NaN]));
  const machineBefore = machineBusyTicks();
  return () => {
    const seconds = (performance.now() - started) / 1000;
    const percent = (ticks) => (ticks / TICKS_PER_SECOND / seconds) * 100;
    const usage = Object.fromEntries(
      Object.entries(pids).map(([name, pid]) => [name, percent((pid ? processTicks(pid) : NaN) - before[name])]),
    );
    const machine = percent(machineBusyTicks() - machineBefore);
    const ours = Object.values(usage).filter((p) => !Number.isNaN(p));
    return { ...usage, others: Math.max(0, machine - ours.reduce((a, b) => a + b, 0)), machine };
  };
}
