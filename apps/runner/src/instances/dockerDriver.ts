import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { PassThrough, type Writable } from 'node:stream';
import Docker from 'dockerode';
import { MiB } from '../config.js';
import { groupFileOf, readKey, readNumber } from '../sandbox/cgroupFs.js';
import { AGENT_SOURCE } from './agent.js';
import { AgentConnection } from './agentConnection.js';
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
import { baseEnv, checkEnv, checkFiles } from './instanceSandbox.js';
import { clampLimits, DEFAULT_INSTANCE_LIMITS, isProcessLimitRefusal } from './limits.js';
import { findProfile, INSTANCE_PROFILES, type InstanceProfile } from './profiles.js';
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

// The Docker driver (INSTANCE_DRIVER=docker): one container per instance, from the image that
// scripts/docker-images.sh builds (deploy/images/instance/Dockerfile), through the Docker Engine API. The
// container's main process is the same agent as in the bubblewrap sandbox (agent.ts), attached over the
// API's stdin/stdout, so exec, files, terminals, the HTTP relay and TCP streams are the same requests
// (instanceOperations.ts). See docs/containers.md, "The Docker driver".

export interface DockerInstanceDriverConfig {
  /** The Docker Engine API's Unix socket (default /var/run/docker.sock). */
  socketPath?: string;
  /** An Engine API client; tests and benches may pass their own. */
  docker?: Docker;
  /** The instance image (default coderoom/instance:latest). */
  image?: string;
  /**
   * Names this driver's containers (label dev.coderoom.owner): containers of the same owner left by an
   * earlier run are removed at start. Two servers sharing a daemon need distinct owners (default: host name).
   */
  owner?: string;
  /** Instances alive at once (the pool not counted). */
  maxInstances?: number;
  /** Started containers kept ready per profile, so allocation does not wait for a container to start. */
  poolSize?: number;
  idleTimeoutMs?: number;
  /** How often idle instances are looked for; 0 disables the timer (tests call reclaimIdle). */
  reclaimIntervalMs?: number;
  defaultLimits?: Partial<InstanceLimits>;
  now?: () => number;
  /** How long a container and its agent may take to start. */
  startTimeoutMs?: number;
}

export const DOCKER_INSTANCE_IMAGE = 'coderoom/instance:latest';
/** Every container of this driver carries this label; the owner's name is its value. */
export const DOCKER_OWNER_LABEL = 'dev.coderoom.instance-owner';
const PROFILE_LABEL = 'dev.coderoom.profile';
/** How long allocations must pause before a pool is refilled. */
const REFILL_DELAY_MS = 250;
/** uids of the image (deploy/images/instance/Dockerfile): the learner and the checks. */
const LEARNER_UID = 1000;
const CHECKER_UID = 1001;

/**
 * The container's command, started as root without most capabilities: makes the workspace and home in the
 * /box tmpfs for the learner, then becomes the agent as the learner's uid with no capabilities left (none
 * permitted, inheritable or in the bounding set; no new privileges) at nice 10. The agent's source is the
 * argument $1; nothing read is evaluated otherwise.
 */
const BOOT = `mkdir -p /box/work /box/tmp && chown ${LEARNER_UID}:${LEARNER_UID} /box/work /box/tmp && cd /box/work \
&& exec setpriv --reuid ${LEARNER_UID} --regid ${LEARNER_UID} --clear-groups --inh-caps=-all --bounding-set=-all \
  /usr/bin/nice -n 10 /usr/bin/python3 -I -S -c "$1"`;

/**
 * A check (a lab task's check, a project's live tests) runs as root only long enough to copy the workspace
 * into a 0700 folder of the checker uid, then as that uid under `timeout`; the folder is removed after.
 * $1 is the timeout in seconds, $2 the script.
 */
