import fs from 'node:fs';

// Host processes of the sandboxes' uids: found through /proc and killed without asking them. The code
// runner's slots, the live instances and their checks all find leftovers this way when no cgroup lists them.

/** Processes owned by uids [from, to). */
export function pidsOwnedByRange(from: number, to: number): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const { uid } = fs.statSync(`/proc/${entry}`);
      if (uid >= from && uid < to) pids.push(Number(entry));
    } catch {
      // exited while listing
    }
  }
  return pids;
}

export function pidsOwnedBy(uid: number): number[] {
  return pidsOwnedByRange(uid, uid + 1);
}

/** SIGKILL to each; one already gone is skipped. */
export function killAll(pids: number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}
