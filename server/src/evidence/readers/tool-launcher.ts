import { spawn, type ChildProcess } from 'node:child_process';
import { EvidenceTimeout } from '../models/lazy-engine';

/**
 * ffmpeg and ffprobe started by a small Node process of their own, not by the process that checks
 * the evidence. Node (libuv 1.46) starts a program by fork(), which copies the page tables of the
 * whole process while its event loop waits: about 1 ms from a 50 MB process, 15 to 30 ms from an
 * API that holds the models (600 MB), for every run — a proof day takes four or five, and under
 * the mixed load those forks held the API's event loop for 15 s a minute. The launcher stays
 * small, so its forks are cheap and the API's loop never waits for one. No library does this
 * (posix_spawn would, but Node does not expose it), hence these few lines.
 */

/** Why a run gave no output: over its deadline, over its output limit, a non-zero exit, or not started at all. */
type Failure = { reason: 'timeout' } | { reason: 'too-large' } | { reason: 'exit'; detail: string } | { reason: 'spawn'; detail: string };
type Reply = { id: number } & ({ ok: true; output: Uint8Array } | ({ ok: false } & Failure));

/** The launcher, run with `node -e`: each message is one run; it answers with the run's output or why there is none. */
const LAUNCHER = `
const { spawn } = require('node:child_process');
const running = new Set();
process.on('message', ({ id, command, args, timeoutMs, maxBytes }) => {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  const chunks = [];
  let size = 0;
  let stderr = '';
  let failure = null;
  const stop = (why) => {
    failure = failure || why;
    child.kill('SIGKILL');
  };
  const timer = setTimeout(() => stop({ reason: 'timeout' }), timeoutMs);
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
});
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

class Launcher {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  constructor(private readonly child: ChildProcess) {
    // Idle, it keeps no process alive; a run in flight does, as a program started directly would.
    child.unref();
    child.channel?.unref();
    child.on('message', (reply: Reply) => this.answer(reply));
    child.on('exit', () => this.failAll(new Error('the media launcher stopped')));
    child.on('error', (err) => this.failAll(err));
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null && this.child.connected;
  }

  run(command: string, args: string[], timeoutMs: number, maxBytes: number): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      const timer = setTimeout(() => {
        // No answer well past the deadline: the launcher is stuck; the next run starts a fresh one.
        this.child.kill('SIGKILL');
        this.settle(id)?.reject(new EvidenceTimeout(command));
      }, timeoutMs + LAUNCHER_GRACE_MS);
      this.pending.set(id, { resolve, reject, command, maxBytes, timer });
      this.child.channel?.ref();
      this.child.send({ id, command, args, timeoutMs, maxBytes }, (err) => {
        if (err) this.settle(id)?.reject(err);
      });
    });
  }

  private answer(reply: Reply) {
    const call = this.settle(reply.id);
    if (!call) return;
    if (reply.ok) call.resolve(Buffer.from(reply.output.buffer, reply.output.byteOffset, reply.output.byteLength));
    else if (reply.reason === 'timeout') call.reject(new EvidenceTimeout(call.command));
    else if (reply.reason === 'too-large') call.reject(new ToolRefused(`${call.command} produced more than ${call.maxBytes} bytes`));
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

  private failAll(err: Error) {
    for (const id of [...this.pending.keys()]) this.settle(id)?.reject(err);
  }
}

let launcher: Launcher | null = null;

function current(): Launcher {
  if (!launcher?.alive) {
    // 'advanced' passes the output as bytes, not as JSON of every byte.
    launcher = new Launcher(spawn(process.execPath, ['-e', LAUNCHER], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' }));
  }
  return launcher;
}

/**
 * Runs `command` with `args` through the launcher → its standard output. Rejects with
 * EvidenceTimeout past `timeoutMs` (the run is killed), ToolRefused when it exits non-zero or
 * writes more than `maxBytes`, an Error when it cannot be started.
 */
export function launch(command: string, args: string[], timeoutMs: number, maxBytes: number): Promise<Buffer> {
  return current().run(command, args, timeoutMs, maxBytes);
}

/** The launcher's process id (started if need be): for tests that look at who started a program. */
export function launcherPid(): number | undefined {
  return current().pid;
}