const CHECK = `set -u
dir=$(mktemp -d /box/.check.XXXXXX) || exit 125
cp -R --no-preserve=ownership /box/work/. "$dir"/ 2>/dev/null
chown -R ${CHECKER_UID}:${CHECKER_UID} "$dir" && chmod 700 "$dir" || exit 125
cd "$dir"
setpriv --reuid ${CHECKER_UID} --regid ${CHECKER_UID} --clear-groups --inh-caps=-all --bounding-set=-all \\
  timeout -s KILL "$1" /bin/sh -c "$2"
code=$?
cd / && rm -rf "$dir"
exit $code`;

interface Instance extends OperationTarget {
  handle: InstanceHandle;
  container: Docker.Container;
  /** The attached stream: the agent's stdin (and, multiplexed, its stdout and stderr). */
  attached: NodeJS.ReadWriteStream;
  env: Record<string, string>;
  state: 'starting' | 'running' | 'stopped';
  stopReason: InstanceStopReason | null;
  lastActivityAt: number;
  stderr: string;
  /** The container's first process on this host (cgroup readings, the workspace's fill); null if unseen. */
  pid: number | null;
  processLimitRefusals: number;
  readings: Readings;
  removed: Promise<void> | null;
}

interface Readings {
  oomKills: number;
  pidsLimitHits: number;
  usageMs: number | null;
  throttledPeriods: number;
}

function sameFixedLimits(a: InstanceLimits, b: InstanceLimits): boolean {
  // What a started container cannot change: its tmpfs size and its rlimits.
  return a.workspaceMb === b.workspaceMb && a.fileSizeMb === b.fileSizeMb && a.openFiles === b.openFiles;
}

function envList(env: Record<string, string>): string[] {
  return Object.entries(env).map(([name, value]) => `${name}=${value}`);
}

/** The container's resources for these limits (also what `docker update` changes on a pooled one). */
function resources(limits: InstanceLimits) {
  return {
    Memory: limits.memoryMb * MiB,
    MemorySwap: limits.memoryMb * MiB,
    PidsLimit: limits.processes,
    NanoCpus: Math.round(limits.cpuPercent * 10_000_000),
  };
}

/**
 * One container per instance, each with the agent as its main process. See docs/containers.md.
 */
export class DockerInstanceDriver implements LiveInstanceDriver {
  readonly kind = 'docker';
  private readonly docker: Docker;
  private readonly image: string;
  private readonly owner: string;
  private readonly capacity: number;
  private readonly poolSize: number;
  private readonly idleTimeoutMs: number;
  private readonly defaults: InstanceLimits;
  private readonly now: () => number;
  private readonly startTimeoutMs: number;
  private readonly instances = new Map<string, Instance>();
  private readonly ended = new Map<string, Instance>();
  /** Started containers waiting for an allocation, per profile. */
  private readonly pool = new Map<string, Instance[]>();
  private readonly filling = new Map<string, number>();
  private readonly refillTimers = new Map<string, NodeJS.Timeout>();
  /** Pool containers being started, awaited by close(). */
  private readonly fills = new Set<Promise<void>>();
  private readonly timer: NodeJS.Timeout | null;
  /** Orphans removed, then the pool filled once: allocation waits for the first part only. */
  private readonly ready: Promise<void>;
  private problemCache: { at: number; problem: string | null } | null = null;
  private closed = false;
  /** Containers removed at start because an earlier run of this owner left them. */
  orphansRemoved = 0;

