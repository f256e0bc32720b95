import net from 'node:net';
import type { Duplex } from 'node:stream';
import {
  type AllocateRequest,
  type DriverStatus,
  type ExecResult,
  type HttpRelayRequest,
  type HttpRelayResult,
  InstanceError,
  type InstanceFile,
  type InstanceHandle,
  type InstanceLimits,
  type InstanceStatus,
  type LiveInstanceDriver,
  type TcpStreamRequest,
  type TcpStreamResult,
  type TerminalSession,
  type TerminalSize,
} from '@coderoom/runner';

// Test double for the containers module's route tests (the real driver is tested in apps/runner).

/** A fake shell: echoes what it is sent and answers `exit` by ending. */
export class FakeTerminal implements TerminalSession {
  readonly id: number;
  exited = false;
  size: TerminalSize;
  closed = false;
  private dataListeners: Array<(data: Buffer) => void> = [];
  private exitListeners: Array<(code: number | null) => void> = [];

  constructor(id: number, size: TerminalSize) {
    this.id = id;
    this.size = size;
  }
  onData(listener: (data: Buffer) => void): void {
    this.dataListeners.push(listener);
  }
  onExit(listener: (code: number | null) => void): void {
    this.exitListeners.push(listener);
  }
  emit(text: string): void {
    for (const listener of this.dataListeners) listener(Buffer.from(text));
  }
  write(data: string | Buffer): void {
    const text = data.toString();
    if (text.startsWith('exit')) this.end(0);
    else this.emit(text.replace('\r', '\r\n'));
  }
  resize(size: TerminalSize): void {
    this.size = size;
  }
  close(): void {
    this.closed = true;
    this.end(null);
  }
  end(code: number | null): void {
    if (this.exited) return;
    this.exited = true;
    for (const listener of this.exitListeners) listener(code);
  }
}

const FAKE_LIMITS: InstanceLimits = {
  memoryMb: 256,
  processes: 64,
  workspaceMb: 128,
  fileSizeMb: 64,
  openFiles: 256,
  execTimeoutMs: 60_000,
  outputBytes: 65_536,
  cpuPercent: 100,
};

/** A driver without sandboxes: records calls, and lets a test hold an exec open or make it fail. */
export class FakeDriver implements LiveInstanceDriver {
  readonly kind = 'fake';
  running = new Map<string, AllocateRequest>();
  failAllocate = false;
  failExec = false;
  /** When set, test scripts wait for this promise (a run that never finishes). */
  hold: Promise<void> | null = null;
  /** When set, scripts starting with `restart` (update-app's jobs in tests) wait for this promise. */
  holdJobs: Promise<void> | null = null;
  failWrite = false;
  /** Files written into each instance, by instance id and path. */
  written = new Map<string, Map<string, string>>();
  /** Every exec'd command, in order. */
  commands: string[] = [];
  private counter = 0;

  async allocate(request: AllocateRequest): Promise<InstanceHandle> {
    if (this.failAllocate) throw new InstanceError('capacity', 'full');
    this.counter += 1;
    const handle = { id: `instance-${this.counter}`, profile: request.profile };
    this.running.set(handle.id, request);
    return handle;
  }
  async exec(handle: InstanceHandle, command: string | string[]): Promise<ExecResult> {
    if (!this.running.has(handle.id) || this.failExec) throw new InstanceError('agent_failed', 'gone');
    const script = Array.isArray(command) ? command.join(' ') : command;
    this.commands.push(script);
    if (this.hold && script.startsWith('test')) await this.hold;
    if (this.holdJobs && script.startsWith('restart')) await this.holdJobs;
    const failing = script.includes('fail');
    return {
      exitCode: failing ? 1 : 0,
      signal: null,
      stdout: `ran ${script}\n`,
      stderr: '',
      stdoutTruncated: false,
      stderrTruncated: false,
      timedOut: false,
      wallMs: 1,
    };
  }
  /** Checks: recorded like any command (the real driver runs them apart from the learner). */
  checks: string[] = [];
  async execCheck(handle: InstanceHandle, script: string): Promise<ExecResult> {
    this.checks.push(script);
    return this.exec(handle, script);
  }
  async writeFiles(handle: InstanceHandle, files: InstanceFile[]): Promise<void> {
    if (!this.running.has(handle.id) || this.failWrite) throw new InstanceError('agent_failed', 'gone');
    const workspace = this.written.get(handle.id) ?? new Map<string, string>();
    for (const file of files) workspace.set(file.path, file.content.toString());
    this.written.set(handle.id, workspace);
  }
  async readFile(): Promise<Buffer | null> {
    return null;
  }
  async ports(): Promise<number[]> {
    return [];
  }
  terminals: FakeTerminal[] = [];
  /** Ports with an app, and how the app answers. */
  apps = new Map<string, (request: HttpRelayRequest) => HttpRelayResult>();
  lastHttp: HttpRelayRequest | null = null;

