import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { MiB } from '../config.js';
import { groupFileOf, readKey } from '../sandbox/cgroupFs.js';
import { type CgroupDetection, detectCgroups, type SlotCgroup } from '../sandbox/cgroups.js';
import { BASE_BINDS, BASE_SYMLINKS, RESERVED_ENV, SANDBOX_UID } from '../sandbox/layout.js';
import { killAll, pidsOwnedBy } from '../sandbox/processes.js';
import { INSTANCE_SECCOMP_FILTER } from '../sandbox/seccomp.js';
import { AGENT_SOURCE } from './agent.js';
import { AgentTcpStream } from './agentStream.js';
import { runIsolatedCheck } from './checker.js';
import { type CpuQuotaDetection, detectCpuQuota, type InstanceCpuGroup } from './cpuQuota.js';
import { findProfile, isSafeWorkspacePath } from './profiles.js';
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
}

export const DEFAULT_INSTANCE_LIMITS: InstanceLimits = {
  memoryMb: 256,
  processes: 64,
  workspaceMb: 128,
  fileSizeMb: 64,
  openFiles: 256,
  execTimeoutMs: 60_000,
  outputBytes: 64 * 1024,
  cpuPercent: 100,
};

export const INSTANCE_UID_BASE = 62000;
const WORKSPACE = '/box/work';
/** bwrap reads the instance's --setenv options from this fd (`--args`). */
const ENV_ARGS_FD = 4;
/** bwrap reads the seccomp filter (sandbox/seccomp.ts) from this fd. */
const SECCOMP_FD = 5;
const HOME = '/box/tmp';
/** Agent answers longer than this are a broken protocol, not data (outputs are capped far below). */
const MAX_LINE_BYTES = 8 * MiB;

/**
 * Runs as the slot's uid: waits for the host's go (after it moved this shell into the instance's cgroups),
 * applies the rlimits read from fd 3 and becomes bwrap at nice 10, so a busy instance yields the CPU to the
 * API (on top of the CPU quota, and instead of it where no cpu cgroup is writable). Nothing read is
 * evaluated as code.
 */
const WRAPPER = `
read -r nofile fsize nproc data <&3 || exit 125
exec 3<&-
ulimit -c 0 && ulimit -n "$nofile" && ulimit -f "$fsize" && ulimit -p "$nproc" || exit 126
if [ "$data" != 0 ]; then ulimit -d "$data" || exit 126; fi
exec /usr/bin/nice -n 10 "$@"
`;

interface AgentReply {
  id: number;
  ok: boolean;
  error?: string;
  [key: string]: unknown;
}

interface Instance {
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
  limits: InstanceLimits;
  state: 'starting' | 'running' | 'stopped';
  stopReason: InstanceStopReason | null;
  lastActivityAt: number;
  nextRequest: number;
  pending: Map<number, { resolve: (reply: AgentReply) => void; reject: (error: Error) => void }>;
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
  /** Open terminals by the agent's pty id; their output arrives as events, not replies. */
  terminals: Map<number, PtyListeners>;
  /** Open TCP streams (the app proxy's WebSockets) by the agent's stream id; their bytes arrive as events. */
  streams: Map<number, AgentTcpStream>;
}

interface PtyListeners {
  data: Array<(data: Buffer) => void>;
  exit: Array<(exitCode: number | null) => void>;
  ended: boolean;
}

/** Largest answer of the learner's app relayed to the browser. */
const HTTP_RELAY_MAX_BYTES = 4 * MiB;
const HTTP_RELAY_TIMEOUT_MS = 10_000;
/** How long connecting to the learner's app for a TCP stream may take. */
const TCP_CONNECT_TIMEOUT_MS = 5000;
/** An app that takes none of the bytes sent to it for this long loses the connection. */
const TCP_WRITE_STALL_MS = 5 * 60_000;

