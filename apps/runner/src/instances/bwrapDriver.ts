import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { MiB } from '../config.js';
import { type CgroupDetection, detectCgroups, type SlotCgroup } from '../sandbox/cgroups.js';
import { BASE_BINDS } from '../sandbox/layout.js';
import { killAll, pidsOwnedBy } from '../sandbox/processes.js';
import { AgentConnection } from './agentConnection.js';
import { runIsolatedCheck } from './checker.js';
import { type CpuQuotaDetection, detectCpuQuota, type InstanceCpuGroup } from './cpuQuota.js';
import {
  execIn,
  httpRequestIn,
  type OperationTarget,
  openTcpStreamIn,
  openTerminalIn,
  portsIn,
  readFileIn,
  writeFilesIn,
} from './instanceOperations.js';
import {
  baseEnv,
  checkEnv,
  checkFiles,
  firstChildOf,
  spawnSandbox,
  startSandbox,
} from './instanceSandbox.js';
import {
  clampLimits,
  cpuMeasurements,
  DEFAULT_INSTANCE_LIMITS,
  isProcessLimitRefusal,
  pidsEventsFileOf,
  readProcessLimitHits,
  workspaceUse,
} from './limits.js';
import { findProfile, type InstanceProfile } from './profiles.js';
import {
  type AllocateRequest,
  type DriverStatus,
  type ExecOptions,
  type ExecResult,
  type HttpRelayRequest,
  type HttpRelayResult,
  InstanceError,
  InstanceErrorCode,
  type InstanceFile,
  type InstanceHandle,
  type InstanceLimits,
  type InstanceStatus,
  type InstanceStopReason,
  type LiveInstanceDriver,
  type TcpStreamRequest,
  type TcpStreamResult,
  type TerminalSession,
  type TerminalSize,
} from './types.js';

// The live-instance driver: slots (uid and cgroups per instance), allocation, idle reclaim and stopping.
// The sandbox an instance runs in is instanceSandbox.ts, the agent protocol agentConnection.ts, what runs
// inside instanceOperations.ts, the limits and their readings limits.ts. See docs/containers.md.

export interface BwrapInstanceDriverConfig {
  bwrapPath?: string;
  /**
   * First uid/gid of the instance slots; slot i runs as uidBase + i. Distinct from the code runner's range
   * (61000+): the leftover-process sweep kills by uid, so the ranges must never overlap.
   */
  uidBase?: number;
  /** Instances alive at once on this host. */
  maxInstances?: number;
  /**
   * First uid of the checkers (checks run as checkerUidBase + slot, apart from the learner); default
   * uidBase + maxInstances, right after the slots.
   */
  checkerUidBase?: number;
  /** An instance nobody used for this long is stopped and its workspace freed. */
  idleTimeoutMs?: number;
  /** How often idle instances are looked for; 0 disables the timer (tests call reclaimIdle). */
  reclaimIntervalMs?: number;
  defaultLimits?: Partial<InstanceLimits>;
  cgroups?: 'auto' | 'off';
  /** Epoch milliseconds; injectable so tests can move past the idle timeout. */
  now?: () => number;
  /** How long the agent may take to start. */
  startTimeoutMs?: number;
  /**
   * Prepared instances kept started per profile (profile name → how many), so an allocation with the
   * default limits takes one at once instead of starting a sandbox (docs/containers.md, "Prepared pool").
   * They hold slots of `maxInstances`; an allocation that finds no free slot stops one to make room.
   */
  prepared?: Readonly<Record<string, number>>;
}

export const INSTANCE_UID_BASE = 62000;

interface Instance extends OperationTarget {
  handle: InstanceHandle;
  slot: number;
  uid: number;
  child: ChildProcess;
  cgroup: SlotCgroup | null;
  /** What checks need to run beside the instance: its binds and environment. */
  binds: string[];
  env: Record<string, string>;
  /** The instance's CPU quota group; null where no cpu cgroup is writable (nice 10 only). */
  cpu: InstanceCpuGroup | null;
  state: 'starting' | 'running' | 'stopped';
  stopReason: InstanceStopReason | null;
  lastActivityAt: number;
  exited: Promise<void>;
  stderr: string;
  oomKills: number;
  /** The sandbox's init (inside its namespaces): the host reads the workspace's fill through its root. */
  innerPid: number | null;
  /** The instance's pids.events (fork refusals at the process limit); null without a pids cgroup. */
  pidsEventsFile: string | null;
  /** Requests the agent refused because the process limit was reached (the count without a pids cgroup). */
  processLimitRefusals: number;
  /** The last reading of pids.events' `max` (kept after the group is removed). */
  pidsLimitHits: number;
  /** CPU use read when the instance stopped (its groups are removed then). */
  cpuAtStop: { usageMs: number | null; throttledPeriods: number } | null;
}