  constructor(config: DockerInstanceDriverConfig = {}) {
    this.docker = config.docker ?? new Docker({ socketPath: config.socketPath ?? '/var/run/docker.sock' });
    this.image = config.image ?? DOCKER_INSTANCE_IMAGE;
    this.owner = config.owner ?? os.hostname();
    this.capacity = Math.max(1, config.maxInstances ?? 32);
    this.poolSize = Math.max(0, config.poolSize ?? 2);
    this.idleTimeoutMs = config.idleTimeoutMs ?? 30 * 60_000;
    this.defaults = { ...DEFAULT_INSTANCE_LIMITS, ...config.defaultLimits };
    this.now = config.now ?? Date.now;
    this.startTimeoutMs = config.startTimeoutMs ?? 20_000;
    const interval = config.reclaimIntervalMs ?? Math.min(60_000, Math.max(1000, this.idleTimeoutMs / 4));
    this.timer = interval > 0 ? setInterval(() => void this.reclaimIdle(), interval) : null;
    this.timer?.unref();
    this.ready = this.removeOrphans().catch(() => undefined);
    void this.ready.then(() => this.fillPools());
  }

  /** Removes every container of this owner: what an earlier run left (it crashed or was killed). */
  private async removeOrphans(): Promise<void> {
    const found = await this.docker.listContainers({
      all: true,
      filters: { label: [`${DOCKER_OWNER_LABEL}=${this.owner}`] },
    });
    await Promise.all(
      found.map(async (entry) => {
        await this.docker
          .getContainer(entry.Id)
          .remove({ force: true })
          .catch(() => undefined);
        this.orphansRemoved += 1;
      }),
    );
  }

  /** Waits until the orphans of an earlier run are gone and each profile's pool is full (tests, benches). */
  async warm(): Promise<void> {
    await this.ready;
    await this.fillPools();
  }

  async driverStatus(): Promise<DriverStatus> {
    const problem = await this.problem();
    return {
      kind: this.kind,
      available: problem === null,
      reason: problem,
      running: this.instances.size,
      capacity: this.capacity,
    };
  }

  /** Why no instance can start (no daemon, no image); checked at most every 5 s. */
  private async problem(): Promise<string | null> {
    if (this.closed) return 'the instance driver is closed';
    const cached = this.problemCache;
    if (cached && this.now() - cached.at < 5000) return cached.problem;
    let problem: string | null = null;
    try {
      await this.docker.ping();
      try {
        await this.docker.getImage(this.image).inspect();
      } catch {
        problem = `the image ${this.image} is missing (scripts/docker-images.sh instance)`;
      }
    } catch (error) {
      problem = `no Docker daemon answers: ${(error as Error).message}`;
    }
    this.problemCache = { at: this.now(), problem };
    return problem;
  }

  async allocate(request: AllocateRequest): Promise<InstanceHandle> {
    const problem = await this.problem();
    if (problem) throw new InstanceError(InstanceErrorCode.Unavailable, problem);
    const profile = findProfile(request.profile);
    if (!profile)
      throw new InstanceError(InstanceErrorCode.UnknownProfile, `unknown profile ${request.profile}`);
    const limits = clampLimits(this.defaults, request.limits);
    const files = [...profile.files, ...(request.files ?? [])];
    checkFiles(files);
    const env = { ...request.env };
    checkEnv({ ...profile.env, ...env });
    if (this.instances.size >= this.capacity) {
      throw new InstanceError(InstanceErrorCode.Capacity, `all ${this.capacity} instance slots are in use`);
    }
    await this.ready;
    const handle: InstanceHandle = Object.freeze({ id: randomUUID(), profile: profile.name });
    const pooled = sameFixedLimits(limits, this.defaults) ? this.takePooled(profile.name) : null;
    let instance: Instance;
    if (pooled) {
      // The pooled container becomes this instance: its handle, its environment, its limits.
      instance = Object.assign(pooled, { handle, env: { ...pooled.env, ...env }, limits });
      this.instances.set(handle.id, instance);
      this.refillSoon(profile);
    } else {
      instance = await this.startContainer(handle, profile, limits, env, (started) =>
        this.instances.set(handle.id, started),
      );
    }
    instance.lastActivityAt = this.now();
    try {
      if (pooled) {
        if (Object.keys(env).length > 0) await instance.agent.request({ op: 'setenv', env }, 10_000);
        const changed = resources(limits);
        const base = resources(this.defaults);
        if (JSON.stringify(changed) !== JSON.stringify(base)) await instance.container.update(changed);
      }
      if (files.length > 0) await writeFilesIn(instance, files);
    } catch (error) {
      await this.stopInstance(instance, 'crashed');
      if (error instanceof InstanceError) throw error;
      throw new InstanceError(InstanceErrorCode.StartFailed, (error as Error).message);
    }
    return handle;
  }

