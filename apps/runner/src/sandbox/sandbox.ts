import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Duplex, Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { StepLimits } from '../config.js';
import type { SlotCgroup } from './cgroups.js';
import {
  ARGS_FD,
  BASE_ENV,
  BASE_SYMLINKS,
  BOX_DIR,
  CHANNEL_FD,
  FIRST_FILE_FD,
  OUT_DIR,
  SANDBOX_HOSTNAME,
  SANDBOX_UID,
  SRC_DIR,
  TMP_DIR,
} from './layout.js';
import { CappedBuffer } from './output.js';
import { killAll, pidsOwnedBy, pidsOwnedByRange } from './processes.js';
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
  /**
   * Another sandbox starts in this slot as soon as this one is over (a compile before its run), so the next
   * launcher is prepared while this one runs (see `SandboxSlot.prepare`).
   */
  followed?: boolean;
  /**
   * `exec` (default): the sandbox's init becomes `argv`, which is then the sandbox's pid 1 (a harness
   * shell). `wait`: init stays pid 1 and runs `argv` as its child, so the program keeps ordinary signal
   * semantics (as pid 1 an abort() would be ignored by the kernel and end as SIGSEGV, and SIGXCPU too).
   */
  init?: 'exec' | 'wait';
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
 * The launcher is bwrap itself, started ahead of time as the slot's uid and already inside the next run's
 * fresh cgroups, blocked reading its options from fd 3 (`bwrap --args 3`). Moving a process between
 * cgroups slows whatever starts right after it on this kind of host (the "10–20 ms per run" the issue
 * measured), and starting a process costs a fork of the runner; so both happen before the request, which
 * only writes bwrap's options. Its command is always this script, the sandbox's pid 1 ("init").
 *
 * Init reads its instructions from two variables bwrap sets (`CODEROOM_LIMITS`: open files, file size in
 * 512-byte blocks, processes, CPU soft and hard seconds, data KiB or 0, the file fds the run uses and how
 * many are open, whether fd 4 is used, exec or wait; `CODEROOM_ARGV`: one command word per line, each
 * behind a ":" so empty words survive), removes them from the environment, closes the fds the program must
 * not inherit, applies the limits (or says so and exits 125), then runs the command. The limits are set
 * inside the sandbox, by our code, before anything of the learner's runs, so the program and everything
 * it starts are bound by them. Nothing it reads is evaluated as code.
 */
/** What init says, and its exit status, when it cannot apply the limits (nothing of the program ran). */
const INIT_FAILED = 'coderoom-init: the sandbox limits could not be applied';
const INIT_FAILED_STATUS = 125;

const INIT = `
set -f
IFS=' '
set -- $CODEROOM_LIMITS
nofile=$1 fsize=$2 nproc=$3 cpusoft=$4 cpuhard=$5 data=$6 used=$7 opened=$8 channel=$9
shift 9
mode=$1
IFS='
'
set -- $CODEROOM_ARGV
unset IFS CODEROOM_LIMITS CODEROOM_ARGV
n=$#
while [ "$n" -gt 0 ]; do set -- "$@" "\${1#:}"; shift; n=$((n - 1)); done
fd=$((${FIRST_FILE_FD} + used))
while [ "$fd" -lt $((${FIRST_FILE_FD} + opened)) ]; do eval "exec $fd<&-"; fd=$((fd + 1)); done
if [ "$channel" = 0 ]; then exec ${CHANNEL_FD}<&-; fi
{
  ulimit -c 0 && ulimit -n "$nofile" && ulimit -f "$fsize" && ulimit -p "$nproc" &&
    ulimit -t "$cpuhard" && ulimit -S -t "$cpusoft" && { [ "$data" = 0 ] || ulimit -d "$data"; }
} 2>/dev/null || { echo '${INIT_FAILED}' >&2; exit ${INIT_FAILED_STATUS}; }
if [ "$mode" = wait ]; then "$@"; exit $?; fi
exec "$@"
`;

/** The last word of a prepared launcher's command line: how its processes are recognised. */
export const LAUNCHER_NAME = 'coderoom-sandbox';

