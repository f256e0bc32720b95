import type { Duplex } from 'node:stream';

/**
 * A live instance: a long-lived sandbox a learner works in (a cloud lab, a project's running app). The
 * driver interface is what the server's containers module talks to; `bwrapDriver.ts` implements it with
 * bubblewrap on this host, and a Docker or Kubernetes driver can implement the same calls (docs/containers.md).
 */

/** A file of the instance's workspace, by a relative path below the workspace root. */
export interface InstanceFile {
  path: string;
  content: string | Buffer;
  /** Permission bits; default 0644. */
  mode?: number;
}

export interface InstanceLimits {
  /** Memory of the whole instance (every process in it). */
  memoryMb: number;
  /** Processes and threads of the whole instance, its agent included. */
  processes: number;
  /** Size of the workspace tmpfs (the instance's only writable storage). */
  workspaceMb: number;
  /** Largest single file a process may write. */
  fileSizeMb: number;
  openFiles: number;
  /** Default and upper bound of one exec's wall clock. */
  execTimeoutMs: number;
  /** stdout and stderr kept per exec (each). */
  outputBytes: number;
  /** CPU time of the whole instance, in percent of one CPU per scheduler period (100 = one CPU). */
  cpuPercent: number;
}

export interface AllocateRequest {
  /** A profile ("image") name such as `coderoom/python/3`; see profiles.ts. */
  profile: string;
  /** Written over the profile's starter files. */
  files?: InstanceFile[];
  env?: Record<string, string>;
  /** May lower the driver's defaults, never raise them above its maximums. */
  limits?: Partial<InstanceLimits>;
  /** Free-form owner label, kept for status and logs (the server passes the user id). */
  owner?: string;
}

export interface InstanceHandle {
  readonly id: string;
  readonly profile: string;
}

export interface ExecOptions {
  stdin?: string | Buffer;
  /** Wall clock of this command; capped by the instance's `execTimeoutMs`. */
  timeoutMs?: number;
  /** Working directory relative to the workspace root (default: the root). */
  cwd?: string;
}

export interface ExecResult {
  exitCode: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  stdoutTruncated: boolean;
  stderrTruncated: boolean;
  timedOut: boolean;
  wallMs: number;
}

export type InstanceState = 'starting' | 'running' | 'stopped';
export type InstanceStopReason = 'requested' | 'idle' | 'crashed' | 'shutdown';

export interface InstanceStatus {
  id: string;
  profile: string;
  state: InstanceState;
  stopReason: InstanceStopReason | null;
  /** Epoch milliseconds of the last call that used the instance (the idle clock). */
  lastActivityAt: number;
  limits: InstanceLimits;
  /** How memory and processes are enforced: `cgroup-v1`, `cgroup-v2` or `rlimit`. */
  enforcement: string;
  /** Processes the kernel killed because the instance ran out of memory. */
  oomKills: number;
  /** Times a new process or thread was refused at the instance's process limit. */
  processLimitHits: number;
  /** Fill of the workspace tmpfs (the instance's disk); null when stopped or not measurable. */
  workspace: { usedBytes: number; sizeBytes: number } | null;
  cpu: InstanceCpuStatus;
}

export interface InstanceCpuStatus {
  /** `cgroup-v1` / `cgroup-v2` (a CFS quota), or `nice` where no cpu cgroup is writable. */
  enforcement: string;
  /** The quota in force, null without one. */
  quotaPercent: number | null;
  /** CPU time the instance used, from its cgroup; null where it is not measured. */
  usageMs: number | null;
  /** Scheduler periods in which the instance used up its quota and was held back. */
  throttledPeriods: number;
}

export interface DriverStatus {
  kind: string;
  available: boolean;
  reason: string | null;
  running: number;
  capacity: number;
}

export interface TerminalSize {
  cols: number;
  rows: number;
}

/** A shell on a pseudo-terminal inside an instance (one per browser terminal). */
export interface TerminalSession {
  readonly id: number;
  /** Raw bytes the terminal printed (UTF-8, possibly split inside a character). */
  onData(listener: (data: Buffer) => void): void;
  /** The shell ended (it exited, was closed, or the instance stopped: exitCode null). */
  onExit(listener: (exitCode: number | null) => void): void;
  write(data: string | Buffer): void;
  resize(size: TerminalSize): void;
  close(): void;
  readonly exited: boolean;
}

