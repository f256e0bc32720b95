import fs from 'node:fs';
import path from 'node:path';

/**
 * The control-group file system, for cgroup v1 (a hierarchy per controller) and v2 (one hierarchy): where
 * the hierarchies are mounted, where a process's groups are on the host, and reading, writing and
 * removing group files. The code runner's slot groups (`cgroups.ts`), the live instances' CPU quota
 * (`instances/cpuQuota.ts`) and their limit readings all go through here.
 */
export interface CgroupMount {
  mountPoint: string;
  mountRoot: string;
  v2: boolean;
  /** Controllers of a v1 hierarchy (`memory`, `cpu,cpuacct`…); empty for v2. */
  controllers: string[];
}

function unescapeMountPath(value: string): string {
  return value.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(Number.parseInt(octal, 8)));
}

/** The cgroup hierarchies mounted in this process's mount namespace. */
export function readMounts(): CgroupMount[] {
  const mounts: CgroupMount[] = [];
  for (const line of fs.readFileSync('/proc/self/mountinfo', 'utf8').split('\n')) {
    const [left, right] = line.split(' - ');
    if (!left || !right) continue;
    const fields = left.split(' ');
    const [fsType, , superOptions = ''] = right.split(' ');
    if (fsType !== 'cgroup' && fsType !== 'cgroup2') continue;
    mounts.push({
      mountRoot: unescapeMountPath(fields[3] ?? '/'),
      mountPoint: unescapeMountPath(fields[4] ?? ''),
      v2: fsType === 'cgroup2',
      controllers: fsType === 'cgroup' ? superOptions.split(',') : [],
    });
  }
  return mounts;
}

/** The v1 hierarchy that carries `controller`, if it is mounted. */
export function v1MountOf(mounts: CgroupMount[], controller: string): CgroupMount | undefined {
  return mounts.find((mount) => !mount.v2 && mount.controllers.includes(controller));
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

/** Where a group path (as /proc/<pid>/cgroup names it) is on the host, below the hierarchy's mount. */
export function hostPath(mount: CgroupMount, groupPath: string): string {
  const relative =
    mount.mountRoot !== '/' && groupPath.startsWith(mount.mountRoot)
      ? groupPath.slice(mount.mountRoot.length)
      : groupPath;
  return path.join(mount.mountPoint, relative);
}

/**
 * A file of the group `pid` is in for `controller` (v1), or of its v2 group; null when that controller is
 * not mounted or the process is gone.
 */
export function groupFileOf(pid: number, controller: string, file: string): string | null {
  try {
    const mounts = readMounts();
    const groups = groupsOf(pid);
    const v1 = v1MountOf(mounts, controller);
    const v2 = mounts.find((mount) => mount.v2);
    const mount = v1 ?? v2;
    const groupPath = groups.get(v1 ? controller : '');
    if (!mount || groupPath === undefined) return null;
    return path.join(hostPath(mount, groupPath), file);
  } catch {
    return null;
  }
}

/** A counter file holding one number; null when it is missing (not measured). */
export function readNumber(file: string): number | null {
  try {
    const value = Number(fs.readFileSync(file, 'utf8').trim());
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

/** One entry of a flat-keyed file (`memory.events`, `cpu.stat`…); null when it is missing (not measured). */
export function readKey(file: string, key: string): number | null {
  try {
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      const [name, value] = line.trim().split(/\s+/);
      if (name === key) return Number(value);
    }
  } catch {
    // a missing counter file means "not measured"
  }
  return null;
}

/** The processes listed in a `cgroup.procs` file; none when the group is gone. */
export function readPids(file: string): number[] {
  try {
    return fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => Number(line));
  } catch {
    return [];
  }
}

/** Writes a setting the kernel may refuse (an optional controller or file); says whether it took. */
export function tryWrite(file: string, value: string): boolean {
  try {
    fs.writeFileSync(file, value);
    return true;
  } catch {
    return false;
  }
}

/** Removes a group and the groups below it; busy ones (processes still inside) stay for a later try. */
export function removeTree(dir: string): void {
  try {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) removeTree(path.join(dir, entry.name));
    }
    fs.rmdirSync(dir);
  } catch {
    // busy groups (processes still inside) stay; the next start tries again
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the `<prefix>-<pid>` groups in `base` whose process is gone: groups of runners and drivers that
 * died without close() (their processes went with them).
 */
export function removeStaleGroups(base: string, prefix: string): void {
  let entries: string[];
  try {
    entries = fs.readdirSync(base);
  } catch {
    return;
  }
  const pattern = new RegExp(`^${prefix}-(\\d+)$`);
  for (const entry of entries) {
    const match = pattern.exec(entry);
    if (match && !isAlive(Number(match[1]))) removeTree(path.join(base, entry));
  }
}
