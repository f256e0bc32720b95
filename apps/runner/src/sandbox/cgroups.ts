import fs from 'node:fs';
import path from 'node:path';
import {
  type CgroupMount,
  groupsOf,
  hostPath,
  readKey,
  readMounts,
  readNumber,
  readPids,
  removeStaleGroups,
  removeTree,
  tryWrite,
  v1MountOf,
} from './cgroupFs.js';

/**
 * Per-slot control groups: the memory limit (RLIMIT_AS breaks Node and the JVM, so memory is limited
 * through the memory controller), a process cap for the whole sandbox, CPU accounting, peak memory and the
 * OOM-kill counter, and a reliable list of leftover processes after a run.
 *
 * The runner only creates groups below the ones this process already belongs to (delegation), named
 * `coderoom-runner-<pid>/slot-<n>`, and removes them on close. Both cgroup v1 (separate hierarchies per
 * controller, as on this host) and cgroup v2 (one unified hierarchy) are handled; when neither is writable
 * the runner falls back to rlimits and says so in its status.
 */

export interface RunMeasurements {
  memoryPeakBytes: number | null;
  oomKilled: boolean;
  cpuMs: number | null;
}

export interface SlotCgroup {
  /**
   * Creates a fresh, not yet limited group for one run. Fresh per run: on v1, page cache charged by an
   * earlier run (a compiler reading its toolchain) would otherwise count against the next program's
   * limit and inflate its peak; removed groups hand their charges to the parent. Asynchronous: while a
   * move is in flight, creating a group waits for the cgroup lock that move holds (see `moving`), and
   * must not block the event loop meanwhile.
   */
  beginRun(): Promise<void>;
  /** The same, synchronously: for callers that start rarely (a live instance) and cannot wait. */
  beginRunNow(): void;
  /**
   * Moves a process into the run's group. Asynchronous on purpose: a migration waits for an RCU grace
   * period when the kernel is busy forking (10–30 ms measured here) and must not block the event loop.
   */
  attach(pid: number): Promise<void>;
  /** Limits the run's group and resets its peak and CPU counters; called when the run really starts. */
  setLimits(memoryBytes: number, processes: number): void;
  /** OOM kills during this run so far: the judge reads it between cases to tell which case ran out. */
  oomKills(): number;
  /** Processes still inside the run's group. */
  pids(): number[];
  /** Reads the run's peak memory, OOM kills and CPU time, then removes its group (in the background). */
  endRun(): RunMeasurements;
  /** Removes every group of the slot, synchronously (on close). */
  remove(): void;
}

export interface CgroupDriver {
  kind: 'cgroup-v1' | 'cgroup-v2';
  hasPids: boolean;
  hasCpu: boolean;
  /** A slot's groups, named `<label>-<index>` (per-run groups add `-<run>`). */
  createSlot(index: number, label?: string): SlotCgroup;
  dispose(): void;
}

export type CgroupDetection = { driver: CgroupDriver; reason: null } | { driver: null; reason: string };

/**
 * Moves in flight in this process. Moving a process into a cgroup holds the cgroup lock while it waits for
 * an RCU grace period (10–30 ms here when the kernel is busy forking), so it runs on the thread pool; any
 * creation or removal of a group meanwhile would wait for the same lock. When no move is in flight, those
 * take tens of microseconds and run right away: a trip through the thread pool costs more (thread wake-ups
 * and its queue lock, which a descheduled worker holds up on this 2-vCPU host).
 */
let moving = 0;

async function moveInto(dir: string, pid: number): Promise<void> {
  // Opening takes no cgroup lock; only the write moves the process. One trip instead of three.
  const fd = fs.openSync(path.join(dir, 'cgroup.procs'), 'w');
  moving += 1;
  try {
    await new Promise<void>((resolve, reject) => {
      fs.write(fd, String(pid), (error) => (error ? reject(error) : resolve()));
    });
  } finally {
    moving -= 1;
    fs.closeSync(fd);
  }
}