/** An HTTP request to the learner's app, made from inside the instance to 127.0.0.1:port. */
export interface HttpRelayRequest {
  port: number;
  method: string;
  /** Path and query, starting with '/'. */
  path: string;
  headers: Array<[string, string]>;
  body?: Buffer;
  timeoutMs?: number;
  /** Larger answers are cut here (truncated: true). */
  maxBytes?: number;
}

export type HttpRelayResult =
  | {
      kind: 'response';
      status: number;
      headers: Array<[string, string]>;
      body: Buffer;
      truncated: boolean;
    }
  /** Nothing listens on the port. */
  | { kind: 'refused' }
  /** The app did not answer in time. */
  | { kind: 'timeout' }
  | { kind: 'error'; message: string };

/** A raw TCP connection to 127.0.0.1:port inside the instance (the app proxy's WebSocket upgrades). */
export interface TcpStreamRequest {
  port: number;
  /** How long connecting may take. */
  timeoutMs?: number;
}

/**
 * An open stream is a Node Duplex with back-pressure both ways: ending it closes the writing side of the
 * connection once the written bytes are delivered, destroying it drops the connection, and it ends (then
 * closes) when the app closes its side or the instance stops.
 */
export type TcpStreamResult =
  | { kind: 'open'; stream: Duplex }
  | { kind: 'refused' }
  | { kind: 'timeout' }
  | { kind: 'error'; message: string };

export interface LiveInstanceDriver {
  readonly kind: string;
  allocate(request: AllocateRequest): Promise<InstanceHandle>;
  exec(handle: InstanceHandle, command: string | string[], options?: ExecOptions): Promise<ExecResult>;
  /**
   * Runs a check (a lab task's check, a project's live tests) apart from the learner: as another uid, on a
   * snapshot of the workspace, in the instance's network (checker.ts). Same answer as exec.
   */
  execCheck(handle: InstanceHandle, script: string, options?: { timeoutMs?: number }): Promise<ExecResult>;
  writeFiles(handle: InstanceHandle, files: InstanceFile[]): Promise<void>;
  /** The file's bytes, or null when it does not exist. */
  readFile(handle: InstanceHandle, path: string): Promise<Buffer | null>;
  /** TCP ports listening inside the instance (its own network namespace). */
  ports(handle: InstanceHandle): Promise<number[]>;
  /** Opens a shell on a pty in the instance's workspace. */
  openTerminal(handle: InstanceHandle, size: TerminalSize): Promise<TerminalSession>;
  /** Relays one HTTP request to an app listening inside the instance. */
  httpRequest(handle: InstanceHandle, request: HttpRelayRequest): Promise<HttpRelayResult>;
  /**
   * Opens a TCP connection to an app listening inside the instance. Opening counts as activity; the bytes
   * that pass afterwards do not, so a page left open on a live-reload socket does not keep the instance alive.
   */
  openTcpStream(handle: InstanceHandle, request: TcpStreamRequest): Promise<TcpStreamResult>;
  stop(handle: InstanceHandle): Promise<void>;
  status(handle: InstanceHandle): InstanceStatus;
  driverStatus(): Promise<DriverStatus>;
  /** Stops every instance idle for longer than the idle timeout; returns their ids. */
  reclaimIdle(): Promise<string[]>;
  close(): Promise<void>;
}

export const InstanceErrorCode = {
  InvalidRequest: 'invalid_request',
  UnknownProfile: 'unknown_profile',
  Capacity: 'capacity',
  Unavailable: 'unavailable',
  StartFailed: 'start_failed',
  NotRunning: 'not_running',
  AgentFailed: 'agent_failed',
} as const;
export type InstanceErrorCode = (typeof InstanceErrorCode)[keyof typeof InstanceErrorCode];

export class InstanceError extends Error {
  constructor(
    readonly code: InstanceErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'InstanceError';
  }
}