/**
 * Data fds a prepared launcher holds open (5–9), with the channel (fd 4): enough for every step of every
 * language (a Go run uses four with the seccomp filter, a Go judge five). A
 * run needing more starts a launcher of its own, and pays for the fork and the cgroup move on its path
 * (the move alone took 10 ms and more here under load). Not more: init closes the ones a run does not
 * use, and dash's redirections take single-digit fds only.
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

/** What bwrap reads from fd 3: the sandbox's options, then init's instructions (see INIT). */
function bwrapInput(spec: SandboxSpec, host: SandboxHost, openedFileFds: number): string {
  const { limits } = spec;
  const cpuSoft = Math.max(1, Math.ceil(limits.cpuSeconds));
  const cpuHard = spec.cpuLimitSignal === 'xcpu' ? cpuSoft + 1 : cpuSoft;
  const dataKb = host.memoryByRlimit ? Math.ceil(limits.memoryBytes / 1024) : 0;
  if (spec.argv.length === 0 || spec.argv.some((word) => /[\n\0]/.test(word))) {
    throw new Error('a sandbox command needs words without newlines');
  }
  const initLimits = [
    limits.openFiles,
    Math.ceil(limits.fileSizeBytes / 512),
    limits.processes,
    cpuSoft,
    cpuHard,
    dataKb,
    dataFds(spec),
    openedFileFds,
    spec.channel ? 1 : 0,
    spec.init ?? 'exec',
  ].join(' ');
  const args = [
    ...buildBwrapArgs(spec),
    '--setenv',
    'CODEROOM_LIMITS',
    initLimits,
    '--setenv',
    'CODEROOM_ARGV',
    spec.argv.map((word) => `:${word}`).join('\n'),
  ];
  return args.map((arg) => `${arg}\0`).join('');
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
    killAll(pids);
    await sleep(5);
  }
}

/**
 * Kills every process owned by the pool's uids [from, to). Those uids belong to one runner alone, so
 * whatever runs as them when a runner starts, or after its process died, is a sandbox nobody watches any
 * more: a runner killed while a launcher was becoming bwrap leaves a sandbox whose parent-death signal was
 * never armed, and with the wall-clock timer gone, a sleeping program would outlive it.
 */
export function killSandboxesOwnedBy(from: number, to: number): number {
  const pids = pidsOwnedByRange(from, to);
  killAll(pids);
  return pids.length;
}

interface Launcher {
  child: ChildProcess;
  fileFds: number;
  /** Whether fd 4 is a pipe (the channel) or /dev/null. */
  channel: boolean;
  /** The fresh group the launcher waits in; its run's limits and counters live there. */
  group: SlotCgroup | null;
  /** Settles once the launcher is inside the run's cgroups; nothing is sent to it before. */
  ready: Promise<void>;
  /** Settles when bwrap has exited (or could not start) and its pipes are closed. */
  exited: Promise<LauncherExit>;
}