async function makeGroup(dir: string): Promise<void> {
  if (moving === 0) fs.mkdirSync(dir);
  else await fs.promises.mkdir(dir);
}

/**
 * Removes the groups listed in `stale`, without waiting behind a move in flight; a group that cannot go
 * yet (a process still leaving it) goes back on the list and is tried again with the next removal.
 */
function removeGroups(stale: string[]): void {
  if (moving === 0) {
    removeGroupsNow(stale);
    return;
  }
  for (const dir of stale.splice(0)) {
    fs.promises.rmdir(dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') stale.push(dir);
    });
  }
}

function removeGroupsNow(stale: string[]): void {
  for (const dir of stale.splice(0)) {
    try {
      fs.rmdirSync(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') stale.push(dir);
    }
  }
}

const RUNNER_GROUP_PREFIX = 'coderoom-runner';

function runnerGroupName(): string {
  return `${RUNNER_GROUP_PREFIX}-${process.pid}`;
}

interface V1Dirs {
  memory: string;
  pids: string | null;
  cpu: string | null;
}

class V1Slot implements SlotCgroup {
  private run: V1Dirs | null = null;
  private runs = 0;
  private readonly stale: string[] = [];

  constructor(
    private readonly parents: V1Dirs,
    private readonly name: string,
  ) {}

  async beginRun(): Promise<void> {
    await Promise.all(this.nextRun().map(makeGroup));
  }

  beginRunNow(): void {
    for (const dir of this.nextRun()) fs.mkdirSync(dir);
  }

  /** Makes the next run's groups current (the last run's go to removal); returns them, still to create. */
  private nextRun(): string[] {
    if (this.run)
      this.stale.push(this.run.memory, ...[this.run.pids, this.run.cpu].filter((dir) => dir !== null));
    this.removeStale();
    this.runs += 1;
    const name = `${this.name}-${this.runs}`;
    const run: V1Dirs = {
      memory: path.join(this.parents.memory, name),
      pids: this.parents.pids && path.join(this.parents.pids, name),
      cpu: this.parents.cpu && path.join(this.parents.cpu, name),
    };
    this.run = run;
    return [run.memory, run.pids, run.cpu].filter((dir) => dir !== null);
  }

  setLimits(memoryBytes: number, processes: number): void {
    const run = this.requireRun();
    fs.writeFileSync(path.join(run.memory, 'memory.limit_in_bytes'), String(memoryBytes));
    // No swap on top of the limit (memsw must be >= limit, so it is written second).
    tryWrite(path.join(run.memory, 'memory.memsw.limit_in_bytes'), String(memoryBytes));
    tryWrite(path.join(run.memory, 'memory.max_usage_in_bytes'), '0');
    if (run.pids) fs.writeFileSync(path.join(run.pids, 'pids.max'), String(processes));
    if (run.cpu) tryWrite(path.join(run.cpu, 'cpuacct.usage'), '0');
  }

  async attach(pid: number): Promise<void> {
    const run = this.requireRun();
    const dirs = [run.memory, run.pids, run.cpu].filter((dir) => dir !== null);
    await Promise.all(dirs.map((dir) => moveInto(dir, pid)));
  }

  oomKills(): number {
    return this.run ? (readKey(path.join(this.run.memory, 'memory.oom_control'), 'oom_kill') ?? 0) : 0;
  }

  pids(): number[] {
    return this.run ? readPids(path.join(this.run.memory, 'cgroup.procs')) : [];
  }

  endRun(): RunMeasurements {
    const run = this.run;
    if (!run) return { memoryPeakBytes: null, oomKilled: false, cpuMs: null };
    const cpuNs = run.cpu ? readNumber(path.join(run.cpu, 'cpuacct.usage')) : null;
    const measurements = {
      memoryPeakBytes: readNumber(path.join(run.memory, 'memory.max_usage_in_bytes')),
      oomKilled: this.oomKills() > 0,
      cpuMs: cpuNs === null ? null : Math.round(cpuNs / 1e6),
    };
    this.run = null;
    for (const dir of [run.memory, run.pids, run.cpu]) if (dir) this.stale.push(dir);
    this.removeStale();
    return measurements;
  }

  private requireRun(): V1Dirs {
    if (!this.run) throw new Error('no run in progress in this slot');
    return this.run;
  }

  /** Removes ended runs' groups in the background; one still busy stays on the list for the next try. */
  private removeStale(): void {
    removeGroups(this.stale);
  }

  remove(): void {
    if (this.run)
      for (const dir of [this.run.memory, this.run.pids, this.run.cpu]) if (dir) this.stale.push(dir);
    this.run = null;
    removeGroupsNow(this.stale);
  }
}

function detectV1(mounts: CgroupMount[], own: Map<string, string>): CgroupDetection {
  const memoryMount = v1MountOf(mounts, 'memory');
  if (!memoryMount) return { driver: null, reason: 'no memory cgroup is mounted' };

  const runnerDirs = new Map<string, string>();
  for (const controller of ['memory', 'pids', 'cpuacct']) {
    const mount = v1MountOf(mounts, controller);
    const groupPath = own.get(controller);
    if (!mount || groupPath === undefined) continue;
    const base = hostPath(mount, groupPath);
    removeStaleGroups(base, RUNNER_GROUP_PREFIX);
    const dir = path.join(base, runnerGroupName());
    try {
      fs.mkdirSync(dir, { recursive: true });
      runnerDirs.set(controller, dir);
    } catch (error) {
      if (controller === 'memory') {
        return {
          driver: null,
          reason: `the memory cgroup ${base} is not writable (${(error as Error).message})`,
        };
      }
    }
  }
  const memoryDir = runnerDirs.get('memory');
  if (!memoryDir) return { driver: null, reason: 'this process has no memory cgroup' };
  const pidsDir = runnerDirs.get('pids') ?? null;
  const cpuDir = runnerDirs.get('cpuacct') ?? null;
  // Limits of the per-run groups must also count toward the runner's group (hierarchical accounting).
  tryWrite(path.join(memoryDir, 'memory.use_hierarchy'), '1');

  const slots: V1Slot[] = [];
  return {
    reason: null,
    driver: {
      kind: 'cgroup-v1',
      hasPids: pidsDir !== null,
      hasCpu: cpuDir !== null,
      createSlot(index, label = 'slot') {
        const slot = new V1Slot({ memory: memoryDir, pids: pidsDir, cpu: cpuDir }, `${label}-${index}`);
        slots.push(slot);
        return slot;
      },
      dispose() {
        for (const slot of slots) slot.remove();
        for (const dir of runnerDirs.values()) removeTree(dir);
      },
    },
  };
}

class V2Slot implements SlotCgroup {
  private run: string | null = null;
  private cpuBefore = 0;
  private runs = 0;
  private readonly stale: string[] = [];

  constructor(
    private readonly parent: string,
    private readonly name: string,
  ) {}

  async beginRun(): Promise<void> {
    await makeGroup(this.nextRun());
  }

  beginRunNow(): void {
    fs.mkdirSync(this.nextRun());
  }

  private nextRun(): string {
    if (this.run) this.stale.push(this.run);
    this.removeStale();
    this.runs += 1;
    const dir = path.join(this.parent, `${this.name}-${this.runs}`);
    this.run = dir;
    return dir;
  }

  setLimits(memoryBytes: number, processes: number): void {
    if (!this.run) throw new Error('no run in progress in this slot');
    fs.writeFileSync(path.join(this.run, 'memory.max'), String(memoryBytes));
    tryWrite(path.join(this.run, 'memory.swap.max'), '0');
    tryWrite(path.join(this.run, 'pids.max'), String(processes));
    this.cpuBefore = readKey(path.join(this.run, 'cpu.stat'), 'usage_usec') ?? 0;
  }

  async attach(pid: number): Promise<void> {
    if (!this.run) throw new Error('no run in progress in this slot');
    await moveInto(this.run, pid);
  }

  oomKills(): number {
    return this.run ? (readKey(path.join(this.run, 'memory.events'), 'oom_kill') ?? 0) : 0;
  }

  pids(): number[] {
    return this.run ? readPids(path.join(this.run, 'cgroup.procs')) : [];
  }

  endRun(): RunMeasurements {
    const dir = this.run;
    if (!dir) return { memoryPeakBytes: null, oomKilled: false, cpuMs: null };
    const usage = readKey(path.join(dir, 'cpu.stat'), 'usage_usec');
    const measurements = {
      memoryPeakBytes: readNumber(path.join(dir, 'memory.peak')),
      oomKilled: this.oomKills() > 0,
      cpuMs: usage === null ? null : Math.round((usage - this.cpuBefore) / 1000),
    };
    this.run = null;
    this.stale.push(dir);
    this.removeStale();
    return measurements;
  }

  private removeStale(): void {
    for (const dir of this.stale) tryWrite(path.join(dir, 'cgroup.kill'), '1');
    removeGroups(this.stale);
  }

  remove(): void {
    if (this.run) this.stale.push(this.run);
    this.run = null;
    for (const dir of this.stale) tryWrite(path.join(dir, 'cgroup.kill'), '1');
    removeGroupsNow(this.stale);
  }
}

function detectV2(mounts: CgroupMount[], own: Map<string, string>): CgroupDetection {
  const mount = mounts.find((candidate) => candidate.v2);
  const groupPath = own.get('');
  if (!mount || groupPath === undefined) return { driver: null, reason: 'no cgroup2 hierarchy' };
  const base = hostPath(mount, groupPath);
  let available: string[];
  try {
    available = fs.readFileSync(path.join(base, 'cgroup.controllers'), 'utf8').trim().split(/\s+/);
  } catch {
    return { driver: null, reason: `cannot read ${base}/cgroup.controllers` };
  }
  if (!available.includes('memory')) {
    return { driver: null, reason: `the memory controller is not delegated to ${base}` };
  }
  removeStaleGroups(base, RUNNER_GROUP_PREFIX);
  const runnerDir = path.join(base, runnerGroupName());
  const wanted = ['memory', 'pids', 'cpu'].filter((controller) => available.includes(controller));
  try {
    fs.mkdirSync(runnerDir, { recursive: true });
    // Fails with EBUSY when this process's own group holds processes ("no internal processes" rule):
    // the service manager must delegate a subtree (systemd: Delegate=yes) for limits to work.
    fs.writeFileSync(path.join(base, 'cgroup.subtree_control'), wanted.map((c) => `+${c}`).join(' '));
    fs.writeFileSync(path.join(runnerDir, 'cgroup.subtree_control'), wanted.map((c) => `+${c}`).join(' '));
  } catch (error) {
    removeTree(runnerDir);
    return {
      driver: null,
      reason: `cannot enable controllers below ${base} (${(error as Error).message}); delegate a cgroup subtree to the runner`,
    };
  }
  const slots: V2Slot[] = [];
  return {
    reason: null,
    driver: {
      kind: 'cgroup-v2',
      hasPids: wanted.includes('pids'),
      hasCpu: wanted.includes('cpu'),
      createSlot(index, label = 'slot') {
        const slot = new V2Slot(runnerDir, `${label}-${index}`);
        slots.push(slot);
        return slot;
      },
      dispose() {
        for (const slot of slots) slot.remove();
        removeTree(runnerDir);
      },
    },
  };
}

export function detectCgroups(): CgroupDetection {
  let mounts: CgroupMount[];
  let own: Map<string, string>;
  try {
    mounts = readMounts();
    own = groupsOf('self');
  } catch (error) {
    return { driver: null, reason: `cannot read cgroup information (${(error as Error).message})` };
  }
  const hasV1Memory = v1MountOf(mounts, 'memory') !== undefined;
  const first = hasV1Memory ? detectV1(mounts, own) : detectV2(mounts, own);
  if (first.driver || hasV1Memory === false) return first;
  const second = detectV2(mounts, own);
  return second.driver ? second : first;
}
