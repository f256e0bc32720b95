import { afterAll, describe, expect, it } from 'vitest';
import { RunnerError } from './errors.js';
import { createTestRunner, processesOwnedBy } from './test/fixture.js';

const SLEEP = { language: 'python3', source_code: 'import time\ntime.sleep(20)', time_limit: 25 };

describe('concurrency and cancellation', () => {
  const UID_BASE = 63400;
  const runner = createTestRunner(UID_BASE, { slots: 1, queueSize: 1 });
  afterAll(() => runner.close());

  it('answers queue_full (429) when every slot is busy and the queue is full', async () => {
    const running = new AbortController();
    const queued = new AbortController();
    const first = runner.execute(SLEEP, { signal: running.signal });
    await expect.poll(async () => (await runner.status()).busy).toBe(1);
    const second = runner.execute(SLEEP, { signal: queued.signal });
    await expect.poll(async () => (await runner.status()).queued).toBe(1);

    const third = runner.execute({ language: 'python3', source_code: 'print(1)' });
    await expect(third).rejects.toMatchObject({
      code: 'queue_full',
      status: 429,
      message: expect.stringContaining('busy'),
    });

    queued.abort();
    await expect(second).rejects.toMatchObject({ code: 'cancelled' });
    running.abort();
    await expect(first).rejects.toMatchObject({ code: 'cancelled' });
  });

  it('cancels a running program promptly, kills it, and frees the slot', async () => {
    const controller = new AbortController();
    const started = performance.now();
    const run = runner.execute(SLEEP, { signal: controller.signal });
    setTimeout(() => controller.abort(), 300);
    await expect(run).rejects.toBeInstanceOf(RunnerError);
    await expect(run).rejects.toMatchObject({ code: 'cancelled' });
    expect(performance.now() - started).toBeLessThan(3000);
    expect(processesOwnedBy(UID_BASE, UID_BASE + 1)).toEqual([]);
    const next = await runner.execute({ language: 'python3', source_code: 'print("next")' });
    expect(next.stdout).toBe('next\n');
  });

  it('refuses a request whose signal is already aborted', async () => {
    await expect(
      runner.execute({ language: 'python3', source_code: 'print(1)' }, { signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ code: 'cancelled' });
  });

  it('runs requests one after another through a single slot', async () => {
    const results = await Promise.all([
      runner.execute({ language: 'python3', source_code: 'print("a")' }),
      runner.execute({ language: 'python3', source_code: 'print("b")' }),
    ]);
    expect(results.map((result) => result.stdout)).toEqual(['a\n', 'b\n']);
  });
});

describe('closing', () => {
  it('kills running sandboxes and refuses new work after close()', async () => {
    const runner = createTestRunner(63420, { slots: 1 });
    // Probe the sandbox and Python first, so the run seen busy below is the program, not a probe.
    await runner.execute({ language: 'python3', source_code: 'print(1)' });
    const run = runner.execute(SLEEP).then(
      () => null,
      (error: unknown) => error,
    );
    await expect.poll(async () => (await runner.status()).busy).toBe(1);
    await runner.close();
    expect(await run).toMatchObject({ code: 'closed' });
    await expect(runner.execute({ language: 'python3', source_code: 'print(1)' })).rejects.toMatchObject({
      code: 'closed',
    });
    expect(processesOwnedBy(63420, 63421)).toEqual([]);
  });
});

describe('when the sandbox cannot start', () => {
  it('refuses to run code, with the reason, when bubblewrap is missing', async () => {
    const runner = createTestRunner(63430, { bwrapPath: '/nonexistent/bwrap' });
    const status = await runner.status();
    expect(status.sandbox).toEqual({ available: false, reason: expect.stringContaining('bubblewrap') });
    await expect(runner.execute({ language: 'python3', source_code: 'print(1)' })).rejects.toMatchObject({
      code: 'sandbox_unavailable',
      status: 503,
      message: expect.stringContaining('Code execution is unavailable on this server'),
    });
    const languages = await runner.languages();
    expect(languages.every((language) => !language.available && language.reason?.includes('sandbox'))).toBe(
      true,
    );
    await runner.close();
  });

  it('refuses to run code when namespaces cannot be created (no unsandboxed fallback)', async () => {
    // /usr/bin/false stands in for a bwrap that fails to set up namespaces.
    const runner = createTestRunner(63440, { bwrapPath: '/usr/bin/false' });
    await expect(runner.execute({ language: 'python3', source_code: 'print(1)' })).rejects.toMatchObject({
      code: 'sandbox_unavailable',
      message: expect.stringContaining('cannot create namespaces'),
    });
    await runner.close();
  });
});

describe('when the sandbox cannot apply its limits', () => {
  it('says so in the language probe and never starts a program', async () => {
    // More open files than the kernel allows any process: init's `ulimit -n` fails before the program.
    const runner = createTestRunner(63444, { slots: 1, limits: { openFiles: 1 << 30 } });
    const refused = await runner
      .execute({ language: 'python3', source_code: 'print("must not run")' })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({
      code: 'language_unavailable',
      message: expect.stringContaining('(coderoom-init: the sandbox limits could not be applied)'),
    });
    await runner.close();
  });
});

describe('configuration', () => {
  it('probes every language even when the pool is one slot with a one-place queue', async () => {
    const runner = createTestRunner(63470, { slots: 1, queueSize: 1 });
    const languages = await runner.languages();
    expect(languages).toHaveLength(7);
    expect(languages.find((language) => language.language === 'python3')?.available).toBe(true);
    await runner.close();
  });

  it('reports a disabled language as unavailable with the reason', async () => {
    const runner = createTestRunner(63450, { disabledLanguages: ['java'] });
    const java = (await runner.languages()).find((language) => language.language === 'java');
    expect(java).toMatchObject({ available: false, reason: 'it is disabled in the runner configuration' });
    await expect(
      runner.execute({ language: 'java', source_code: 'class Main {}', entry_filename: 'Main.java' }),
    ).rejects.toMatchObject({
      code: 'language_unavailable',
      message: 'Java is not available on this server: it is disabled in the runner configuration.',
    });
    await runner.close();
  });

  it('falls back to RLIMIT_DATA for memory when cgroups are off, and says so', async () => {
    const runner = createTestRunner(63460, { cgroups: 'off' });
    expect((await runner.status()).limits.memory).toBe('rlimit-data');
    const memoryBomb = await runner.execute({
      language: 'python3',
      source_code: 'x = bytearray(512 * 1024 * 1024)',
      memory_limit_mb: 64,
    });
    expect(memoryBomb.status).toBe('runtime_error');
    expect(memoryBomb.stderr).toContain('MemoryError');
    const hello = await runner.execute({ language: 'javascript', source_code: 'console.log("node runs")' });
    expect(hello.stdout).toBe('node runs\n');
    // Without a pids cgroup, RLIMIT_NPROC on the slot's uid still contains a fork bomb.
    const forkBomb = await runner.execute({
      language: 'python3',
      source_code: 'import os\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass',
      time_limit: 2,
    });
    expect(['time_limit', 'runtime_error']).toContain(forkBomb.status);
    expect((await runner.execute({ language: 'python3', source_code: 'print("ok")' })).stdout).toBe('ok\n');
    expect(processesOwnedBy(63460, 63462)).toEqual([]);
    await runner.close();
  });
});
