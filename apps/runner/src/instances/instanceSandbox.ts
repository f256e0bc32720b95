import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import type { Writable } from 'node:stream';
import { MiB } from '../config.js';
import { BASE_SYMLINKS, RESERVED_ENV, SANDBOX_UID } from '../sandbox/layout.js';
import { INSTANCE_SECCOMP_FILTER } from '../sandbox/seccomp.js';
import { AGENT_SOURCE } from './agent.js';
import { isSafeWorkspacePath } from './profiles.js';
import {
  InstanceError,
  InstanceErrorCode,
  type InstanceFile,
  type InstanceHandle,
  type InstanceLimits,
} from './types.js';

// The sandbox one instance lives in: its file system (read-only host binds, a workspace tmpfs that lasts
// as long as the instance), its environment, and how it is started as the slot's uid with its rlimits.

const WORKSPACE = '/box/work';
const HOME = '/box/tmp';
/** bwrap reads the instance's --setenv options from this fd (`--args`). */
const ENV_ARGS_FD = 4;
/** bwrap reads the seccomp filter (sandbox/seccomp.ts) from this fd. */
const SECCOMP_FD = 5;

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

/** The environment every instance (and its checks) starts with, under the profile's and the request's. */
export function baseEnv(): Record<string, string> {
  return {
    PATH: '/usr/local/bin:/usr/bin:/bin',
    HOME,
    TMPDIR: HOME,
    LANG: 'C.UTF-8',
    TZ: 'UTC',
    USER: 'learner',
  };
}

/** Refuses names the sandbox sets itself or that are not names, and values holding a NUL byte. */
export function checkEnv(env: Record<string, string>): void {
  for (const [name, value] of Object.entries(env)) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) || RESERVED_ENV.test(name) || value.includes('\0')) {
      throw new InstanceError(
        InstanceErrorCode.InvalidRequest,
        `environment variable ${name} is not allowed`,
      );
    }
  }
}

/** Refuses file paths that leave the workspace. */
export function checkFiles(files: InstanceFile[]): void {
  for (const file of files) {
    if (!isSafeWorkspacePath(file.path)) {
      throw new InstanceError(InstanceErrorCode.InvalidRequest, `invalid file path: ${file.path}`);
    }
  }
}

/** bwrap's options: like a code run's sandbox, but with a workspace that lives as long as the instance. */
function bwrapArgs(
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
  const fullEnv: Record<string, string> = { ...baseEnv(), ...env };
  // The environment (a cloud lab's keys among it) goes to bwrap through fd 4, never on its command line,
  // where any process on the host could read it from /proc/<pid>/cmdline.
  args.push('--args', String(ENV_ARGS_FD));
  args.push('--seccomp', String(SECCOMP_FD));
  args.push('--chdir', WORKSPACE, '--remount-ro', '/');
  const envArgs = Object.entries(fullEnv).flatMap(([name, value]) => ['--setenv', name, value]);
  return { argv: [...args, '--', '/usr/bin/python3', '-I', '-S', '-c', AGENT_SOURCE], envArgs };
}

/**
 * Starts the instance's sandbox as `uid`: the wrapper waits on fd 3 for its rlimits (startSandbox), then
 * becomes bwrap with the agent inside. stdin and stdout are the agent's protocol, stderr bwrap's messages.
 */
export function spawnSandbox(options: {
  bwrapPath: string;
  uid: number;
  handle: InstanceHandle;
  limits: InstanceLimits;
  binds: string[];
  env: Record<string, string>;
}): ChildProcess {
  const { argv, envArgs } = bwrapArgs(options.handle, options.limits, options.binds, options.env);
  const child = spawn('/bin/sh', ['-c', WRAPPER, 'coderoom-instance', options.bwrapPath, ...argv], {
    uid: options.uid,
    gid: options.uid,
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
  return child;
}

/**
 * The go: sends the wrapper its rlimits, once the host has moved it into the instance's groups. Memory is
 * capped by RLIMIT_DATA only without a memory cgroup; with a pids cgroup, that group is the process limit
 * (it counts refusals, for the "limit exceeded" event) and RLIMIT_NPROC stays as a looser backstop.
 */
export function startSandbox(
  child: ChildProcess,
  limits: InstanceLimits,
  cgroups: { memory: boolean; pids: boolean },
): void {
  const control = child.stdio[3] as Writable;
  control.on('error', () => {});
  const dataKb = cgroups.memory ? 0 : limits.memoryMb * 1024;
  const nproc = cgroups.pids ? limits.processes * 2 : limits.processes;
  control.end(`${limits.openFiles} ${limits.fileSizeMb * 2048} ${nproc} ${dataKb}\n`);
}

/** The first child of a process: the bwrap process that runs inside the instance's namespaces. */
export function firstChildOf(pid: number): number | null {
  try {
    const first = Number(fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(first) && first > 0 ? first : null;
  } catch {
    return null;
  }
}
