/**
 * The filesystem every sandbox sees. Everything writable lives on one size-capped tmpfs at /box; the rest
 * of the tree is read-only (toolchain binds, a private /proc and a minimal /dev).
 *
 *   /box/src       the learner's files; the working directory
 *   /box/tmp       HOME and TMPDIR (/tmp is a symlink to it)
 *   /box/out       compiler output, collected by the host after a compile step
 *   /box/bin       a compiled program, mounted read-only for the run step
 *   /box/.runner   the runner's own harness files, mounted read-only
 */
export const BOX_DIR = '/box';
export const SRC_DIR = '/box/src';
export const TMP_DIR = '/box/tmp';
export const OUT_DIR = '/box/out';
export const BIN_DIR = '/box/bin';
export const HARNESS_DIR = '/box/.runner';

/**
 * The fds of a sandbox's bwrap. fd 3 carries bwrap's options (`--args 3`; bwrap reads it to its end and
 * closes it). fd 4 is an optional duplex channel between host and sandbox (compiled artifacts out, judge
 * cases in and verdict data out, test results out). Files to copy in start at fd 5.
 */
export const ARGS_FD = 3;
export const CHANNEL_FD = 4;
export const FIRST_FILE_FD = 5;

/** Read-only host paths every sandbox gets (when present); languages add their own. */
export const BASE_BINDS = [
  '/usr/bin',
  '/usr/lib',
  '/usr/lib64',
  '/usr/libexec',
  '/etc/alternatives',
  '/etc/ld.so.cache',
];

/** Merged-/usr symlinks so `#!/bin/sh` and the dynamic loader path work. */
export const BASE_SYMLINKS: Array<[target: string, link: string]> = [
  ['usr/bin', '/bin'],
  ['usr/bin', '/sbin'],
  ['usr/lib', '/lib'],
  ['usr/lib64', '/lib64'],
];

export const SANDBOX_UID = 1000;
export const SANDBOX_HOSTNAME = 'sandbox';

export const BASE_ENV: Record<string, string> = {
  PATH: '/usr/bin:/bin',
  HOME: TMP_DIR,
  TMPDIR: TMP_DIR,
  LANG: 'C.UTF-8',
  TZ: 'UTC',
  USER: 'runner',
};

/**
 * Names a learner's environment variables may not set: the judge harness (bash, timeout) shares the run
 * step's environment, and these would change how it behaves; `CODEROOM_*` carries the sandbox init's own
 * instructions (sandbox.ts). Learner variables never reach compile steps.
 */
export const RESERVED_ENV =
  /^(PATH|HOME|TMPDIR|IFS|ENV|BASH_ENV|SHELLOPTS|BASHOPTS|CDPATH|GLOBIGNORE|PS4|POSIXLY_CORRECT)$|^(LD_|BASH_FUNC_|GCONV_|CODEROOM_)/;
