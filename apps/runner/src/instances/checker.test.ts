import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BwrapInstanceDriver } from './bwrapDriver.js';
import type { InstanceHandle } from './types.js';

// Checks run apart from the learner (checker.ts): a learner's process cannot alter a check's result.
const uidBase = 65240; // slots 65240–65241, checkers 65242–65243: a range of its own

describe('checks run apart from the learner', () => {
  const driver = new BwrapInstanceDriver({
    uidBase,
    maxInstances: 2,
    reclaimIntervalMs: 0,
    defaultLimits: { memoryMb: 128, processes: 32, execTimeoutMs: 10_000 },
  });
  let handle: InstanceHandle;
  beforeAll(async () => {
    handle = await driver.allocate({ profile: 'coderoom/python/3', env: { LAB_KEY: 'k-123' } });
  });
  afterAll(() => driver.close());

  it('sees the workspace (private files too), the environment and the app, as another uid', async () => {
    await driver.exec(handle, 'echo secret > private.txt && chmod 600 private.txt && mkfifo trap.fifo');
    await driver.exec(handle, 'python3 -m http.server 8000 --bind 127.0.0.1 >/dev/null 2>&1 &');
    const result = await driver.execCheck(
      handle,
      [
        'cat private.txt',
        'echo "$LAB_KEY"',
        'test -e trap.fifo || echo "no fifo"',
        'for i in $(seq 50); do python3 -c "import urllib.request as u; u.urlopen(\'http://127.0.0.1:8000/\')" 2>/dev/null && break; sleep 0.1; done && echo "app answers"',
        'ps -e -o user= | sort -u | tr "\\n" " "',
      ].join('\n'),
    );
    expect(result.exitCode).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines.slice(0, 4)).toEqual(['secret', 'k-123', 'no fifo', 'app answers']);
    // Its own pid namespace: none of the learner's processes are visible.
    expect(result.stdout).not.toContain('http.server');
  });

  it('cannot be changed by a learner process while it runs', async () => {
    await driver.exec(handle, 'echo right > answer.txt');
    const check = driver.execCheck(handle, 'sleep 2; cat answer.txt; touch /box/work/mark');
    // Once the check runs (its snapshot is taken), the learner rewrites the file and kills every sleep and
    // cat it can see.
    await expect.poll(() => checkerSleeps(), { timeout: 10_000 }).toBe(true);
    const learner = await driver.exec(
      handle,
      'echo wrong > answer.txt; pkill -9 -x sleep; pkill -9 -x cat; echo done',
    );
    expect(learner.stdout).toContain('done');
    const result = await check;
    expect(result).toMatchObject({ exitCode: 0, stdout: 'right\n', timedOut: false });
    // What the check wrote went into its snapshot, not the learner's workspace.
    expect(await driver.readFile(handle, 'mark')).toBeNull();
    expect((await driver.readFile(handle, 'answer.txt'))?.toString()).toBe('wrong\n');
  });

  it('is killed at its timeout and leaves nothing running', async () => {
    const result = await driver.execCheck(handle, 'sleep 30 & sleep 30', { timeoutMs: 500 });
    expect(result).toMatchObject({ timedOut: true, exitCode: null });
  });
});

/** Whether a check's `sleep` runs on the host as one of this file's checker uids. */
function checkerSleeps(): boolean {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .some((entry) => {
      try {
        const { uid } = fs.statSync(`/proc/${entry}`);
        const argv = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
        return uid >= uidBase + 2 && uid < uidBase + 4 && argv.startsWith('sleep\0');
      } catch {
        return false;
      }
    });
}