function clampLimits(defaults: InstanceLimits, asked: Partial<InstanceLimits> = {}): InstanceLimits {
  const limits = { ...defaults };
  for (const key of Object.keys(defaults) as Array<keyof InstanceLimits>) {
    const value = asked[key];
    if (value === undefined) continue;
    if (!Number.isFinite(value) || value <= 0) {
      throw new InstanceError(InstanceErrorCode.InvalidRequest, `limits.${key} must be a positive number`);
    }
    limits[key] = Math.min(defaults[key], Math.floor(value));
  }
  return limits;
}

/** Agent answers when a request cannot get a thread or process (agent.ts, Python's own messages). */
const PROCESS_LIMIT_ERRORS =
  /the instance has reached its process limit|can't start new thread|Resource temporarily unavailable/;

/** The first child of a process: the bwrap process that runs inside the instance's namespaces. */
function firstChildOf(pid: number): number | null {
  try {
    const first = Number(fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(first) && first > 0 ? first : null;
  } catch {
    return null;
  }
}

/**
 * How full the workspace tmpfs is, read from the host through the sandbox's root (`/proc/<pid>/root`), so
 * nothing inside the instance has to be asked or trusted.
 */
function workspaceUse(innerPid: number | null): { usedBytes: number; sizeBytes: number } | null {
  if (innerPid === null) return null;
  try {
    const stats = fs.statfsSync(`/proc/${innerPid}/root/box`);
    return { usedBytes: (stats.blocks - stats.bfree) * stats.bsize, sizeBytes: stats.blocks * stats.bsize };
  } catch {
    return null;
  }
}

function checkFiles(files: InstanceFile[]): void {
  for (const file of files) {
    if (!isSafeWorkspacePath(file.path)) {
      throw new InstanceError(InstanceErrorCode.InvalidRequest, `invalid file path: ${file.path}`);
    }
  }
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
    for (const [name, value] of Object.entries(env)) {
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) || RESERVED_ENV.test(name) || value.includes('\0')) {
        throw new InstanceError(
          InstanceErrorCode.InvalidRequest,
          `environment variable ${name} is not allowed`,
        );
      }
    }
    const slot = this.freeSlot();
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

  private freeSlot(): number | null {
    const used = new Set([...this.instances.values()].map((instance) => instance.slot));
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

  /** The environment every instance (and its checks) starts with, under the profile's and the request's. */
  private sandboxEnv(): Record<string, string> {
    return {
      PATH: '/usr/local/bin:/usr/bin:/bin',
      HOME,
      TMPDIR: HOME,
      LANG: 'C.UTF-8',
      TZ: 'UTC',
      USER: 'learner',
    };
  }

  /** bwrap's options: like a code run's sandbox, but with a workspace that lives as long as the instance. */
  private bwrapArgs(
    handle: InstanceHandle,
    limits: InstanceLimits,
    binds: string[],
    env: Record<string, string>,
  ) {
    const args = [
      '--unshare-all',
      '--unshare-user',
      '--disable-userns',
      '--die-with-parent',
      '--new-session',
      '--clearenv',
      '--uid',
      String(SANDBOX_UID),
      '--gid',
      String(SANDBOX_UID),
      '--hostname',
      `instance-${handle.id.slice(0, 8)}`,
    ];
    for (const bind of new Set(binds)) if (fs.existsSync(bind)) args.push('--ro-bind', bind, bind);
    for (const [target, link] of BASE_SYMLINKS) args.push('--symlink', target, link);
    args.push('--proc', '/proc', '--dev', '/dev');
    args.push('--size', String(16 * MiB), '--tmpfs', '/dev/shm', '--remount-ro', '/dev');
    args.push('--size', String(limits.workspaceMb * MiB), '--tmpfs', '/box');
    args.push('--dir', WORKSPACE, '--dir', HOME, '--symlink', HOME, '/tmp');
    const fullEnv: Record<string, string> = { ...this.sandboxEnv(), ...env };
    // The environment (a cloud lab's keys among it) goes to bwrap through fd 4, never on its command line,
    // where any process on the host could read it from /proc/<pid>/cmdline.
    args.push('--args', String(ENV_ARGS_FD));
    args.push('--seccomp', String(SECCOMP_FD));
    args.push('--chdir', WORKSPACE, '--remount-ro', '/');
    const envArgs = Object.entries(fullEnv).flatMap(([name, value]) => ['--setenv', name, value]);
    return { argv: [...args, '--', '/usr/bin/python3', '-I', '-S', '-c', AGENT_SOURCE], envArgs };
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
    const { argv, envArgs } = this.bwrapArgs(handle, limits, binds, env);
    const child = spawn('/bin/sh', ['-c', WRAPPER, 'coderoom-instance', this.bwrapPath, ...argv], {
      uid,
      gid: uid,
      env: {},
      cwd: '/',
      stdio: ['pipe', 'pipe', 'pipe', 'pipe', 'pipe', 'pipe'],
    });
    const envPipe = child.stdio[ENV_ARGS_FD] as Writable | null;
    envPipe?.on('error', () => {});
    envPipe?.end(Buffer.from(envArgs.map((arg) => `${arg}\0`).join(''), 'utf8'));
    const seccompPipe = (child.stdio as unknown as Array<Writable | null>)[SECCOMP_FD];
    seccompPipe?.on('error', () => {});
    seccompPipe?.end(INSTANCE_SECCOMP_FILTER);
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
      nextRequest: 1,
      pending: new Map(),
      exited: new Promise((resolve) => child.once('close', () => resolve())),
      stderr: '',
      oomKills: 0,
      cpuAtStop: null,
      innerPid: null,
      pidsEventsFile: null,
      processLimitRefusals: 0,
      pidsLimitHits: 0,
      terminals: new Map(),
      streams: new Map(),
    };
    child.once('error', () => {});
    child.stdin?.on('error', () => {});
    child.stderr?.on('data', (chunk: Buffer) => {
      if (instance.stderr.length < 4096) instance.stderr += chunk.toString('utf8');
    });
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      if (buffered.length > MAX_LINE_BYTES) {
        void this.stopInstance(instance, 'crashed');
        return;
      }
      let newline = buffered.indexOf('\n');
      while (newline >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        this.onReply(instance, line);
        newline = buffered.indexOf('\n');
      }
    });
    void instance.exited.then(() => {
      if (instance.state !== 'stopped') void this.stopInstance(instance, 'crashed');
    });
    return instance;
  }

  private onReply(instance: Instance, line: string): void {
    let reply: AgentReply;
    try {
      reply = JSON.parse(line) as AgentReply;
    } catch {
      return;
    }
    if (typeof reply.event === 'string') {
      this.onEvent(instance, reply);
      return;
    }
    const waiter = instance.pending.get(reply.id);
    if (!waiter) return;
    instance.pending.delete(reply.id);
    waiter.resolve(reply);
  }

  /** Terminal output and exits, pushed by the agent without a request. */
  private onEvent(instance: Instance, event: AgentReply): void {
    if (event.event === 'tcp_data' || event.event === 'tcp_eof' || event.event === 'tcp_closed') {
      this.onStreamEvent(instance, event);
      return;
    }
    const terminal = instance.terminals.get(Number(event.pty));
    if (!terminal) return;
    if (event.event === 'pty_data') {
      instance.lastActivityAt = this.now();
      const data = Buffer.from(String(event.data ?? ''), 'base64');
      for (const listener of terminal.data) listener(data);
    } else if (event.event === 'pty_exit') {
      this.endTerminal(
        instance,
        Number(event.pty),
        typeof event.exitCode === 'number' ? event.exitCode : null,
      );
    }
  }

  /** Bytes and ends of TCP streams; unlike terminal output they do not count as activity (types.ts). */
  private onStreamEvent(instance: Instance, event: AgentReply): void {
    const stream = instance.streams.get(Number(event.stream));
    if (!stream) return;
    if (event.event === 'tcp_data') stream.receive(Buffer.from(String(event.data ?? ''), 'base64'));
    else if (event.event === 'tcp_eof') stream.receiveEnd();
    else {
      instance.streams.delete(stream.streamId);
      stream.receiveClosed();
    }
  }

  private endTerminal(instance: Instance, id: number, exitCode: number | null): void {
    const terminal = instance.terminals.get(id);
    if (!terminal || terminal.ended) return;
    terminal.ended = true;
    instance.terminals.delete(id);
    for (const listener of terminal.exit) listener(exitCode);
  }

  private async waitForAgent(instance: Instance): Promise<void> {
    const hello = new Promise<AgentReply>((resolve, reject) => {
      instance.pending.set(0, { resolve, reject });
    });
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
    const control = instance.child.stdio[3] as Writable;
    control.on('error', () => {});
    const dataKb = instance.cgroup ? 0 : instance.limits.memoryMb * 1024;
    // With a pids cgroup the cgroup is the limit (it counts refusals, for the "limit exceeded" event);
    // RLIMIT_NPROC stays as a looser backstop.
    const nproc = this.cgroups.driver?.hasPids ? instance.limits.processes * 2 : instance.limits.processes;
    control.end(`${instance.limits.openFiles} ${instance.limits.fileSizeMb * 2048} ${nproc} ${dataKb}\n`);
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
    if (instance.cgroup) instance.pidsEventsFile = groupFileOf(pid, 'pids', 'pids.events');
  }

  private running(handle: InstanceHandle): Instance {
    const instance = this.instances.get(handle.id);
    if (instance?.state !== 'running') {
      throw new InstanceError(InstanceErrorCode.NotRunning, `instance ${handle.id} is not running`);
    }
    instance.lastActivityAt = this.now();
    return instance;
  }

  /**
   * Sends one request to the agent; a reply that never comes (agent killed or stuck) fails after `waitMs`.
   * `onAnswer` runs as the answer is read, before the events that follow it on the agent's output.
   */
  private request(
    instance: Instance,
    body: Record<string, unknown>,
    waitMs: number,
    onAnswer?: (reply: AgentReply) => void,
  ): Promise<AgentReply> {
    const id = instance.nextRequest;
    instance.nextRequest += 1;
    return new Promise<AgentReply>((resolve, reject) => {
      const timer = setTimeout(() => {
        instance.pending.delete(id);
        reject(new InstanceError(InstanceErrorCode.AgentFailed, 'the instance did not answer'));
      }, waitMs);
      instance.pending.set(id, {
        resolve: (reply) => {
          clearTimeout(timer);
          if (reply.ok) {
            onAnswer?.(reply);
            resolve(reply);
          } else {
            if (PROCESS_LIMIT_ERRORS.test(reply.error ?? '')) instance.processLimitRefusals += 1;
            reject(new InstanceError(InstanceErrorCode.AgentFailed, reply.error ?? 'the instance refused'));
          }
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      instance.child.stdin?.write(`${JSON.stringify({ ...body, id })}\n`);
    });
  }

  async exec(
    handle: InstanceHandle,
    command: string | string[],
    options: ExecOptions = {},
  ): Promise<ExecResult> {
    const instance = this.running(handle);
    const argv = typeof command === 'string' ? ['/bin/sh', '-c', command] : command;
    if (argv.length === 0) throw new InstanceError(InstanceErrorCode.InvalidRequest, 'empty command');
    if (options.cwd !== undefined && options.cwd !== '.' && !isSafeWorkspacePath(options.cwd)) {
      throw new InstanceError(InstanceErrorCode.InvalidRequest, `invalid working directory: ${options.cwd}`);
    }
    const timeoutMs = Math.max(
      1,
      Math.min(options.timeoutMs ?? instance.limits.execTimeoutMs, instance.limits.execTimeoutMs),
    );
    const started = performance.now();
    const reply = await this.request(
      instance,
      {
        op: 'exec',
        argv,
        cwd: options.cwd ?? '.',
        stdin: Buffer.from(options.stdin ?? '').toString('base64'),
        timeoutMs,
        outputBytes: instance.limits.outputBytes,
      },
      timeoutMs + 5000,
    );
    instance.lastActivityAt = this.now();
    const decode = (value: unknown) => Buffer.from(String(value ?? ''), 'base64').toString('utf8');
    return {
      exitCode: typeof reply.exitCode === 'number' ? reply.exitCode : null,
      signal: typeof reply.signal === 'string' ? reply.signal : null,
      stdout: decode(reply.stdout),
      stderr: decode(reply.stderr),
      stdoutTruncated: reply.stdoutTruncated === true,
      stderrTruncated: reply.stderrTruncated === true,
      timedOut: reply.timedOut === true,
      wallMs: Math.round(performance.now() - started),
    };
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
      env: { ...this.sandboxEnv(), ...instance.env },
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
    const instance = this.running(handle);
    checkFiles(files);
    for (const file of files) {
      await this.request(
        instance,
        {
          op: 'write',
          path: file.path,
          content: Buffer.from(file.content).toString('base64'),
          mode: file.mode ?? 0o644,
        },
        10_000,
      );
    }
  }

  async readFile(handle: InstanceHandle, path: string): Promise<Buffer | null> {
    const instance = this.running(handle);
    checkFiles([{ path, content: '' }]);
    const reply = await this.request(instance, { op: 'read', path, maxBytes: 4 * MiB }, 10_000);
    return reply.missing === true ? null : Buffer.from(String(reply.content ?? ''), 'base64');
  }

  async ports(handle: InstanceHandle): Promise<number[]> {
    const instance = this.running(handle);
    const reply = await this.request(instance, { op: 'ports' }, 10_000);
    return Array.isArray(reply.ports) ? reply.ports.filter((port) => typeof port === 'number') : [];
  }

  async openTerminal(handle: InstanceHandle, size: TerminalSize): Promise<TerminalSession> {
    const instance = this.running(handle);
    const reply = await this.request(instance, { op: 'pty_open', cols: size.cols, rows: size.rows }, 10_000);
    const id = Number(reply.pty);
    const listeners: PtyListeners = { data: [], exit: [], ended: false };
    instance.terminals.set(id, listeners);
    // Writes are fire-and-forget in order; a failed one (the shell just exited) surfaces as the exit event.
    const send = (body: Record<string, unknown>) => {
      if (listeners.ended || instance.state !== 'running') return;
      instance.lastActivityAt = this.now();
      this.request(instance, { ...body, pty: id }, 10_000).catch(() => undefined);
    };
    return {
      id,
      onData: (listener) => {
        listeners.data.push(listener);
      },
      onExit: (listener) => {
        if (listeners.ended) listener(null);
        else listeners.exit.push(listener);
      },
      write: (data) => send({ op: 'pty_write', data: Buffer.from(data).toString('base64') }),
      resize: ({ cols, rows }) => send({ op: 'pty_resize', cols, rows }),
      close: () => send({ op: 'pty_close' }),
      get exited() {
        return listeners.ended;
      },
    };
  }

  async httpRequest(handle: InstanceHandle, request: HttpRelayRequest): Promise<HttpRelayResult> {
    const instance = this.running(handle);
    if (!Number.isInteger(request.port) || request.port < 1 || request.port > 65535) {
      throw new InstanceError(InstanceErrorCode.InvalidRequest, `invalid port ${request.port}`);
    }
    if (
      !request.path.startsWith('/') ||
      /[\r\n\s]/.test(request.path) ||
      !/^[A-Z]{1,16}$/.test(request.method)
    ) {
      throw new InstanceError(InstanceErrorCode.InvalidRequest, 'invalid request line');
    }
    const timeoutMs = Math.min(request.timeoutMs ?? HTTP_RELAY_TIMEOUT_MS, instance.limits.execTimeoutMs);
    const reply = await this.request(
      instance,
      {
        op: 'http',
        port: request.port,
        method: request.method,
        path: request.path,
        headers: request.headers.filter(([name, value]) => !/[\r\n]/.test(name + value)),
        body: (request.body ?? Buffer.alloc(0)).toString('base64'),
        timeoutMs,
        maxBytes: Math.min(request.maxBytes ?? HTTP_RELAY_MAX_BYTES, HTTP_RELAY_MAX_BYTES),
      },
      timeoutMs + 5000,
    );
    instance.lastActivityAt = this.now();
    if (reply.failure === 'refused') return { kind: 'refused' };
    if (reply.failure === 'timeout') return { kind: 'timeout' };
    if (reply.failure) return { kind: 'error', message: String(reply.message ?? 'the app failed') };
    const headers = Array.isArray(reply.headers)
      ? (reply.headers as unknown[]).filter(
          (pair): pair is [string, string] =>
            Array.isArray(pair) && typeof pair[0] === 'string' && typeof pair[1] === 'string',
        )
      : [];
    return {
      kind: 'response',
      status: Number(reply.status),
      headers,
      body: Buffer.from(String(reply.body ?? ''), 'base64'),
      truncated: reply.truncated === true,
    };
  }

  async openTcpStream(handle: InstanceHandle, request: TcpStreamRequest): Promise<TcpStreamResult> {
    const instance = this.running(handle);
    if (!Number.isInteger(request.port) || request.port < 1 || request.port > 65535) {
      throw new InstanceError(InstanceErrorCode.InvalidRequest, `invalid port ${request.port}`);
    }
    const timeoutMs = Math.min(request.timeoutMs ?? TCP_CONNECT_TIMEOUT_MS, instance.limits.execTimeoutMs);
    const channel = {
      request: (body: Record<string, unknown>) => this.request(instance, body, TCP_WRITE_STALL_MS),
      notify: (body: Record<string, unknown>) => {
        if (instance.state === 'running') this.request(instance, body, 10_000).catch(() => undefined);
      },
    };
    let opened: AgentTcpStream | null = null;
    // The stream is registered as its answer is read: its first bytes may follow in the same chunk.
    const reply = await this.request(
      instance,
      { op: 'tcp_open', port: request.port, timeoutMs },
      timeoutMs + 5000,
      (answer) => {
        if (answer.failure) return;
        const id = Number(answer.stream);
        const stream = new AgentTcpStream(id, channel, () => instance.streams.delete(id));
        instance.streams.set(id, stream);
        opened = stream;
      },
    );
    if (reply.failure === 'refused') return { kind: 'refused' };
    if (reply.failure === 'timeout') return { kind: 'timeout' };
    if (reply.failure || opened === null) {
      return { kind: 'error', message: String(reply.message ?? 'the connection failed') };
    }
    return { kind: 'open', stream: opened };
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
        ...(instance.cpuAtStop ?? this.cpuMeasurements(instance)),
      },
    };
  }

  private processLimitHits(instance: Instance): number {
    if (instance.state !== 'stopped' && instance.pidsEventsFile) {
      instance.pidsLimitHits = readKey(instance.pidsEventsFile, 'max') ?? instance.pidsLimitHits;
    }
    return Math.max(instance.pidsLimitHits, instance.processLimitRefusals);
  }

  private cpuMeasurements(instance: Instance): { usageMs: number | null; throttledPeriods: number } {
    return {
      usageMs: instance.cpu?.usageMs() ?? null,
      throttledPeriods: instance.cpu?.throttledPeriods() ?? 0,
    };
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
    for (const waiter of instance.pending.values()) {
      waiter.reject(
        new InstanceError(InstanceErrorCode.NotRunning, `instance ${instance.handle.id} stopped`),
      );
    }
    instance.pending.clear();
    for (const id of [...instance.terminals.keys()]) this.endTerminal(instance, id, null);
    for (const stream of [...instance.streams.values()]) stream.destroy();
    instance.streams.clear();
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
    instance.cpuAtStop = this.cpuMeasurements(instance);
    this.processLimitHits(instance);
    instance.cpu?.remove();
    if (instance.cgroup) {
      instance.oomKills = instance.cgroup.oomKills();
      instance.cgroup.endRun();
    }
    this.instances.delete(instance.handle.id);
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
      [...this.instances.values()].map((instance) => this.stopInstance(instance, 'shutdown')),
    );
    // Only our own slot groups: the per-process parent group may be shared with the code runner.
    for (const group of this.slotGroups.values()) group.remove();
    this.cpuQuota.controller?.dispose();
  }
}

export function createBwrapInstanceDriver(config?: BwrapInstanceDriverConfig): BwrapInstanceDriver {
  return new BwrapInstanceDriver(config);
}