/**
 * One bubblewrap sandbox per instance, kept alive for the instance's life, with the agent (agent.ts) inside.
 * See docs/containers.md for the design and the limits.
 */
export class BwrapInstanceDriver implements LiveInstanceDriver {
  readonly kind = 'bwrap';
  private readonly bwrapPath: string;
  private readonly uidBase: number;
  private readonly capacity: number;
  private readonly checkerUidBase: number;
  private readonly idleTimeoutMs: number;
  private readonly defaults: InstanceLimits;
  private readonly now: () => number;
  private readonly startTimeoutMs: number;
  private readonly cgroups: CgroupDetection;
  private readonly cpuQuota: CpuQuotaDetection;
  private readonly slotGroups = new Map<number, SlotCgroup>();
  private readonly instances = new Map<string, Instance>();
  /** Recently stopped instances, so a status call after a reclaim can say why (bounded). */
  private readonly ended = new Map<string, Instance>();
  private readonly timer: NodeJS.Timeout | null;
  private closed = false;
  /** Prepared instances wanted per profile, those started and ready, and every one of them (slots). */
  private readonly preparedTarget: Map<string, number>;
  private readonly preparedReady = new Map<string, Instance[]>();
  private readonly preparedAll = new Set<Instance>();
  private readonly preparedStarting = new Map<string, number>();
  private refilling = false;
  private refillAgain = false;

  constructor(config: BwrapInstanceDriverConfig = {}) {
    this.bwrapPath = config.bwrapPath ?? '/usr/bin/bwrap';
    this.uidBase = config.uidBase ?? INSTANCE_UID_BASE;
    this.capacity = Math.max(1, config.maxInstances ?? 32);
    this.checkerUidBase = config.checkerUidBase ?? this.uidBase + this.capacity;
    this.idleTimeoutMs = config.idleTimeoutMs ?? 30 * 60_000;
    this.defaults = { ...DEFAULT_INSTANCE_LIMITS, ...config.defaultLimits };
    this.now = config.now ?? Date.now;
    this.startTimeoutMs = config.startTimeoutMs ?? 15_000;
    this.cgroups =
      (config.cgroups ?? 'auto') === 'auto'
        ? detectCgroups()
        : { driver: null, reason: 'cgroups are disabled by configuration' };
    this.cpuQuota =
      (config.cgroups ?? 'auto') === 'auto'
        ? detectCpuQuota()
        : { controller: null, reason: 'cgroups are disabled by configuration' };
    const interval = config.reclaimIntervalMs ?? Math.min(60_000, Math.max(1000, this.idleTimeoutMs / 4));
    this.timer = interval > 0 ? setInterval(() => void this.reclaimIdle(), interval) : null;
    this.timer?.unref();
    this.preparedTarget = new Map(
      Object.entries(config.prepared ?? {}).filter(([name, count]) => {
        if (!findProfile(name)) throw new Error(`prepared instances: unknown profile ${name}`);
        return count > 0;
      }),
    );
    if (this.problem() === null) this.refill();
  }

  /** Prepared instances per profile that are started and waiting (for status and tests). */
  preparedCounts(): Record<string, number> {
    return Object.fromEntries(
      [...this.preparedTarget.keys()].map((name) => [name, this.preparedReady.get(name)?.length ?? 0]),
    );
  }

  /**
   * Tops the pool up in the background, one sandbox at a time: starting one forks this process, and a
   * burst of forks would hold up the allocations that just took from the pool (and everything else here).
   */
  private refill(): void {
    if (this.closed || this.preparedTarget.size === 0) return;
    if (this.refilling) {
      this.refillAgain = true;
      return;
    }
    this.refilling = true;
    setTimeout(() => {
      void this.refillLoop().finally(() => {
        this.refilling = false;
        if (this.refillAgain) {
          this.refillAgain = false;
          this.refill();
        }
      });
    }, 0);
  }