  /**
   * Refills a profile's pool once allocations pause (REFILL_DELAY_MS after the last one), so starting
   * containers does not compete with a burst of allocations for the daemon and the CPU.
   */
  private refillSoon(profile: InstanceProfile): void {
    clearTimeout(this.refillTimers.get(profile.name));
    const timer = setTimeout(() => {
      this.refillTimers.delete(profile.name);
      void this.fillPool(profile);
    }, REFILL_DELAY_MS);
    timer.unref();
    this.refillTimers.set(profile.name, timer);
  }

  private takePooled(profile: string): Instance | null {
    const ready = this.pool.get(profile) ?? [];
    while (ready.length > 0) {
      const candidate = ready.shift();
      if (candidate?.state === 'running') return candidate;
    }
    return null;
  }

  private async fillPools(): Promise<void> {
    await Promise.all(Object.values(INSTANCE_PROFILES).map((profile) => this.fillPool(profile)));
  }

  /** Starts containers until the profile's pool is full again; close() waits for the ones starting. */
  private fillPool(profile: InstanceProfile): Promise<void> {
    const fill: Promise<void> = this.startPooled(profile).finally(() => this.fills.delete(fill));
    this.fills.add(fill);
    return fill;
  }

  private async startPooled(profile: InstanceProfile): Promise<void> {
    if (this.poolSize === 0 || this.closed) return;
    const ready = this.pool.get(profile.name) ?? [];
    this.pool.set(profile.name, ready);
    const starting = this.filling.get(profile.name) ?? 0;
    const wanted = this.poolSize - ready.length - starting;
    if (wanted <= 0 || (await this.problem()) !== null || this.closed) return;
    this.filling.set(profile.name, starting + wanted);
    await Promise.all(
      Array.from({ length: wanted }, async () => {
        try {
          const handle = Object.freeze({ id: randomUUID(), profile: profile.name });
          const instance = await this.startContainer(handle, profile, this.defaults, {}, () => undefined);
          if (this.closed) await this.stopInstance(instance, 'shutdown');
          else ready.push(instance);
        } catch {
          // the daemon is gone or full: the next allocation starts its own container
        } finally {
          this.filling.set(profile.name, (this.filling.get(profile.name) ?? 1) - 1);
        }
      }),
    );
  }

