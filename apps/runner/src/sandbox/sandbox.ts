import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Duplex, Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { StepLimits } from '../config.js';
import type { SlotCgroup } from './cgroups.js';
import {
  BASE_SYMLINKS,
  BOX_DIR,
  CHANNEL_FD,
  FIRST_FILE_FD,
  GO_FD,
  OUT_DIR,
  SANDBOX_HOSTNAME,
  SANDBOX_UID,
  SRC_DIR,
  TMP_DIR,
} from './layout.js';
import { CappedBuffer } from './output.js';
import { SECCOMP_FILTER } from './seccomp.js';

export interface SandboxFile {
  /** Absolute path inside the sandbox, below /box. */
  path: string;
  content: string | Buffer;
  /** Permission bits; default 0644 (0755 for executables). */
  mode?: number;
  /** Mounted read-only (harness files, compiled programs) instead of copied onto the writable tmpfs. */
  readOnly?: boolean;
}

export interface SandboxSpec {
  argv: string[];
  /** Working directory inside the sandbox (default /box/src). */
  cwd?: string;
  env: Record<string, string>;
  files: SandboxFile[];
  /** Host paths bound read-only at the same place; the caller passes only paths that exist. */
  binds: string[];
  limits: StepLimits;
  stdin?: string | Buffer;
  /** Opens a duplex channel on fd 4 inside the sandbox. */
  channel?: boolean;
  /**
   * `kill`: SIGKILL when the CPU limit is reached. Needed when the program is the sandbox's pid 1, which the
   * kernel shields from SIGXCPU. `xcpu`: SIGXCPU at the limit and SIGKILL a second later, for programs
   * started by a harness (judge cases), so the harness can tell a CPU timeout from other kills.
   */
  cpuLimitSignal?: 'kill' | 'xcpu';
}

export interface SandboxHost {
  bwrapPath: string;
  /** Without a memory cgroup, memory is capped with RLIMIT_DATA (heap and anonymous writable mappings). */
  memoryByRlimit: boolean;
  outputKillBytes: number;
}

export type KillReason = 'wall' | 'output' | 'cancel';

export interface SandboxResult {
  /** bwrap's exit status: the program's exit code, or 128+n when a signal killed it. Null when we killed bwrap. */
  exitCode: number | null;
  signal: string | null;
  stdout: Buffer;
  stderr: Buffer;
  stdoutTruncated: boolean;
  stderrTruncated: boolean;
  wallMs: number;
  killedBy: KillReason | null;
  memoryPeakBytes: number | null;
  oomKilled: boolean;
  cpuMs: number | null;
  /** Set when the sandbox itself could not be built (bwrap's own error message). */
  setupError: string | null;
}

export interface SandboxRun {
  channel: Duplex | null;
  result: Promise<SandboxResult>;
  kill(reason: KillReason): void;
  /** Kills every process of the sandbox except its pid 1 (the judge harness): ends one case, not the run. */
  interrupt(): void;
}

/**
 * The launcher: a shell running as the slot's uid, started ahead of time and already inside the slot's
 * fresh cgroups. Moving a process between cgroups slows whatever starts right after it on this kind of
 * host (the "10–20 ms per run" the issue measured), so the move happens between runs, not on the request
 * path; a request only writes to the waiting launcher.
 *
 * It reads from fd 3: one line of numbers (rlimits: open files, file size in 512-byte blocks, processes,
 * CPU soft and hard seconds, data KiB or 0; the file fds the run uses and how many are open; whether fd 4
 * is used), the bwrap path, the command's word count, one line per command word, then bwrap's options
 * NUL-separated, which bwrap itself reads with `--args 3`. It closes the fds the run does not use, applies
 * the limits, answers "ready" and becomes bwrap. Nothing it reads is evaluated as code.
 */
const LAUNCHER = `
read -r nofile fsize nproc cpusoft cpuhard data used opened channel bwrap count <&3 || exit 125
fd=$((5 + used))
while [ "$fd" -lt $((5 + opened)) ]; do eval "exec $fd<&-"; fd=$((fd + 1)); done
if [ "$channel" = 0 ]; then exec 4<&-; fi
set --
while [ "$count" -gt 0 ]; do IFS= read -r word <&3 || exit 125; set -- "$@" "$word"; count=$((count - 1)); done
ulimit -c 0 && ulimit -n "$nofile" && ulimit -f "$fsize" && ulimit -p "$nproc" || exit 126
ulimit -t "$cpuhard" && ulimit -S -t "$cpusoft" || exit 126
if [ "$data" != 0 ]; then ulimit -d "$data" || exit 126; fi
echo ready >&3
exec "$bwrap" --args 3 -- "$@"
`;