  private async refillLoop(): Promise<void> {
    for (;;) {
      if (this.closed) return;
      const wanted = [...this.preparedTarget].find(
        ([name, target]) =>
          (this.preparedReady.get(name)?.length ?? 0) + (this.preparedStarting.get(name) ?? 0) < target,
      );
      if (!wanted) return;
      const profile = findProfile(wanted[0]);
      const slot = this.freeSlot();
      // The pool never takes the last slots from allocations; it tries again when one takes from it.
      if (!profile || slot === null) return;
      await this.prepareOne(profile, slot);
    }
  }

  private async prepareOne(profile: InstanceProfile, slot: number): Promise<void> {
    const handle: InstanceHandle = Object.freeze({ id: randomUUID(), profile: profile.name });
    const instance = this.spawnInstance(
      handle,
      slot,
      clampLimits(this.defaults, undefined),
      [...BASE_BINDS, ...profile.binds],
      { ...profile.env },
    );
    this.preparedAll.add(instance);
    this.preparedStarting.set(profile.name, (this.preparedStarting.get(profile.name) ?? 0) + 1);
    try {
      await this.waitForAgent(instance);
      if (instance.state === 'stopped') return;
      instance.state = 'running';
      if (profile.files.length > 0) await writeFilesIn(instance, profile.files);
      const ready = this.preparedReady.get(profile.name) ?? [];
      ready.push(instance);
      this.preparedReady.set(profile.name, ready);
    } catch {
      await this.stopInstance(instance, 'crashed');
    } finally {
      this.preparedStarting.set(profile.name, (this.preparedStarting.get(profile.name) ?? 1) - 1);
    }
  }

  /** A started prepared instance of the profile, taken out of the pool; null when none is ready. */
  private takePrepared(profileName: string): Instance | null {
    const ready = this.preparedReady.get(profileName);
    for (let instance = ready?.shift(); instance; instance = ready?.shift()) {
      if (instance.state !== 'running') continue;
      this.preparedAll.delete(instance);
      return instance;
    }
    return null;
  }

  /** Frees a slot held by a prepared instance (a ready one first) for an allocation that found none. */
  private async evictPrepared(): Promise<boolean> {
    const victim =
      [...this.preparedReady.values()].flat().find((instance) => instance.state === 'running') ??
      [...this.preparedAll][0];
    if (!victim) return false;
    await this.stopInstance(victim, 'requested');
    return true;
  }

  get enforcement(): string {
    return this.cgroups.driver?.kind ?? 'rlimit';
  }

  /** How the CPU quota is enforced (`cgroup-v1`, `cgroup-v2`), or why it is not (nice 10 only). */
  get cpuEnforcement(): { kind: string; reason: string | null } {
    const controller = this.cpuQuota.controller;
    if (!controller) return { kind: 'nice', reason: this.cpuQuota.reason };
    return { kind: controller.kind, reason: controller.lastError };
  }

  async driverStatus(): Promise<DriverStatus> {
    const problem = this.problem();
    return {
      kind: this.kind,
      available: problem === null,
      reason: problem,
      running: this.instances.size,
      capacity: this.capacity,
    };
  }

  private problem(): string | null {
    if (this.closed) return 'the instance driver is closed';
    if (process.getuid?.() !== 0) return 'live instances need the server to run as root (per-slot uids)';
    try {
      fs.accessSync(this.bwrapPath, fs.constants.X_OK);
    } catch {
      return `${this.bwrapPath} is missing (Debian package bubblewrap)`;
    }
    return null;
  }