  /** Creates, attaches and starts a container, and waits for its agent's greeting. */
  private async startContainer(
    handle: InstanceHandle,
    profile: InstanceProfile,
    limits: InstanceLimits,
    env: Record<string, string>,
    register: (instance: Instance) => void,
  ): Promise<Instance> {
    const fullEnv = { ...baseEnv(), ...profile.env, ...env };
    let container: Docker.Container;
    try {
      container = await this.docker.createContainer({
        Image: this.image,
        Cmd: ['/bin/sh', '-c', BOOT, 'coderoom-agent', AGENT_SOURCE],
        Env: envList(fullEnv),
        User: '0:0',
        WorkingDir: '/box',
        Hostname: `instance-${handle.id.slice(0, 8)}`,
        Labels: { [DOCKER_OWNER_LABEL]: this.owner, [PROFILE_LABEL]: profile.name },
        AttachStdin: true,
        AttachStdout: true,
        AttachStderr: true,
        OpenStdin: true,
        // The agent sees end-of-file when this driver's connection drops, and the container ends with it.
        StdinOnce: true,
        Tty: false,
        NetworkDisabled: true,
        HostConfig: {
          ...resources(limits),
          NetworkMode: 'none',
          ReadonlyRootfs: true,
          Init: true,
          Tmpfs: {
            '/box': `rw,exec,nosuid,nodev,size=${limits.workspaceMb}m,mode=1777`,
            '/dev/shm': 'rw,noexec,nosuid,nodev,size=16m',
          },
          // Root inside the container (the boot above and the driver's checks) keeps only what making the
          // workspace, copying it for a check and dropping to a uid need; the learner's processes have none.
          CapDrop: ['ALL'],
          CapAdd: ['CHOWN', 'DAC_OVERRIDE', 'FOWNER', 'SETUID', 'SETGID', 'SETPCAP'],
          SecurityOpt: ['no-new-privileges'],
          Ulimits: [
            { Name: 'nofile', Soft: limits.openFiles, Hard: limits.openFiles },
            { Name: 'fsize', Soft: limits.fileSizeMb * MiB, Hard: limits.fileSizeMb * MiB },
            { Name: 'core', Soft: 0, Hard: 0 },
          ],
          // The agent's protocol carries workspace files and a lab's keys: never into a log file.
          LogConfig: { Type: 'none', Config: {} },
        },
      });
    } catch (error) {
      throw new InstanceError(
        InstanceErrorCode.StartFailed,
        `the container was not created: ${(error as Error).message}`,
      );
    }
    const attached = await container
      .attach({ stream: true, hijack: true, stdin: true, stdout: true, stderr: true })
      .catch(async (error: Error) => {
        await container.remove({ force: true }).catch(() => undefined);
        throw new InstanceError(
          InstanceErrorCode.StartFailed,
          `the container was not attached: ${error.message}`,
        );
      });
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    container.modem.demuxStream(attached, stdout, stderr);
    attached.on('error', () => {});
    const instance: Instance = {
      handle,
      container,
      attached,
      env: { ...profile.env, ...env },
      limits,
      state: 'starting',
      stopReason: null,
      lastActivityAt: this.now(),
      agent: new AgentConnection(
        { stdin: attached as unknown as Writable, stdout },
        {
          onActivity: () => {
            instance.lastActivityAt = this.now();
          },
          onRefusal: (error) => {
            if (isProcessLimitRefusal(error)) instance.processLimitRefusals += 1;
          },
          onBroken: () => void this.stopInstance(instance, 'crashed'),
        },
      ),
      isRunning: () => instance.state === 'running',
      touch: () => {
        instance.lastActivityAt = this.now();
      },
      stderr: '',
      pid: null,
      processLimitRefusals: 0,
      readings: { oomKills: 0, pidsLimitHits: 0, usageMs: null, throttledPeriods: 0 },
      removed: null,
    };
    register(instance);
    stderr.on('data', (chunk: Buffer) => {
      if (instance.stderr.length < 4096) instance.stderr += chunk.toString('utf8');
    });
    const ended = new Promise<void>((resolve) => {
      attached.once('end', resolve);
      attached.once('close', resolve);
    });
    void ended.then(() => {
      if (instance.state !== 'stopped') void this.stopInstance(instance, 'crashed');
    });
    const hello = instance.agent.hello();
    // Also rejected when the container ends before the race below is set up.
    hello.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    try {
      await container.start();
      await Promise.race([
        hello,
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () =>
              reject(
                new InstanceError(InstanceErrorCode.StartFailed, 'the instance agent did not start in time'),
              ),
            this.startTimeoutMs,
          );
        }),
        ended.then(() => {
          throw new InstanceError(
            InstanceErrorCode.StartFailed,
            `the instance exited while starting: ${instance.stderr.trim().slice(0, 500) || 'no message'}`,
          );
        }),
      ]);
      instance.state = 'running';
    } catch (error) {
      await this.stopInstance(instance, 'crashed');
      if (error instanceof InstanceError) throw error;
      throw new InstanceError(InstanceErrorCode.StartFailed, (error as Error).message);
    } finally {
      clearTimeout(timer);
    }
    // The host's view of the container's processes, for the readings (absent when the daemon is remote).
    const details = await container.inspect().catch(() => null);
    const pid = details?.State?.Pid;
    instance.pid = typeof pid === 'number' && pid > 0 && fs.existsSync(`/proc/${pid}`) ? pid : null;
    return instance;
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
    const limits = instance.limits;
    const timeoutMs = Math.max(1, Math.min(options.timeoutMs ?? limits.execTimeoutMs, limits.execTimeoutMs));
    const started = performance.now();
    const seconds = (timeoutMs / 1000).toFixed(3);
    const result = await this.dockerExec(
      instance,
      ['/bin/sh', '-c', CHECK, 'check', seconds, script],
      timeoutMs + 5000,
    ).catch((error: Error) => {
      throw new InstanceError(InstanceErrorCode.AgentFailed, `the check could not run: ${error.message}`);
    });
    const wallMs = Math.round(performance.now() - started);
    instance.lastActivityAt = this.now();
    // `timeout -s KILL` ends the check with SIGKILL (exit 137) when its time is up.
    const timedOut = result.timedOut || (result.exitCode === 137 && wallMs >= timeoutMs);
    return {
      ...result,
      exitCode: timedOut ? null : result.exitCode,
      signal: timedOut ? 'SIGKILL' : null,
      timedOut,
      wallMs,
    };
  }

  /** A `docker exec` as root in the instance (only the driver's own checks), output capped as for exec. */
  private async dockerExec(
    instance: Instance,
    argv: string[],
    waitMs: number,
  ): Promise<Omit<ExecResult, 'wallMs' | 'signal'>> {
    const exec = await instance.container.exec({
      Cmd: argv,
      User: '0:0',
      Env: envList({ ...baseEnv(), ...instance.env }),
      WorkingDir: '/box',
      AttachStdout: true,
      AttachStderr: true,
    });
    const stream = await exec.start({ hijack: true, stdin: false });
    const cap = instance.limits.outputBytes;
    const kept = { stdout: [] as Buffer[], stderr: [] as Buffer[] };
    const sizes = { stdout: 0, stderr: 0 };
    const sink = (name: 'stdout' | 'stderr') => {
      const target = new PassThrough();
      target.on('data', (chunk: Buffer) => {
        const room = cap - Math.min(cap, sizes[name]);
        if (room > 0) kept[name].push(chunk.subarray(0, room));
        sizes[name] += chunk.length;
      });
      return target;
    };
    instance.container.modem.demuxStream(stream, sink('stdout'), sink('stderr'));
    let timedOut = false;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timedOut = true;
        stream.destroy();
        resolve();
      }, waitMs);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      stream.once('end', done);
      stream.once('close', done);
      stream.once('error', done);
    });
    const details = timedOut ? null : await exec.inspect().catch(() => null);
    return {
      exitCode: typeof details?.ExitCode === 'number' ? details.ExitCode : null,
      stdout: Buffer.concat(kept.stdout).toString('utf8'),
      stderr: Buffer.concat(kept.stderr).toString('utf8'),
      stdoutTruncated: sizes.stdout > cap,
      stderrTruncated: sizes.stderr > cap,
      timedOut,
    };
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
    if (instance.state !== 'stopped') this.read(instance);
    const { readings } = instance;
    return {
      id: instance.handle.id,
      profile: instance.handle.profile,
      state: instance.state,
      stopReason: instance.stopReason,
      lastActivityAt: instance.lastActivityAt,
      limits: { ...instance.limits },
      enforcement: 'docker',
      oomKills: readings.oomKills,
      processLimitHits: Math.max(readings.pidsLimitHits, instance.processLimitRefusals),
      workspace: instance.state === 'stopped' ? null : this.workspaceUse(instance),
      cpu: {
        enforcement: 'docker',
        quotaPercent: instance.limits.cpuPercent,
        usageMs: readings.usageMs,
        throttledPeriods: readings.throttledPeriods,
      },
    };
  }

  /** The container's cgroup counters, read on this host (kept when it is gone, as the last reading). */
  private read(instance: Instance): void {
    const pid = instance.pid;
    if (pid === null) return;
    const key = (controller: string, name: string, entry: string) => {
      const file = groupFileOf(pid, controller, name);
      return file ? readKey(file, entry) : null;
    };
    const { readings } = instance;
    // cgroup v1 files first, then v2's (groupFileOf answers the v2 group where a controller is not on v1).
    const oom = key('memory', 'memory.oom_control', 'oom_kill') ?? key('memory', 'memory.events', 'oom_kill');
    if (oom !== null) readings.oomKills = oom;
    const hits = key('pids', 'pids.events', 'max');
    if (hits !== null) readings.pidsLimitHits = hits;
    const usageFile = groupFileOf(pid, 'cpuacct', 'cpuacct.usage');
    const usageNs = usageFile ? readNumber(usageFile) : null;
    const usageUs = usageNs === null ? key('cpu', 'cpu.stat', 'usage_usec') : null;
    if (usageNs !== null) readings.usageMs = Math.round(usageNs / 1e6);
    else if (usageUs !== null) readings.usageMs = Math.round(usageUs / 1000);
    const throttled = key('cpu', 'cpu.stat', 'nr_throttled');
    if (throttled !== null) readings.throttledPeriods = throttled;
  }

  private workspaceUse(instance: Instance): { usedBytes: number; sizeBytes: number } | null {
    if (instance.pid === null) return null;
    try {
      const stats = fs.statfsSync(`/proc/${instance.pid}/root/box`);
      return { usedBytes: (stats.blocks - stats.bfree) * stats.bsize, sizeBytes: stats.blocks * stats.bsize };
    } catch {
      return null;
    }
  }

  async reclaimIdle(): Promise<string[]> {
    const now = this.now();
    const idle = [...this.instances.values()].filter(
      (instance) => instance.state === 'running' && now - instance.lastActivityAt >= this.idleTimeoutMs,
    );
    await Promise.all(idle.map((instance) => this.stopInstance(instance, 'idle')));
    return idle.map((instance) => instance.handle.id);
  }

  /** Removes the container (its processes and its tmpfs go with it) and frees the slot. */
  private async stopInstance(instance: Instance, reason: InstanceStopReason): Promise<void> {
    if (instance.state === 'stopped') {
      await instance.removed;
      return;
    }
    instance.state = 'stopped';
    instance.stopReason = reason;
    this.read(instance);
    instance.agent.close(
      () => new InstanceError(InstanceErrorCode.NotRunning, `instance ${instance.handle.id} stopped`),
    );
    instance.removed = instance.container
      .remove({ force: true })
      .catch(() => undefined)
      .then(() => {
        instance.attached.end();
      });
    await instance.removed;
    if (this.instances.get(instance.handle.id) === instance) {
      this.instances.delete(instance.handle.id);
      this.ended.set(instance.handle.id, instance);
      if (this.ended.size > 256) {
        const oldest = this.ended.keys().next().value;
        if (oldest !== undefined) this.ended.delete(oldest);
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    for (const timer of this.refillTimers.values()) clearTimeout(timer);
    await Promise.all([...this.fills]);
    const pooled = [...this.pool.values()].flat();
    this.pool.clear();
    await Promise.all([
      ...[...this.instances.values()].map((instance) => this.stopInstance(instance, 'shutdown')),
      ...pooled.map((instance) => this.stopInstance(instance, 'shutdown')),
    ]);
  }
}

export function createDockerInstanceDriver(config?: DockerInstanceDriverConfig): DockerInstanceDriver {
  return new DockerInstanceDriver(config);
}