/**
 * Data fds a prepared launcher holds open (5–9); a run needing more starts a launcher of its own. Not more:
 * the launcher closes the ones a run does not use, and dash's redirections take single-digit fds only.
 */
const PREPARED_FILE_FDS = 5;

/** The fds a run feeds after fd 4: one per file, then the seccomp filter. */
function dataFds(spec: SandboxSpec): number {
  return spec.files.length + 1;
}

const fatalSignals = new Map<number, string>(
  Object.entries(os.constants.signals)
    .filter(([name]) =>
      [
        'SIGHUP',
        'SIGINT',
        'SIGQUIT',
        'SIGILL',
        'SIGTRAP',
        'SIGABRT',
        'SIGBUS',
        'SIGFPE',
        'SIGKILL',
        'SIGSEGV',
      ]
        .concat(['SIGPIPE', 'SIGALRM', 'SIGTERM', 'SIGXCPU', 'SIGXFSZ', 'SIGSYS'])
        .includes(name),
    )
    .map(([name, number]) => [number, name]),
);

/** bwrap reports a fatal signal as exit status 128+n, like a shell. */
export function signalFromExitCode(code: number | null): string | null {
  if (code === null || code <= 128) return null;
  return fatalSignals.get(code - 128) ?? null;
}

function parentDirs(file: string): string[] {
  const dirs: string[] = [];
  let dir = path.posix.dirname(file);
  while (dir !== BOX_DIR && dir !== '/' && dir !== '.') {
    dirs.unshift(dir);
    dir = path.posix.dirname(dir);
  }
  return dirs;
}

/**
 * bwrap's options for a spec (the command follows them); file contents come from fds 5, 6, … in order,
 * then the seccomp filter.
 */
export function buildBwrapArgs(spec: SandboxSpec): string[] {
  const args = [
    '--unshare-all',
    '--unshare-user',
    '--disable-userns',
    '--die-with-parent',
    '--new-session',
    '--as-pid-1',
    '--clearenv',
    '--uid',
    String(SANDBOX_UID),
    '--gid',
    String(SANDBOX_UID),
    '--hostname',
    SANDBOX_HOSTNAME,
  ];
  for (const bind of spec.binds) args.push('--ro-bind', bind, bind);
  for (const [target, link] of BASE_SYMLINKS) args.push('--symlink', target, link);
  args.push('--proc', '/proc', '--dev', '/dev');
  args.push('--size', String(Math.min(spec.limits.tmpfsBytes, 16 * 1024 * 1024)), '--tmpfs', '/dev/shm');
  args.push('--remount-ro', '/dev');
  args.push('--size', String(spec.limits.tmpfsBytes), '--tmpfs', BOX_DIR);
  const made = new Set<string>([SRC_DIR, TMP_DIR, OUT_DIR]);
  args.push('--dir', SRC_DIR, '--dir', TMP_DIR, '--dir', OUT_DIR, '--symlink', TMP_DIR, '/tmp');
  spec.files.forEach((file, index) => {
    for (const dir of parentDirs(file.path)) {
      if (made.has(dir)) continue;
      made.add(dir);
      args.push('--dir', dir);
    }
    const mode = (file.mode ?? 0o644).toString(8).padStart(4, '0');
    args.push(
      '--perms',
      mode,
      file.readOnly ? '--ro-bind-data' : '--file',
      String(FIRST_FILE_FD + index),
      file.path,
    );
  });
  for (const [name, value] of Object.entries(spec.env)) args.push('--setenv', name, value);
  args.push('--chdir', spec.cwd ?? SRC_DIR, '--remount-ro', '/');
  // The seccomp filter comes on the fd after the files' (seccomp.ts).
  args.push('--seccomp', String(FIRST_FILE_FD + spec.files.length));
  return args;
}