  async allocate(request: AllocateRequest): Promise<InstanceHandle> {
    const problem = this.problem();
    if (problem) throw new InstanceError(InstanceErrorCode.Unavailable, problem);
    const profile = findProfile(request.profile);
    if (!profile)
      throw new InstanceError(InstanceErrorCode.UnknownProfile, `unknown profile ${request.profile}`);
    const limits = clampLimits(this.defaults, request.limits);
    const files = [...profile.files, ...(request.files ?? [])];
    checkFiles(files);
    const env = { ...profile.env, ...request.env };
    checkEnv(env);
    if (request.limits === undefined) {
      const prepared = this.takePrepared(profile.name);
      if (prepared) return this.handOver(prepared, request.env ?? {}, request.files ?? []);
    }
    let slot = this.freeSlot();
    while (slot === null && (await this.evictPrepared())) slot = this.freeSlot();
    if (slot === null) {
      throw new InstanceError(InstanceErrorCode.Capacity, `all ${this.capacity} instance slots are in use`);
    }
    const handle: InstanceHandle = Object.freeze({ id: randomUUID(), profile: profile.name });
    const instance = this.spawnInstance(handle, slot, limits, [...BASE_BINDS, ...profile.binds], env);
    this.instances.set(handle.id, instance);
    try {
      await this.waitForAgent(instance);
      instance.state = 'running';
      if (files.length > 0) await this.writeFiles(handle, files);
    } catch (error) {
      await this.stopInstance(instance, 'crashed');
      if (error instanceof InstanceError) throw error;
      throw new InstanceError(InstanceErrorCode.StartFailed, (error as Error).message);
    }
    return handle;
  }

  /**
   * Gives a prepared instance to an allocation: the request's environment is added to the agent's (what
   * its commands and terminals start with) and to the checks', its files are written, and a replacement
   * is started in the background. It is then the same as an instance started for the request.
   */
  private async handOver(
    instance: Instance,
    env: Record<string, string>,
    files: InstanceFile[],
  ): Promise<InstanceHandle> {
    this.instances.set(instance.handle.id, instance);
    instance.lastActivityAt = this.now();
    this.refill();
    try {
      if (Object.keys(env).length > 0) {
        await instance.agent.request({ op: 'setenv', env }, this.startTimeoutMs);
        instance.env = { ...instance.env, ...env };
      }
      if (files.length > 0) await writeFilesIn(instance, files);
    } catch (error) {
      await this.stopInstance(instance, 'crashed');
      if (error instanceof InstanceError) throw error;
      throw new InstanceError(InstanceErrorCode.StartFailed, (error as Error).message);
    }
    return instance.handle;
  }

  private freeSlot(): number | null {
    const used = new Set([...this.instances.values(), ...this.preparedAll].map((instance) => instance.slot));
    for (let slot = 0; slot < this.capacity; slot += 1) if (!used.has(slot)) return slot;
    return null;
  }

  private slotGroup(slot: number): SlotCgroup | null {
    const driver = this.cgroups.driver;
    if (!driver) return null;
    let group = this.slotGroups.get(slot);
    if (!group) {
      // Named apart from the code runner's slots (slot-0…) which live under the same per-process group.
      group = driver.createSlot(1000 + slot);
      this.slotGroups.set(slot, group);
    }
    return group;
  }

  private spawnInstance(
    handle: InstanceHandle,
    slot: number,
    limits: InstanceLimits,
    binds: string[],
    env: Record<string, string>,
  ): Instance {
    const uid = this.uidBase + slot;
    // Whatever an earlier instance of this slot left behind (it should be nothing) must not share it.
    killAll(pidsOwnedBy(uid));
    const cgroup = this.slotGroup(slot);
    cgroup?.beginRunNow();
    cgroup?.setLimits(limits.memoryMb * MiB, limits.processes);
    const child = spawnSandbox({ bwrapPath: this.bwrapPath, uid, handle, limits, binds, env });
    const instance: Instance = {
      handle,
      slot,
      uid,
      child,
      cgroup,
      binds,
      env,
      cpu: null,
      limits,
      state: 'starting',
      stopReason: null,
      lastActivityAt: this.now(),
      agent: new AgentConnection(child, {
        onActivity: () => {
          instance.lastActivityAt = this.now();
        },
        onRefusal: (error) => {
          if (isProcessLimitRefusal(error)) instance.processLimitRefusals += 1;
        },
        onBroken: () => void this.stopInstance(instance, 'crashed'),
      }),
      isRunning: () => instance.state === 'running',
      touch: () => {
        instance.lastActivityAt = this.now();
      },
      exited: new Promise((resolve) => child.once('close', () => resolve())),
      stderr: '',
      oomKills: 0,
      cpuAtStop: null,
      innerPid: null,
      pidsEventsFile: null,
      processLimitRefusals: 0,
      pidsLimitHits: 0,
    };
    child.once('error', () => {});
    child.stderr?.on('data', (chunk: Buffer) => {
      if (instance.stderr.length < 4096) instance.stderr += chunk.toString('utf8');
    });
    void instance.exited.then(() => {
      if (instance.state !== 'stopped') void this.stopInstance(instance, 'crashed');
    });
    return instance;
  }

