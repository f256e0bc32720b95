import fs from 'node:fs';

const O_CLOEXEC = 0o2000000;

function closesOnExec(fd: number): boolean | null {
  try {
    const info = fs.readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8');
    const flags = Number.parseInt(/^flags:\s*([0-7]+)/m.exec(info)?.[1] ?? '', 8);
    return Number.isNaN(flags) ? null : (flags & O_CLOEXEC) !== 0;
  } catch {
    return null; // not open (any more)
  }
}

/**
 * This process's descriptors that a child inherits (no close-on-exec), above the runner process's
 * stdio and IPC channel (0–3). Node opens all of its own with close-on-exec, so these came from whoever
 * started the server (a shell's pipe, a supervisor's socket). bwrap hands every open descriptor on to the
 * sandbox; the runner process closes these when it starts (`closeDescriptors`), so none reaches a
 * learner's program. The server itself keeps them: it may rely on inherited sockets (socket activation).
 */
export function inheritableFds(): number[] {
  return fs
    .readdirSync('/proc/self/fd')
    .map(Number)
    .filter((fd) => Number.isInteger(fd) && fd > 3 && closesOnExec(fd) === false);
}

/**
 * Closes the given descriptors (those the server passed on, see inheritableFds) where they are still open
 * without close-on-exec. Only these: descriptors this process's own runtime opened since (V8's profiling
 * logs, for one) are not the server's parent's and must stay.
 */
export function closeDescriptors(fds: readonly number[]): number[] {
  const closed: number[] = [];
  for (const fd of fds) {
    if (!Number.isInteger(fd) || fd <= 3 || closesOnExec(fd) !== false) continue;
    try {
      fs.closeSync(fd);
      closed.push(fd);
    } catch {
      // already closed
    }
  }
  return closed;
}
