import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { RunnerError } from '../errors.js';
import { processesOwnedBy } from '../test/fixture.js';
import { createRunnerProcess, RunnerProcessMessages } from './runnerProcess.js';

const UID_BASE = 63600;
const SLEEP = { language: 'python3', source_code: 'import time\ntime.sleep(20)', time_limit: 25 };

describe('the runner in a process of its own', () => {
  const runner = createRunnerProcess({ slots: 2, uidBase: UID_BASE });
  afterAll(() => runner.close());

  it('runs, judges and reports the runner status across the process boundary', async () => {
    const result = await runner.execute({
      language: 'python3',
      source_code: 'print(input() * 2)',
      stdin: 'ab',
    });
    expect(result).toMatchObject({ status: 'ok', stdout: 'abab\n', exit_code: 0 });
    const judged = await runner.judge({
      language: 'python3',
      source_code: 'print(int(input()) + 1)',
      test_cases: [
        { input: '1', expected_output: '2' },
        { input: '2', expected_output: '4' },
      ],
    });
    expect(judged.cases.map((item) => item.verdict)).toEqual(['passed', 'wrong_answer']);
    const status = await runner.status();
    expect(status).toMatchObject({ slots: 2, sandbox: { available: true } });
    expect(runner.pid()).not.toBe(process.pid);
  });

  it('keeps the error code, message and field of a refused request', async () => {
    const refused = await runner.execute({ language: 'cobol', source_code: 'x' }).catch((error) => error);
    expect(refused).toBeInstanceOf(RunnerError);
    expect(refused).toMatchObject({ code: 'invalid_request', status: 400, field: 'language' });
  });

  it('cancels a run through the caller signal and frees the slot', async () => {
    const controller = new AbortController();
    const run = runner.execute(SLEEP, { signal: controller.signal });
    await expect.poll(async () => (await runner.status()).busy, { timeout: 10_000 }).toBe(1);
    controller.abort();
    await expect(run).rejects.toMatchObject({ code: 'cancelled' });
    await expect.poll(async () => (await runner.status()).busy, { timeout: 10_000 }).toBe(0);
  });

  it('fails the calls in flight when the process dies, leaves no sandbox behind, and starts again', async () => {
    const run = runner.execute(SLEEP);
    await expect.poll(async () => (await runner.status()).busy, { timeout: 10_000 }).toBe(1);
    const first = runner.pid();
    expect(first).not.toBeNull();
    process.kill(first as number, 'SIGKILL');
    await expect(run).rejects.toMatchObject({ code: 'internal', message: RunnerProcessMessages.Crashed });
    // bwrap dies with its parent, and the sandbox with bwrap.
    await expect
      .poll(() => describeProcesses(processesOwnedBy(UID_BASE, UID_BASE + 2)), { timeout: 10_000 })
      .toEqual([]);
    const again = await runner.execute({ language: 'python3', source_code: 'print(1)' });
    expect(again.stdout).toBe('1\n');
    expect(runner.pid()).not.toBe(first);
  });

  it('refuses new work after close()', async () => {
    const other = createRunnerProcess({ slots: 1, uidBase: UID_BASE + 4 });
    await other.close();
    await expect(other.execute({ language: 'python3', source_code: 'print(1)' })).rejects.toMatchObject({
      code: 'closed',
    });
  });

  it('closes the descriptors the server inherited, so no sandbox sees them', () => {
    const fixture = fileURLToPath(new URL('../test/inheritedFd.fixture.ts', import.meta.url));
    // The shell leaves fd 100 open without close-on-exec, as a careless parent of the server might (Node
    // marks fds 0–15 close-on-exec at start, not those after a gap).
    const output = execFileSync(
      '/bin/bash',
      ['-c', 'exec 100</etc/hostname; exec "$0" --import tsx "$1"', process.execPath, fixture],
      { encoding: 'utf8', timeout: 60_000 },
    );
    const { own, sandbox } = JSON.parse(output.trim().split('\n').pop() ?? '{}') as {
      own: string[];
      sandbox: string[];
    };
    expect(own).toContain('100');
    expect(sandbox).toEqual(['0', '1', '2', '3']); // stdio and the listing's own descriptor
  });
});

/** Command lines, so a failure shows what was left. */
function describeProcesses(pids: number[]): string[] {
  return pids.map((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    } catch {
      return `${pid} (exited)`;
    }
  });
}