/** What the launcher reads from fd 3 (see LAUNCHER). */
function launcherInput(spec: SandboxSpec, host: SandboxHost, openedFileFds: number): string {
  const { limits } = spec;
  const cpuSoft = Math.max(1, Math.ceil(limits.cpuSeconds));
  const cpuHard = spec.cpuLimitSignal === 'xcpu' ? cpuSoft + 1 : cpuSoft;
  const dataKb = host.memoryByRlimit ? Math.ceil(limits.memoryBytes / 1024) : 0;
  if (spec.argv.some((word) => /[\n\0]/.test(word)) || /\s/.test(host.bwrapPath)) {
    throw new Error('sandbox command words may not contain newlines');
  }
  const header = [
    limits.openFiles,
    Math.ceil(limits.fileSizeBytes / 512),
    limits.processes,
    cpuSoft,
    cpuHard,
    dataKb,
    dataFds(spec),
    openedFileFds,
    spec.channel ? 1 : 0,
    host.bwrapPath,
    spec.argv.length,
  ].join(' ');
  return `${header}\n${spec.argv.map((word) => `${word}\n`).join('')}${buildBwrapArgs(spec)
    .map((arg) => `${arg}\0`)
    .join('')}`;
}

/**
 * Kills whatever is left in the slot after a run: by cgroup when there is one, otherwise by uid. A sandbox
 * whose pid 1 exited is already empty (the kernel empties the pid namespace); this matters when we killed
 * bwrap from outside and the namespace is still being torn down.
 */
async function sweepSlot(group: SlotCgroup | null, uid: number, killed: boolean): Promise<void> {
  if (!group && !killed) return;
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const pids = group ? group.pids() : pidsOwnedBy(uid);
    if (pids.length === 0) return;
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await sleep(5);
  }
}

function pidsOwnedBy(uid: number): number[] {
  return pidsOwnedByRange(uid, uid + 1);
}

