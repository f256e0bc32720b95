import fs from 'node:fs';
import path from 'node:path';

/**
 * Where a process's control groups are on the host, for cgroup v1 (a hierarchy per controller) and v2 (one
 * hierarchy). The instance driver reads its instances' counters through these (CPU quota, process limit
 * hits); `sandbox/cgroups.ts` makes the memory/pids/cpuacct groups themselves.
 */
export interface Mount {
  mountPoint: string;
  mountRoot: string;
  v2: boolean;
  controllers: string[];
}

export function readMounts(): Mount[] {
  const mounts: Mount[] = [];
  for (const line of fs.readFileSync('/proc/self/mountinfo', 'utf8').split('\n')) {
    const [left, right] = line.split(' - ');
    if (!left || !right) continue;
    const fields = left.split(' ');
    const [fsType, , options = ''] = right.split(' ');
    if (fsType !== 'cgroup' && fsType !== 'cgroup2') continue;
    const unescapePath = (value: string) =>
      value.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(Number.parseInt(octal, 8)));
    mounts.push({
      mountRoot: unescapePath(fields[3] ?? '/'),
      mountPoint: unescapePath(fields[4] ?? ''),
      v2: fsType === 'cgroup2',
      controllers: fsType === 'cgroup' ? options.split(',') : [],
    });
  }
  return mounts;
}

/** `/proc/<pid>/cgroup` as controller → group path ('' is the v2 hierarchy). */
export function groupsOf(pid: number | 'self'): Map<string, string> {
  const groups = new Map<string, string>();
  for (const line of fs.readFileSync(`/proc/${pid}/cgroup`, 'utf8').split('\n')) {
    const match = /^(\d+):([^:]*):(.*)$/.exec(line);
    if (!match) continue;
    const [, id, controllers = '', groupPath = '/'] = match;
    if (id === '0' && controllers === '') groups.set('', groupPath);
    for (const controller of controllers.split(',')) if (controller) groups.set(controller, groupPath);
  }
  return groups;
}

export function hostPath(mount: Mount, groupPath: string): string {
  const relative =
    mount.mountRoot !== '/' && groupPath.startsWith(mount.mountRoot)
      ? groupPath.slice(mount.mountRoot.length)
      : groupPath;
  return path.join(mount.mountPoint, relative);
}

export function readKey(file: string, key: string): number | null {
  try {
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      const [name, value] = line.trim().split(/\s+/);
      if (name === key) return Number(value);
    }
  } catch {
    // not measured
  }
  return null;
}

export function readNumber(file: string): number | null {
  try {
    const value = Number(fs.readFileSync(file, 'utf8').trim());
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * A file of the group `pid` is in for `controller` (v1), or of its v2 group; null when that controller is
 * not mounted or the process is gone.
 */
export function groupFileOf(pid: number, controller: string, file: string): string | null {
  try {
    const mounts = readMounts();
    const groups = groupsOf(pid);
    const v1 = mounts.find((mount) => !mount.v2 && mount.controllers.includes(controller));
    const v2 = mounts.find((mount) => mount.v2);
    const mount = v1 ?? v2;
    const groupPath = groups.get(v1 ? controller : '');
    if (!mount || groupPath === undefined) return null;
    return path.join(hostPath(mount, groupPath), file);
  } catch {
    return null;
  }
}
