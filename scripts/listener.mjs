// Which process listens on a TCP port of this machine, read from /proc (Linux): for the bench's CPU
// figures and for scripts/services.sh's check of a FerretDB it did not start.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * The pid of the process listening on TCP `port` on this machine, or null (not here, or not ours to
 * see): its listening socket's inode from /proc/net/tcp{,6}, then the process holding that inode.
 * By port rather than by name, because other developers may run FerretDB or Redis of their own.
 */
export function listenerPid(port) {
  const hexPort = `:${Number(port).toString(16).toUpperCase().padStart(4, '0')}`;
  const inodes = new Set();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const [, local, , state, , , , , , inode] = line.trim().split(/\s+/);
      if (state === '0A' && local?.endsWith(hexPort)) inodes.add(`socket:[${inode}]`); // 0A: LISTEN
    }
  }
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readdirSync(`/proc/${pid}/fd`).some((fd) => inodes.has(readlinkSync(`/proc/${pid}/fd/${fd}`))))
        return Number(pid);
    } catch {
      // a process that ended meanwhile, or one we may not look into
    }
  }
  return null;
}

/** The command line of `pid` as its arguments, or null when it cannot be read. */
export function commandLine(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return null;
  }
}