interface LauncherExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set when the launcher could not be started at all (bwrap missing, say). */
  error: Error | null;
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
    private readonly bwrapPath: string,
    /** Whether requests are waiting for a slot (the pool's queue), so this one is needed again at once. */
    private readonly demand: () => boolean = () => false,
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
   * Starts the next run's launcher now, so the request does not pay for it. Normally once a run's answer is
   * on its way: starting a process while a sandbox starts costs that run several ms of a 2-vCPU host (a
   * Python hello world took 4–7 ms longer beside a plain `sh` starting, ~10 ms beside the launcher and
   * its cgroup move). During a run (in the spare group) when the slot is wanted again right away: the
   * run is followed by another step, or requests are queued; there the next run would otherwise wait.
   */
  prepare(): void {
    if (this.closed || this.prepared) return;
    // Without cgroups a run's processes are found by uid, so no launcher may wait beside a run.
    if (this.running && !this.groups) return;
    try {
      this.prepared = this.launch(PREPARED_FILE_FDS, true, this.spareGroup());
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

  private launch(fileFds: number, channel: boolean, group: SlotCgroup | null): Launcher {
    const created = group?.beginRun();
    const stdio: Array<'pipe' | 'ignore'> = Array.from({ length: FIRST_FILE_FD + fileFds }, (_, fd) =>
      fd === CHANNEL_FD && !channel ? 'ignore' : 'pipe',
    );
    const child = spawn(
      this.bwrapPath,
      ['--args', String(ARGS_FD), '--', '/bin/sh', '-c', INIT, LAUNCHER_NAME],
      { uid: this.uid, gid: this.gid, env: {}, cwd: '/', stdio },
    );
    const exited = new Promise<LauncherExit>((resolve) => {
      child.once('error', (error) => resolve({ code: null, signal: null, error }));
      child.once('close', (code, signal) => resolve({ code, signal, error: null }));
    });
    const pid = child.pid;
    // The launcher waits for its input, so it cannot run anything before it is inside its groups.
    const ready =
      pid === undefined
        ? exited.then(({ error }) =>
            Promise.reject(new Error(`the sandbox could not start (${error?.message ?? 'no process'})`)),
          )
        : Promise.resolve(created)
            .then(() => (hasExited(child) ? undefined : group?.attach(pid)))
            .catch((error: unknown) => {
              // A launcher already gone (a bwrap that failed at once) runs nothing; its run reports why.
              if ((error as NodeJS.ErrnoException).code === 'ESRCH' || hasExited(child)) return;
              // Never let a process run outside its slot's limits.
              child.kill('SIGKILL');
              throw error;
            });
    created?.catch(() => {});
    ready.catch(() => {});
    return { child, fileFds, channel, group, ready, exited };
  }

  private takeLauncher(files: number, channel: boolean): Launcher {
    const prepared = this.prepared;
    if (!prepared) return this.launch(files, channel, this.spareGroup());
    const alive = !hasExited(prepared.child);
    if (alive && prepared.fileFds >= files && (prepared.channel || !channel)) {
      this.prepared = null;
      return prepared;
    }
    if (alive && this.groups) {
      // A launcher of its own, in the group set of the last run (over by now); the prepared one waits for
      // the next run.
      return this.launch(files, channel, this.active);
    }
    // Dead, or without cgroups, where a run's processes are found by uid and nothing may wait beside it:
    // replaced, in its group (its leftovers are removed with it later).
    this.prepared = null;
    prepared.child.kill('SIGKILL');
    return this.launch(files, channel, prepared.group);
  }

  /**
   * Starts one sandbox. The result settles once bwrap has exited, the slot holds no process any more and
   * the cgroup counters are read; the next run's launcher is prepared before it settles.
   */
  start(spec: SandboxSpec, host: SandboxHost, signal?: AbortSignal): SandboxRun {
    const launcher = this.takeLauncher(dataFds(spec), spec.channel === true);
    const { child } = launcher;
    this.active = launcher.group;
    this.running = true;
    const group = launcher.group;
    const stdout = new CappedBuffer(spec.limits.outputBytes);
    const stderr = new CappedBuffer(spec.limits.outputBytes);
    let killedBy: KillReason | null = null;
    const pipe = (fd: number) => child.stdio[fd] as Duplex | null;

    const inside = () => (group ? group.pids() : pidsOwnedBy(this.uid)).filter((pid) => pid !== child.pid);

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
      killAll(pids);
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
      killAll(inside().filter((pid) => !init.includes(pid)));
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
      feed(pipe(ARGS_FD), bwrapInput(spec, host, launcher.fileFds));
      for (const [index, file] of spec.files.entries()) {
        feed(pipe(FIRST_FILE_FD + index), file.content);
      }
      feed(pipe(FIRST_FILE_FD + spec.files.length), SECCOMP_FILTER);
      for (let fd = FIRST_FILE_FD + dataFds(spec); fd < FIRST_FILE_FD + launcher.fileFds; fd += 1) {
        feed(pipe(fd), '');
      }
      const stdin = child.stdin;
      stdin?.on('error', () => {});
      stdin?.end(spec.stdin ?? '');
      timer = setTimeout(() => kill('wall'), spec.limits.wallMs);
      if (this.groups && (spec.followed === true || this.demand())) this.prepare();
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
      .then(async ({ code, signal: exitSignal, error }) => {
        const wallMs = Math.round(performance.now() - startedAt);
        await sweepSlot(group, this.uid, killedBy !== null);
        const measured = group?.endRun() ?? { memoryPeakBytes: null, oomKilled: false, cpuMs: null };
        this.running = false;
        // Once the answer is on its way (unless it was prepared during the run).
        setImmediate(() => this.prepare());
        const stderrBytes = stderr.toBuffer();
        const stderrText = stderrBytes.toString('utf8');
        let setupError: string | null = null;
        if (error) {
          setupError = `${this.bwrapPath} could not be started (${error.message})`;
        } else if (code === 1 && stdout.total === 0 && /^bwrap: [^\n]*\n?$/.test(stderrText)) {
          // bwrap's own one-line message; a program can imitate it, but then it only fails its own run.
          setupError = stderrText.trim();
        } else if (code === INIT_FAILED_STATUS && stdout.total === 0 && stderrText.trim() === INIT_FAILED) {
          // Init's own message (same caveat).
          setupError = INIT_FAILED;
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

    const channel = spec.channel ? pipe(CHANNEL_FD) : null;
    if (channel) channel.on('error', () => {});
    else pipe(CHANNEL_FD)?.resume();
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

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Writes a whole input and drains the (unused) other direction so the pipe can close. */
function feed(stream: Duplex | null, content: string | Buffer): void {
  if (!stream) return;
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

/**
 * The sandbox one Python run gets, as a single bwrap command: the same namespaces, binds, tmpfs, files
 * through fds, seccomp filter and a shell as pid 1, without the runner's machinery around it (no slot,
 * no prepared launcher, no cgroups, no limits applied by init, no IPC). `bench:runner` measures the
 * runner's throughput against loops of it. `fds` are written to fds `firstFd`, `firstFd + 1`, … in order.
 */
export function plainPythonSandbox(
  source: string,
  limits: StepLimits,
  binds: string[],
): { args: string[]; fds: Array<string | Buffer>; firstFd: number } {
  const spec: SandboxSpec = {
    argv: [],
    env: { ...BASE_ENV, PYTHONDONTWRITEBYTECODE: '1', PYTHONIOENCODING: 'utf-8' },
    files: [{ path: `${SRC_DIR}/main.py`, content: source }],
    binds,
    limits,
  };
  const command = ['/bin/sh', '-c', '"$@"; exit $?', 'run', '/usr/bin/python3', '-B', 'main.py'];
  return {
    args: [...buildBwrapArgs(spec), '--', ...command],
    fds: [source, SECCOMP_FILTER],
    firstFd: FIRST_FILE_FD,
  };
}
