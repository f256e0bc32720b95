import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { MiB } from '../config.js';
import { BASE_SYMLINKS, SANDBOX_UID } from '../sandbox/layout.js';
import { killAll, pidsOwnedBy } from '../sandbox/processes.js';
import type { ExecResult, InstanceLimits } from './types.js';

/**
 * Checks (a lab task's check, a project's live tests) must not be something the learner can tamper with, yet
 * they run against the learner's instance. So a check runs in a sandbox of its own, beside the instance:
 *
 * - as the slot's **checker uid** (not the learner's), in its own pid namespace: the learner's processes can
 *   neither see, ptrace nor signal it, and cannot open its pipes;
 * - on a **snapshot** of the workspace (snapshotWorkspace: archived inside the instance as the learner,
 *   unpacked as the checker uid) in a folder only the checker uid can reach: a learner's process changing
 *   files while the check runs changes nothing the check sees, and the check reads private (0600) files as
 *   their owner. Only regular files, folders and symlinks (as links) are kept; anything else (a FIFO that
 *   would block, a socket) is dropped, and a workspace over the size cap fails the check instead of filling
 *   the host;
 * - in the instance's **network namespace** (nsenter), so project tests still reach the learner's app on
 *   127.0.0.1 — talking to the learner's app is what such a test is for;
 * - with the instance's environment (a lab's variables) and its rlimits, at nice 10, killed at its timeout.
 *
 * The answer travels over the checker's own pipes to the host, so nothing in the instance can alter it.
 */
export interface CheckerRun {
  bwrapPath: string;
  /** The instance's sandbox init, whose root and network namespace the check uses. */
  innerPid: number;
  /** The instance's (learner's) uid: the workspace is read with its rights, never the host's. */
  learnerUid: number;
  uid: number;
  binds: string[];
  env: Record<string, string>;
  limits: InstanceLimits;
  script: string;
  timeoutMs: number;
}

const WRAPPER = `
read -r nofile fsize nproc data <&3 || exit 125
exec 3<&-
ulimit -c 0 && ulimit -n "$nofile" && ulimit -f "$fsize" && ulimit -p "$nproc" && ulimit -d "$data" || exit 126
exec /usr/bin/nice -n 10 "$@"
`;

/** Room for tar's headers on top of the workspace's bytes (a tmpfs full of empty files is mostly headers). */
const ARCHIVE_OVERHEAD_BYTES = 32 * MiB;

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('error', () => resolve(null));
    child.once('close', (code) => resolve(code));
  });
}

/**
 * Copies the instance's workspace into `target` without the host ever following a learner's path with
 * privileges. The archive is written inside the instance's own mount namespace and root, as the learner's
 * uid (so a symlink or a directory swapped for one mid-copy resolves inside the instance, with the learner's
 * rights), streamed through the host with a size cap, and unpacked by the checker's uid into its private
 * folder. Anything that is not a file, a folder or a symlink (a FIFO that would block the check, a socket)
 * is then removed.
 */
export async function snapshotWorkspace(run: {
  innerPid: number;
  learnerUid: number;
  uid: number;
  target: string;
  maxBytes: number;
}): Promise<void> {
  const as = (uid: number) => [
    '/usr/bin/setpriv',
    `--reuid=${uid}`,
    `--regid=${uid}`,
    '--clear-groups',
    '--inh-caps=-all',
    '--',
  ];
  const producer = spawn(
    '/usr/bin/nsenter',
    [
      `--target=${run.innerPid}`,
      '--mount',
      '--root',
      '--',
      ...as(run.learnerUid),
      '/usr/bin/tar',
      '-C',
      '/box/work',
      '--one-file-system',
      '-cf',
      '-',
      '.',
    ],
    { env: {}, cwd: '/', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const [command = '', ...args] = [
    ...as(run.uid),
    '/usr/bin/tar',
    '-C',
    run.target,
    '--no-same-owner',
    '-xf',
    '-',
  ];
  const consumer = spawn(command, args, { env: {}, cwd: '/', stdio: ['pipe', 'ignore', 'pipe'] });
  const errors = { producer: '', consumer: '' };
  producer.stderr?.on('data', (chunk: Buffer) => {
    errors.producer = (errors.producer + chunk.toString('utf8')).slice(-2000);
  });
  consumer.stderr?.on('data', (chunk: Buffer) => {
    errors.consumer = (errors.consumer + chunk.toString('utf8')).slice(-2000);
  });
  let bytes = 0;
  let tooLarge = false;
  consumer.stdin?.on('error', () => {});
  producer.stdout?.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > run.maxBytes + ARCHIVE_OVERHEAD_BYTES) {
      tooLarge = true;
      producer.kill('SIGKILL');
      consumer.kill('SIGKILL');
      return;
    }
    if (consumer.stdin?.write(chunk) === false) {
      producer.stdout?.pause();
      consumer.stdin.once('drain', () => producer.stdout?.resume());
    }
  });
  producer.stdout?.once('end', () => consumer.stdin?.end());
  const [produced, consumed] = await Promise.all([exitOf(producer), exitOf(consumer)]);
  if (tooLarge) throw new Error('the workspace is too large to check');
  if (produced !== 0) throw new Error(`the workspace could not be read: ${errors.producer.trim()}`);
  if (consumed !== 0) throw new Error(`the workspace could not be copied: ${errors.consumer.trim()}`);
  removeSpecialFiles(run.target);
}