function pidsOwnedByRange(from: number, to: number): number[] {
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

/**
 * Kills every process owned by the pool's uids [from, to). Those uids belong to one runner alone, so
 * whatever runs as them when a runner starts, or after its process died, is a sandbox nobody watches any
 * more: a runner killed while a launcher was becoming bwrap leaves a sandbox whose parent-death signal was
 * never armed, and with the wall-clock timer gone, a sleeping program would outlive it.
 */
export function killSandboxesOwnedBy(from: number, to: number): number {
  const pids = pidsOwnedByRange(from, to);
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  return pids.length;
}

interface Launcher {
  child: ChildProcess;
  fileFds: number;
  /** The fresh group the launcher waits in; its run's limits and counters live there. */
  group: SlotCgroup | null;
  /** Settles once the launcher is inside the run's cgroups; nothing is sent to it before. */
  ready: Promise<void>;
  /** Settles when the launcher (later bwrap) has exited and its pipes are closed. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * One concurrency slot: its own unprivileged uid/gid, its cgroups, and a launcher prepared for the next
 * run. A slot runs one sandbox at a time (the pool guarantees it).
 *
 * The slot has two cgroup sets and alternates between them: while a run uses one, the next run's launcher
 * is started and moved into a fresh group of the other. Starting a process and moving it between groups
 * are the slow parts of a run on this kind of host (a few ms to fork, 10–30 ms to migrate while the kernel
 * is busy forking), and this way neither is on a request's path, also when runs follow each other closely.
 */
export class SandboxSlot {
  private prepared: Launcher | null = null;
  private readonly stopped: Launcher[] = [];
  private closed = false;
  /** The group of the run in progress (or of the last run, until the next starts). */
  private active: SlotCgroup | null;
  private running = false;

  constructor(
    readonly index: number,
    readonly uid: number,
    readonly gid: number,
    private readonly groups: [SlotCgroup, SlotCgroup] | null,
  ) {
    this.active = groups?.[0] ?? null;
  }

  /** The cgroups of the run in progress: its processes, OOM kills and limits. */
  get cgroup(): SlotCgroup | null {
    return this.active;
  }

  /** The group set the run in progress does not use. */
  private spareGroup(): SlotCgroup | null {
    if (!this.groups) return null;
    return this.groups[0] === this.active ? this.groups[1] : this.groups[0];
  }

  /**
   * Starts the next run's launcher now, so the request does not pay for it: during a run (in the spare
   * group) or between runs.
   */
  prepare(): void {
    if (this.closed || this.prepared) return;
    // Without cgroups a run's processes are found by uid, so no launcher may wait beside a run.
    if (this.running && !this.groups) return;
    try {
      this.prepared = this.launch(PREPARED_FILE_FDS, this.spareGroup());
    } catch {
      // The run will start its own launcher and report the failure where it can.
      this.prepared = null;
    }
  }

  /**
   * Stops preparing launchers and kills the waiting one (running sandboxes are killed by their owners).
   * Synchronous so it can run in a process 'exit' handler; `dispose` also waits and removes the groups.
   */
  stop(): void {
    this.closed = true;
    if (this.prepared) this.stopped.push(this.prepared);
    this.prepared?.child.kill('SIGKILL');
    this.prepared = null;
  }

  async dispose(): Promise<void> {
    this.stop();
    await Promise.all(this.stopped.map((launcher) => launcher.exited.catch(() => undefined)));
    for (const group of this.groups ?? []) group.remove();
  }

  private launch(fileFds: number, group: SlotCgroup | null): Launcher {
    group?.beginRun();
    const stdio: Array<'pipe'> = Array.from({ length: FIRST_FILE_FD + fileFds }, () => 'pipe');
    const child = spawn('/bin/sh', ['-c', LAUNCHER, 'coderoom-sandbox'], {
      uid: this.uid,
      gid: this.gid,
      env: {},
      cwd: '/',
      stdio,
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (code, signal) => resolve({ code, signal }));
    });
    const pid = child.pid;
    // The launcher waits for its input, so it cannot run anything before it is inside its groups.
    const ready =
      pid === undefined
        ? exited.then(() => Promise.reject(new Error('the sandbox launcher did not start')))
        : Promise.resolve(group?.attach(pid)).catch((error: unknown) => {
            // Never let a process run outside its slot's limits.
            child.kill('SIGKILL');
            throw error;
          });
    exited.catch(() => {});
    ready.catch(() => {});
    return { child, fileFds, group, ready, exited };
  }

  private takeLauncher(files: number): Launcher {
    const prepared = this.prepared;
    this.prepared = null;
    if (
      prepared &&
      prepared.fileFds >= files &&
      prepared.child.exitCode === null &&
      prepared.child.signalCode === null
    ) {
      return prepared;
    }
    prepared?.child.kill('SIGKILL');
    // A launcher of its own, in the group the unusable one had (its leftovers are removed with it later).
    return this.launch(files, prepared?.group ?? this.spareGroup());
  }

  /**
   * Starts one sandbox. The result settles once bwrap has exited, the slot holds no process any more and
   * the cgroup counters are read; the next run's launcher is prepared before it settles.
   */
  start(spec: SandboxSpec, host: SandboxHost, signal?: AbortSignal): SandboxRun {
    const launcher = this.takeLauncher(dataFds(spec));
    const { child } = launcher;
    this.active = launcher.group;
    this.running = true;
    const group = launcher.group;
    const stdout = new CappedBuffer(spec.limits.outputBytes);
    const stderr = new CappedBuffer(spec.limits.outputBytes);
    let killedBy: KillReason | null = null;
    let launcherReply = '';

    const inside = () => (group ? group.pids() : pidsOwnedBy(this.uid)).filter((pid) => pid !== child.pid);
    const signalAll = (pids: number[]) => {
      for (const pid of pids) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    };

    /**
     * Kills the sandbox from the inside out: SIGKILL to its processes (the namespace's pid 1 among them,
     * whose death takes the whole pid namespace down), not to bwrap. bwrap then reaps its child and exits.
     * Killing bwrap first would orphan the sandbox's pid 1 to the host's init as a zombie.
     */
    const kill = (reason: KillReason) => {
      if (killedBy !== null || child.exitCode !== null || child.signalCode !== null) return;
      killedBy = reason;
      const pids = inside();
      if (pids.length === 0) child.kill('SIGKILL');
      signalAll(pids);
      setTimeout(() => child.kill('SIGKILL'), 2000).unref();
    };

    const interrupt = () => {
      const bwrap = child.pid;
      if (bwrap === undefined) return;
      let init: number[];
      try {
        init = fs
          .readFileSync(`/proc/${bwrap}/task/${bwrap}/children`, 'utf8')
          .trim()
          .split(/\s+/)
          .map(Number);
      } catch {
        return;
      }
      signalAll(inside().filter((pid) => !init.includes(pid)));
    };

    const checkFlood = () => {
      if (stdout.total + stderr.total > host.outputKillBytes) kill('output');
    };
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout.push(chunk);
      checkFlood();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr.push(chunk);
      checkFlood();
    });

    let startedAt = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const onAbort = () => kill('cancel');
    const begin = () => {
      group?.setLimits(spec.limits.memoryBytes, spec.limits.processes);
      startedAt = performance.now();
      const control = child.stdio[GO_FD] as Duplex;
      control.on('data', (chunk: Buffer) => {
        launcherReply += chunk.toString('latin1');
      });
      control.on('error', () => {});
      control.end(launcherInput(spec, host, launcher.fileFds));
      for (const [index, file] of spec.files.entries()) {
        feed(child.stdio[FIRST_FILE_FD + index] as Duplex, file.content);
      }
      feed(child.stdio[FIRST_FILE_FD + spec.files.length] as Duplex, SECCOMP_FILTER);
      for (let fd = FIRST_FILE_FD + dataFds(spec); fd < FIRST_FILE_FD + launcher.fileFds; fd += 1) {
        feed(child.stdio[fd] as Duplex, '');
      }
      const stdin = child.stdin;
      stdin?.on('error', () => {});
      stdin?.end(spec.stdin ?? '');
      timer = setTimeout(() => kill('wall'), spec.limits.wallMs);
      // The next run's launcher starts while this one runs (see the class comment).
      if (this.groups) this.prepare();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    // An AbortSignal that fired before we listened never calls the listener.
    if (signal?.aborted) kill('cancel');
    const started = launcher.ready.then(() => {
      if (killedBy === null) begin();
    });

    const result = started
      .then(() => launcher.exited)
      .finally(() => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      })
      .then(async ({ code, signal: exitSignal }) => {
        const wallMs = Math.round(performance.now() - startedAt);
        await sweepSlot(group, this.uid, killedBy !== null);
        const measured = group?.endRun() ?? { memoryPeakBytes: null, oomKilled: false, cpuMs: null };
        this.running = false;
        // Without cgroups there is one uid and no spare group: the next launcher starts once this run is
        // over, after the answer is on its way.
        if (!this.groups) setImmediate(() => this.prepare());
        const stderrBytes = stderr.toBuffer();
        const stderrText = stderrBytes.toString('utf8');
        let setupError: string | null = null;
        if (!launcherReply.includes('ready') && killedBy === null) {
          setupError = `the sandbox launcher could not apply its limits (exit status ${code})`;
        } else if (code === 1 && stdout.total === 0 && /^bwrap: [^\n]*\n?$/.test(stderrText)) {
          // bwrap's own one-line message; a program can imitate it, but then it only fails its own run.
          setupError = stderrText.trim();
        }
        return {
          exitCode: code,
          signal: exitSignal ?? signalFromExitCode(code),
          stdout: stdout.toBuffer(),
          stderr: stderrBytes,
          stdoutTruncated: stdout.truncated,
          stderrTruncated: stderr.truncated,
          wallMs,
          killedBy,
          ...measured,
          setupError,
        };
      });

    const channel = spec.channel ? (child.stdio[CHANNEL_FD] as Duplex) : null;
    if (channel) channel.on('error', () => {});
    else (child.stdio[CHANNEL_FD] as Duplex).resume();
    return { channel, result, kill, interrupt };
  }
}

export type Slot = SandboxSlot;

/** Starts a sandbox in a slot (see SandboxSlot.start). */
export function startSandbox(
  slot: SandboxSlot,
  spec: SandboxSpec,
  host: SandboxHost,
  signal?: AbortSignal,
): SandboxRun {
  return slot.start(spec, host, signal);
}

/** Writes a whole input and drains the (unused) other direction so the pipe can close. */
function feed(stream: Duplex, content: string | Buffer): void {
  stream.on('error', () => {});
  stream.resume();
  stream.end(content);
}

/** Reads a stream to its end, keeping at most `limit` bytes (the rest is drained and dropped). */
export function collectStream(
  stream: Readable,
  limit: number,
): Promise<{ data: Buffer; truncated: boolean }> {
  const buffer = new CappedBuffer(limit);
  return new Promise((resolve) => {
    stream.on('data', (chunk: Buffer) => buffer.push(chunk));
    stream.once('close', () => resolve({ data: buffer.toBuffer(), truncated: buffer.truncated }));
    stream.once('end', () => resolve({ data: buffer.toBuffer(), truncated: buffer.truncated }));
    stream.once('error', () => resolve({ data: buffer.toBuffer(), truncated: buffer.truncated }));
  });
}
