import { type ChildProcess, spawn } from 'node:child_process';

import { EvidenceTimeout } from '../models/lazy-engine';

/**
 * ffmpeg and ffprobe started by a small Node process of their own, not by the process that checks
 * the evidence. Node (libuv 1.46) starts a program by fork(), which copies the page tables of the
 * whole process while its event loop waits: about 1 ms from a 50 MB process, 15 to 30 ms from an
 * API that holds the models (600 MB), for every run — a proof day takes four or five, and under
 * the mixed load those forks held the API's event loop for 15 s of a two-minute run. The launcher stays
 * small, so its forks are cheap and the API's loop never waits for one. No library does this
 * (posix_spawn would, but Node does not expose it), hence these few lines.
 */

/** Why a run gave no output: over its deadline, over its output limit, a non-zero exit, or not started at all. */
type Failure =
  | { reason: 'timeout' }
  | { reason: 'too-large' }
  | { reason: 'exit'; detail: string }
  | { reason: 'spawn'; detail: string };
type Reply = { id: number } & ({ ok: true; output: Buffer } | ({ ok: false } & Failure));

/**
 * The launcher, run with `node -e`: each message is one run, until its deadline (ms since the
 * epoch, this machine's clock); it answers with the run's output or why there is none. It leads a
 * process group of its own (detached), so the API can kill it and every program it started at once.
 */
const LAUNCHER = `
const { spawn } = require('node:child_process');
const running = new Set();
function run({ id, command, args, deadline, maxBytes }) {
  let child = null;
  let failure = null;
  const stop = (why) => {
    failure = failure || why;
    if (child) child.kill('SIGKILL');
  };
  try {
    child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    const chunks = [];
    let size = 0;
    let stderr = '';
    const timer = setTimeout(() => stop({ reason: 'timeout' }), Math.max(0, deadline - Date.now()));
    child.stdout.on('data', (chunk) => {
      size += chunk.length;
      if (size > maxBytes) stop({ reason: 'too-large' });
      else chunks.push(chunk);
    });
    child.stderr.on('data', (chunk) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-2000);
    });
    child.on('error', (err) => stop({ reason: 'spawn', detail: err.message }));
    child.on('close', (code) => {
      clearTimeout(timer);
      running.delete(child);
      if (failure) process.send({ id, ok: false, ...failure });
      else if (code !== 0) process.send({ id, ok: false, reason: 'exit', detail: stderr.trim().split('\\n').pop() || command + ' exited with ' + code });
      else process.send({ id, ok: true, output: Buffer.concat(chunks) });
    });
  } catch (err) {
    // spawn refused (arguments, memory) or came back without its pipes (no file descriptors left).
    stop({ reason: 'spawn', detail: err.message });
    if (child) running.delete(child);
    process.send({ id, ok: false, reason: 'spawn', detail: err.message });
  }
}
process.on('message', run);
// The checking process is gone: what still runs is of no use to anybody.
process.on('disconnect', () => {
  for (const child of running) child.kill('SIGKILL');
  process.exit(0);
});
`;

/** How long past a run's deadline the launcher's answer is awaited before the launcher itself is taken for stuck. */
const LAUNCHER_GRACE_MS = 2000;

interface Pending {
  resolve: (output: Buffer) => void;
  reject: (err: Error) => void;
  command: string;
  maxBytes: number;
  timer: NodeJS.Timeout;
}

/** A run refused for what the program said of its input (exit status, output too large): the file's fault. */
export class ToolRefused extends Error {}

/** The launcher stopped (killed, out of memory, stuck) with the run in flight: not the file's fault, so it is run again. */
class LauncherStopped extends Error {}

class Launcher {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private stopped = false;

  constructor(private readonly child: ChildProcess) {
    // Idle, it keeps no process alive; a run in flight does, as a program started directly would.
    child.unref();
    child.channel?.unref();
    child.on('message', (reply: Reply) => this.answer(reply));
    // 'close' comes after the channel has delivered every answer the launcher sent ('exit' may not).
    child.on('close', () => this.stop());
    child.on('error', () => this.stop());
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get alive(): boolean {
    return !this.stopped && this.child.connected;
  }

  run(command: string, args: string[], deadline: number, maxBytes: number): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      const timer = setTimeout(
        () => {
          // No answer well past the deadline: the launcher is stuck; its runs go to a fresh one.
          this.settle(id)?.reject(new EvidenceTimeout(command));
          this.stop();
        },
        deadline - Date.now() + LAUNCHER_GRACE_MS,
      );
      this.pending.set(id, { resolve, reject, command, maxBytes, timer });
      this.child.channel?.ref();
      const failed = (err: Error | null) => {
        if (err) this.settle(id)?.reject(new LauncherStopped(err.message));
      };
      try {
        this.child.send({ id, command, args, deadline, maxBytes }, failed);
      } catch (err) {
        failed(err as Error);
      }
    });
  }

  /** Kills the launcher and every program it started (its process group), and fails what was in flight. */
  stop() {
    if (!this.stopped) {
      this.stopped = true;
      try {
        if (this.child.pid) process.kill(-this.child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    for (const id of [...this.pending.keys()])
      this.settle(id)?.reject(new LauncherStopped('the media launcher stopped'));
  }

  private answer(reply: Reply) {
    const call = this.settle(reply.id);
    if (!call) return;
    if (reply.ok) call.resolve(Buffer.from(reply.output.buffer, reply.output.byteOffset, reply.output.byteLength));
    else if (reply.reason === 'timeout') call.reject(new EvidenceTimeout(call.command));
    else if (reply.reason === 'too-large')
      call.reject(new ToolRefused(`${call.command} produced more than ${call.maxBytes} bytes`));
    else if (reply.reason === 'exit') call.reject(new ToolRefused(reply.detail));
    else call.reject(new Error(`${call.command} could not be started: ${reply.detail}`));
  }

  private settle(id: number): Pending | undefined {
    const call = this.pending.get(id);
    if (!call) return undefined;
    this.pending.delete(id);
    clearTimeout(call.timer);
    if (this.pending.size === 0) this.child.channel?.unref();
    return call;
  }
}

let launcher: Launcher | null = null;

function current(): Launcher {
  if (!launcher?.alive) {
    // 'advanced' passes the output as bytes, not as JSON of every byte; NODE_OPTIONS cleared, so an
    // --inspect or --require meant for the API does not start again in the launcher.
    const child = spawn(process.execPath, ['-e', LAUNCHER], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
      detached: true,
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    launcher = new Launcher(child);
  }
  return launcher;
}

/**
 * Runs `command` with `args` through the launcher → its standard output. Rejects with
 * EvidenceTimeout past `deadline` (ms since the epoch; the run is killed), ToolRefused when it
 * exits non-zero or writes more than `maxBytes`, an Error when it cannot be started. A run whose
 * launcher stopped under it is run once more on a fresh launcher, within the same deadline.
 */
export async function launch(command: string, args: string[], deadline: number, maxBytes: number): Promise<Buffer> {
  try {
    return await current().run(command, args, deadline, maxBytes);
  } catch (err) {
    if (!(err instanceof LauncherStopped)) throw err;
    if (Date.now() >= deadline) throw new EvidenceTimeout(command);
    return current().run(command, args, deadline, maxBytes);
  }
}

/** The launcher's process id (started if need be): for tests that look at who started a program. */
export function launcherPid(): number | undefined {
  return current().pid;
}

/** Stops the launcher and what it runs (on shutdown); the next run starts a new one. */
export function stopLauncher(): void {
  launcher?.stop();
  launcher = null;
}