/** Walks the (checker-owned, finished) copy without following links and drops FIFOs, sockets, devices. */
function removeSpecialFiles(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const entryPath = path.join(dir, entry.name);
    if (entry.isDirectory()) removeSpecialFiles(entryPath);
    else if (!entry.isFile() && !entry.isSymbolicLink()) fs.rmSync(entryPath, { force: true });
  }
}

function collect(stream: Readable | null, cap: number) {
  const sink = { data: Buffer.alloc(0), truncated: false };
  stream?.on('data', (chunk: Buffer) => {
    const room = cap - sink.data.length;
    if (chunk.length > room) sink.truncated = true;
    if (room > 0) sink.data = Buffer.concat([sink.data, chunk.subarray(0, room)]);
  });
  return sink;
}

export async function runIsolatedCheck(run: CheckerRun): Promise<ExecResult> {
  const started = performance.now();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'coderoom-check-'));
  const work = path.join(folder, 'work');
  try {
    fs.chownSync(folder, run.uid, run.uid);
    fs.chmodSync(folder, 0o700);
    fs.mkdirSync(work, { mode: 0o755 });
    fs.chownSync(work, run.uid, run.uid);
    await snapshotWorkspace({
      innerPid: run.innerPid,
      learnerUid: run.learnerUid,
      uid: run.uid,
      target: work,
      maxBytes: run.limits.workspaceMb * MiB,
    });
    const home = path.join(folder, 'home');
    fs.mkdirSync(home, { mode: 0o700 });
    fs.chownSync(home, run.uid, run.uid);

    const args = [
      '--unshare-user',
      '--unshare-pid',
      '--unshare-ipc',
      '--unshare-uts',
      '--unshare-cgroup-try',
      '--disable-userns',
      '--die-with-parent',
      '--new-session',
      '--clearenv',
      '--uid',
      String(SANDBOX_UID),
      '--gid',
      String(SANDBOX_UID),
    ];
    for (const bind of new Set(run.binds)) if (fs.existsSync(bind)) args.push('--ro-bind', bind, bind);
    for (const [target, link] of BASE_SYMLINKS) args.push('--symlink', target, link);
    args.push('--proc', '/proc', '--dev', '/dev');
    args.push('--bind', work, '/box/work', '--bind', home, '/box/tmp', '--symlink', '/box/tmp', '/tmp');
    for (const [name, value] of Object.entries(run.env)) args.push('--setenv', name, value);
    args.push('--chdir', '/box/work', '--remount-ro', '/', '--', '/bin/sh', '-c', run.script);

    const child = spawn(
      '/usr/bin/nsenter',
      [
        `--net=/proc/${run.innerPid}/ns/net`,
        '--',
        '/usr/bin/setpriv',
        `--reuid=${run.uid}`,
        `--regid=${run.uid}`,
        '--clear-groups',
        '--inh-caps=-all',
        '--',
        '/bin/sh',
        '-c',
        WRAPPER,
        'coderoom-check',
        run.bwrapPath,
        ...args,
      ],
      { env: {}, cwd: '/', detached: true, stdio: ['ignore', 'pipe', 'pipe', 'pipe'] },
    );
    const control = child.stdio[3] as Writable;
    control.on('error', () => {});
    control.end(
      `${run.limits.openFiles} ${run.limits.fileSizeMb * 2048} ${run.limits.processes} ${run.limits.memoryMb * 1024}\n`,
    );
    const stdout = collect(child.stdout, run.limits.outputBytes);
    const stderr = collect(child.stderr, run.limits.outputBytes);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-(child.pid ?? 0), 'SIGKILL');
      } catch {
        // already gone
      }
    }, run.timeoutMs);
    const [exitCode, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => {
      child.once('error', () => resolve([null, null]));
      child.once('close', (code, sig) => resolve([code, sig]));
    });
    clearTimeout(timer);
    return {
      exitCode: timedOut ? null : exitCode,
      signal: timedOut ? 'SIGKILL' : signal,
      stdout: stdout.data.toString('utf8'),
      stderr: stderr.data.toString('utf8'),
      stdoutTruncated: stdout.truncated,
      stderrTruncated: stderr.truncated,
      timedOut,
      wallMs: Math.round(performance.now() - started),
    };
  } finally {
    // Whatever the check left running (it is in its own pid namespace, but be sure) and its snapshot.
    killAll(pidsOwnedBy(run.uid));
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
