import fs from 'node:fs';
import path from 'node:path';
import {
  type CgroupMount,
  groupsOf,
  hostPath,
  readKey,
  readMounts,
  readNumber,
  removeStaleGroups,
  removeTree,
  v1MountOf,
} from '../sandbox/cgroupFs.js';

/**
 * A CPU quota per live instance: at most `percent` of one CPU for the instance's processes together
 * (100 = one full CPU), enforced by the kernel's CFS bandwidth control, so a busy loop in one instance
 * cannot take the host's CPUs from the API and the other instances.
 *
 * - cgroup v1 (this host: `cpu` mounted on its own): a group per instance in the cpu hierarchy, below
 *   `coderoom-instances-<pid>` in this process's own cpu group, with `cpu.cfs_quota_us`/`cpu.cfs_period_us`.
 *   The memory/pids/cpuacct groups of `sandbox/cgroups.ts` live in other hierarchies and are not touched.
 * - cgroup v2: a process sits in exactly one group, the instance's memory group made by `sandbox/cgroups.ts`
 *   (with the cpu controller enabled below the runner's group); the quota is written into that group's
 *   `cpu.max`. Without that group there is nowhere to put a quota on v2.
 *
 * The same group answers how much CPU the instance used and how often it was held back (throttled).
 */
export interface InstanceCpuGroup {
  /** The group the quota is written in (host path). */
  readonly dir: string;
  readonly percent: number;
  /** CPU time used by the instance's processes so far, from the cgroup's own accounting. */
  usageMs(): number | null;
  /** Scheduler periods in which the instance used up its quota and was held back. */
  throttledPeriods(): number;
  remove(): void;
}

export interface CpuQuotaController {
  readonly kind: 'cgroup-v1' | 'cgroup-v2';
  /**
   * Caps `pid` (and every process it starts) at `percent` of one CPU. Call it before the process runs
   * anything of the learner's. Returns null when the quota could not be written (the reason is logged in
   * `lastError`).
   */
  apply(pid: number, name: string, percent: number): Promise<InstanceCpuGroup | null>;
  readonly lastError: string | null;
  dispose(): void;
}

export type CpuQuotaDetection =
  | { controller: CpuQuotaController; reason: null }
  | { controller: null; reason: string };

const PERIOD_US = 100_000;

function quotaUs(percent: number): number {
  // The kernel refuses quotas under 1 ms.
  return Math.max(1000, Math.round((percent / 100) * PERIOD_US));
}

const INSTANCES_GROUP_PREFIX = 'coderoom-instances';

function detectV1(mounts: CgroupMount[]): CpuQuotaDetection {
  const mount = v1MountOf(mounts, 'cpu');
  if (!mount) return { controller: null, reason: 'no cpu cgroup is mounted' };
  const own = groupsOf('self').get('cpu');
  if (own === undefined) return { controller: null, reason: 'this process has no cpu cgroup' };
  const base = hostPath(mount, own);
  // Groups of drivers that died without close() (their processes are gone with them). An unreadable base
  // is left to the mkdir below, which says why.
  removeStaleGroups(base, INSTANCES_GROUP_PREFIX);
  const parent = path.join(base, `${INSTANCES_GROUP_PREFIX}-${process.pid}`);
  try {
    fs.mkdirSync(parent, { recursive: true });
    fs.accessSync(path.join(parent, 'cpu.cfs_quota_us'), fs.constants.W_OK);
  } catch (error) {
    return {
      controller: null,
      reason: `the cpu cgroup ${base} is not writable (${(error as Error).message})`,
    };
  }
  // When cpuacct shares the hierarchy (`cpu,cpuacct`), the group counts its own usage; otherwise the
  // instance's cpuacct group (made by sandbox/cgroups.ts) does.
  const cpuacctMount = v1MountOf(mounts, 'cpuacct');
  let lastError: string | null = null;
  return {
    reason: null,
    controller: {
      kind: 'cgroup-v1',
      get lastError() {
        return lastError;
      },
      async apply(pid, name, percent) {
        const dir = path.join(parent, name);
        try {
          fs.mkdirSync(dir, { recursive: true });
          fs.writeFileSync(path.join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
          fs.writeFileSync(path.join(dir, 'cpu.cfs_quota_us'), String(quotaUs(percent)));
          await fs.promises.writeFile(path.join(dir, 'cgroup.procs'), String(pid));
        } catch (error) {
          lastError = `cannot set the CPU quota in ${dir}: ${(error as Error).message}`;
          removeTree(dir);
          return null;
        }
        const accountPath = cpuacctMount && groupsOf(pid).get('cpuacct');
        const usageFile =
          cpuacctMount && accountPath !== undefined && accountPath !== ''
            ? path.join(hostPath(cpuacctMount, accountPath), 'cpuacct.usage')
            : null;
        return {
          dir,
          percent,
          usageMs() {
            const ns = usageFile ? readNumber(usageFile) : null;
            return ns === null ? null : Math.round(ns / 1e6);
          },
          throttledPeriods: () => readKey(path.join(dir, 'cpu.stat'), 'nr_throttled') ?? 0,
          remove: () => removeTree(dir),
        };
      },
      dispose: () => removeTree(parent),
    },
  };
}

function detectV2(mounts: CgroupMount[]): CpuQuotaDetection {
  const mount = mounts.find((candidate) => candidate.v2);
  if (!mount) return { controller: null, reason: 'no cgroup2 hierarchy' };
  const runnerGroup = `/coderoom-runner-${process.pid}/`;
  let lastError: string | null = null;
  return {
    reason: null,
    controller: {
      kind: 'cgroup-v2',
      get lastError() {
        return lastError;
      },
      async apply(pid, _name, percent) {
        const groupPath = groupsOf(pid).get('');
        // Only ever a group the runner made for this instance: writing cpu.max into the server's own group
        // would throttle the server.
        if (groupPath === undefined || !`${groupPath}/`.includes(runnerGroup)) {
          lastError = 'on cgroup v2 the CPU quota needs the instance memory group (sandbox/cgroups.ts)';
          return null;
        }
        const dir = hostPath(mount, groupPath);
        try {
          await fs.promises.writeFile(path.join(dir, 'cpu.max'), `${quotaUs(percent)} ${PERIOD_US}`);
        } catch (error) {
          lastError = `cannot write ${dir}/cpu.max: ${(error as Error).message}`;
          return null;
        }
        const stat = path.join(dir, 'cpu.stat');
        return {
          dir,
          percent,
          usageMs() {
            const usec = readKey(stat, 'usage_usec');
            return usec === null ? null : Math.round(usec / 1000);
          },
          throttledPeriods: () => readKey(stat, 'nr_throttled') ?? 0,
          // The group belongs to the instance's memory group and goes with it.
          remove() {},
        };
      },
      dispose() {},
    },
  };
}

export function detectCpuQuota(): CpuQuotaDetection {
  let mounts: CgroupMount[];
  try {
    mounts = readMounts();
  } catch (error) {
    return { controller: null, reason: `cannot read cgroup information (${(error as Error).message})` };
  }
  const hasV1Cpu = v1MountOf(mounts, 'cpu') !== undefined;
  return hasV1Cpu ? detectV1(mounts) : detectV2(mounts);
}
