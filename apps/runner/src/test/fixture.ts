import fs from 'node:fs';
import { createRunner, type Runner, type RunnerConfig } from '../index.js';
import { pidsOwnedByRange } from '../sandbox/processes.js';
import { LAUNCHER_NAME } from '../sandbox/sandbox.js';

/**
 * Every test file gets its own runner with its own uid range: files run in parallel, and a slot's uid
 * must never be shared (leftover sweeps and RLIMIT_NPROC work per uid).
 */
export function createTestRunner(uidBase: number, config: RunnerConfig = {}): Runner {
  return createRunner({ slots: 2, ...config, uidBase });
}

/**
 * Host processes owned by any uid in [from, to): what a sandbox could have left behind. A slot's launcher
 * waiting for the next run (a bwrap whose command ends in `coderoom-sandbox`, with no child yet) is
 * expected and not counted.
 */
export function processesOwnedBy(from: number, to: number): number[] {
  return pidsOwnedByRange(from, to).filter((pid) => {
    try {
      return !isWaitingLauncher(pid, fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0'));
    } catch {
      return false; // exited while listing
    }
  });
}

function isWaitingLauncher(pid: number, argv: string[]): boolean {
  if (!argv[0]?.endsWith('/bwrap') || argv.at(-2) !== LAUNCHER_NAME) return false;
  return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim() === '';
}