  private async waitForAgent(instance: Instance): Promise<void> {
    const hello = instance.agent.hello();
    const pid = instance.child.pid;
    if (pid === undefined) throw new InstanceError(InstanceErrorCode.StartFailed, 'bwrap did not start');
    // Into the instance's groups before anything runs; a process never runs outside its limits.
    await instance.cgroup?.attach(pid);
    instance.cpu =
      (await this.cpuQuota.controller?.apply(
        pid,
        `slot-${instance.slot}-${instance.handle.id.slice(0, 8)}`,
        instance.limits.cpuPercent,
      )) ?? null;
    startSandbox(instance.child, instance.limits, {
      memory: instance.cgroup !== null,
      pids: this.cgroups.driver?.hasPids ?? false,
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new InstanceError(InstanceErrorCode.StartFailed, 'the instance agent did not start in time'),
          ),
        this.startTimeoutMs,
      );
    });
    const died = instance.exited.then(() => {
      throw new InstanceError(
        InstanceErrorCode.StartFailed,
        `the instance exited while starting: ${instance.stderr.trim().slice(0, 500) || 'no message'}`,
      );
    });
    try {
      await Promise.race([hello, timeout, died]);
    } finally {
      clearTimeout(timer);
    }
    instance.innerPid = firstChildOf(pid);
    // Only a group made for this instance: without one the pid is in the server's own group.
    if (instance.cgroup) instance.pidsEventsFile = pidsEventsFileOf(pid);
  }

  private running(handle: InstanceHandle): Instance {
    const instance = this.instances.get(handle.id);
    if (instance?.state !== 'running') {
      throw new InstanceError(InstanceErrorCode.NotRunning, `instance ${handle.id} is not running`);
    }
    instance.lastActivityAt = this.now();
    return instance;
  }

  async exec(
    handle: InstanceHandle,
    command: string | string[],
    options: ExecOptions = {},
  ): Promise<ExecResult> {
    return execIn(this.running(handle), command, options);
  }

  async execCheck(
    handle: InstanceHandle,
    script: string,
    options: { timeoutMs?: number } = {},
  ): Promise<ExecResult> {
    const instance = this.running(handle);
    if (instance.innerPid === null) {
      throw new InstanceError(InstanceErrorCode.AgentFailed, 'the instance cannot be checked');
    }
    const result = await runIsolatedCheck({
      bwrapPath: this.bwrapPath,
      innerPid: instance.innerPid,
      learnerUid: instance.uid,
      uid: this.checkerUidBase + instance.slot,
      binds: instance.binds,
      env: { ...baseEnv(), ...instance.env },
      limits: instance.limits,
      script,
      timeoutMs: Math.max(
        1,
        Math.min(options.timeoutMs ?? instance.limits.execTimeoutMs, instance.limits.execTimeoutMs),
      ),
    }).catch((error: Error) => {
      throw new InstanceError(InstanceErrorCode.AgentFailed, `the check could not run: ${error.message}`);
    });
    instance.lastActivityAt = this.now();
    return result;
  }

  async writeFiles(handle: InstanceHandle, files: InstanceFile[]): Promise<void> {
    return writeFilesIn(this.running(handle), files);
  }

  async readFile(handle: InstanceHandle, path: string): Promise<Buffer | null> {
    return readFileIn(this.running(handle), path);
  }

  async ports(handle: InstanceHandle): Promise<number[]> {
    return portsIn(this.running(handle));
  }

  async openTerminal(handle: InstanceHandle, size: TerminalSize): Promise<TerminalSession> {
    return openTerminalIn(this.running(handle), size);
  }

  async httpRequest(handle: InstanceHandle, request: HttpRelayRequest): Promise<HttpRelayResult> {
    return httpRequestIn(this.running(handle), request);
  }

  async openTcpStream(handle: InstanceHandle, request: TcpStreamRequest): Promise<TcpStreamResult> {
    return openTcpStreamIn(this.running(handle), request);
  }

  async stop(handle: InstanceHandle): Promise<void> {
    const instance = this.instances.get(handle.id);
    if (instance) await this.stopInstance(instance, 'requested');
  }

  status(handle: InstanceHandle): InstanceStatus {
    const instance = this.instances.get(handle.id) ?? this.ended.get(handle.id);
    if (!instance) throw new InstanceError(InstanceErrorCode.NotRunning, `unknown instance ${handle.id}`);
    if (instance.cgroup && instance.state !== 'stopped') instance.oomKills = instance.cgroup.oomKills();
    return {
      id: instance.handle.id,
      profile: instance.handle.profile,
      state: instance.state,
      stopReason: instance.stopReason,
      lastActivityAt: instance.lastActivityAt,
      limits: { ...instance.limits },
      enforcement: this.enforcement,
      oomKills: instance.oomKills,
      processLimitHits: this.processLimitHits(instance),
      workspace: instance.state === 'stopped' ? null : workspaceUse(instance.innerPid),
      cpu: {
        enforcement: instance.cpu ? this.cpuEnforcement.kind : 'nice',
        quotaPercent: instance.cpu?.percent ?? null,
        ...(instance.cpuAtStop ?? cpuMeasurements(instance.cpu)),
      },
    };
  }

  private processLimitHits(instance: Instance): number {
    if (instance.state !== 'stopped' && instance.pidsEventsFile) {
      instance.pidsLimitHits = readProcessLimitHits(instance.pidsEventsFile) ?? instance.pidsLimitHits;
    }
    return Math.max(instance.pidsLimitHits, instance.processLimitRefusals);
  }

  async reclaimIdle(): Promise<string[]> {
    const now = this.now();
    const idle = [...this.instances.values()].filter(
      (instance) => instance.state === 'running' && now - instance.lastActivityAt >= this.idleTimeoutMs,
    );
    await Promise.all(idle.map((instance) => this.stopInstance(instance, 'idle')));
    return idle.map((instance) => instance.handle.id);
  }

  /**
   * Kills every process of the instance (by cgroup, else by the slot's uid), waits for bwrap to go, frees
   * the slot. The workspace is a tmpfs inside the sandbox's mount namespace, so it is gone with the last process.
   */
  private async stopInstance(instance: Instance, reason: InstanceStopReason): Promise<void> {
    if (instance.state === 'stopped') {
      await instance.exited;
      return;
    }
    instance.state = 'stopped';
    instance.stopReason = reason;
    instance.agent.close(
      () => new InstanceError(InstanceErrorCode.NotRunning, `instance ${instance.handle.id} stopped`),
    );
    const members = () =>
      (instance.cgroup ? instance.cgroup.pids() : pidsOwnedBy(instance.uid)).filter(
        (pid) => pid !== instance.child.pid,
      );
    killAll(members());
    const bwrapGone = Promise.race([instance.exited, sleep(2000)]).then(() => instance.child.kill('SIGKILL'));
    await bwrapGone;
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const left = [...members(), ...(instance.cgroup ? instance.cgroup.pids() : [])];
      if (left.length === 0) break;
      killAll(left);
      await sleep(5);
    }
    await instance.exited;
    // Read before the groups go (on v1 the usage comes from the slot's cpuacct group).
    instance.cpuAtStop = cpuMeasurements(instance.cpu);
    this.processLimitHits(instance);
    instance.cpu?.remove();
    if (instance.cgroup) {
      instance.oomKills = instance.cgroup.oomKills();
      instance.cgroup.endRun();
    }
    this.instances.delete(instance.handle.id);
    if (this.preparedAll.delete(instance)) {
      const ready = this.preparedReady.get(instance.handle.profile);
      const at = ready?.indexOf(instance) ?? -1;
      if (at >= 0) ready?.splice(at, 1);
      // Not replaced here: a sandbox that cannot start would be started again and again. The pool fills
      // up again as allocations take from it; meanwhile allocations start their own.
      return;
    }
    this.ended.set(instance.handle.id, instance);
    if (this.ended.size > 256) {
      const oldest = this.ended.keys().next().value;
      if (oldest !== undefined) this.ended.delete(oldest);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.all(
      [...this.instances.values(), ...this.preparedAll].map((instance) =>
        this.stopInstance(instance, 'shutdown'),
      ),
    );
    // Only our own slot groups: the per-process parent group may be shared with the code runner.
    for (const group of this.slotGroups.values()) group.remove();
    this.cpuQuota.controller?.dispose();
  }
}

export function createBwrapInstanceDriver(config?: BwrapInstanceDriverConfig): BwrapInstanceDriver {
  return new BwrapInstanceDriver(config);
}