  async openTerminal(handle: InstanceHandle, size: TerminalSize): Promise<TerminalSession> {
    if (!this.running.has(handle.id)) throw new InstanceError('not_running', 'gone');
    const terminal = new FakeTerminal(this.terminals.length + 1, size);
    this.terminals.push(terminal);
    return terminal;
  }
  async httpRequest(handle: InstanceHandle, request: HttpRelayRequest): Promise<HttpRelayResult> {
    if (!this.running.has(handle.id)) throw new InstanceError('not_running', 'gone');
    this.lastHttp = request;
    const app = this.apps.get(`${handle.id}:${request.port}`);
    return app ? app(request) : { kind: 'refused' };
  }
  /**
   * Ports with a TCP app, by `instanceId:port`: the stream is a connection to this port on the host's
   * 127.0.0.1, where the test runs a real server (the real driver connects inside the instance).
   */
  tcpApps = new Map<string, number>();
  /** Streams opened and still open, by instance id. */
  streams = new Map<string, Set<Duplex>>();

  async openTcpStream(handle: InstanceHandle, request: TcpStreamRequest): Promise<TcpStreamResult> {
    if (!this.running.has(handle.id)) throw new InstanceError('not_running', 'gone');
    const hostPort = this.tcpApps.get(`${handle.id}:${request.port}`);
    if (hostPort === undefined) return { kind: 'refused' };
    const socket = net.connect(hostPort, '127.0.0.1');
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    const open = this.streams.get(handle.id) ?? new Set<Duplex>();
    this.streams.set(handle.id, open);
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    return { kind: 'open', stream: socket };
  }
  async stop(handle: InstanceHandle): Promise<void> {
    this.running.delete(handle.id);
  }
  /** Limit counters a test moves to play an OOM kill, a run into the process limit or a full disk. */
  counters = new Map<string, Pick<InstanceStatus, 'oomKills' | 'processLimitHits' | 'workspace'>>();

  status(handle: InstanceHandle): InstanceStatus {
    const request = this.running.get(handle.id);
    if (!request) throw new InstanceError('not_running', 'gone');
    return {
      id: handle.id,
      profile: handle.profile,
      state: 'running',
      stopReason: null,
      lastActivityAt: 0,
      limits: { ...FAKE_LIMITS, ...request.limits },
      enforcement: 'fake',
      cpu: { enforcement: 'fake', quotaPercent: 100, usageMs: 0, throttledPeriods: 0 },
      oomKills: 0,
      processLimitHits: 0,
      workspace: { usedBytes: 0, sizeBytes: FAKE_LIMITS.workspaceMb * 1024 * 1024 },
      ...this.counters.get(handle.id),
    };
  }
  async driverStatus(): Promise<DriverStatus> {
    return { kind: 'fake', available: true, reason: null, running: this.running.size, capacity: 20 };
  }
  async reclaimIdle(): Promise<string[]> {
    return [];
  }
  async close(): Promise<void> {}
}
