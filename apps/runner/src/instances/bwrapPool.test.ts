import { afterAll, describe, expect, it } from 'vitest';
import { BwrapInstanceDriver } from './bwrapDriver.js';
import { InstanceErrorCode } from './types.js';

// The prepared pool (docs/containers.md, "Prepared pool"): started instances waiting per profile, handed to
// allocations with the default limits; the request's environment and files still reach the instance.
const uidBase = 66700; // a range of its own (slots 66700+, checkers after them)

describe('prepared live instances', () => {
  const driver = new BwrapInstanceDriver({
    uidBase,
    maxInstances: 3,
    reclaimIntervalMs: 0,
    prepared: { 'coderoom/python/3': 2 },
    defaultLimits: { memoryMb: 128, processes: 32, execTimeoutMs: 10_000 },
  });
  afterAll(() => driver.close());

  it('starts the pool, hands a prepared instance over with the request environment and files, and refills', async () => {
    await expect.poll(() => driver.preparedCounts()['coderoom/python/3'], { timeout: 20_000 }).toBe(2);

    const handle = await driver.allocate({
      profile: 'coderoom/python/3',
      env: { GREETING: 'from the request' },
      files: [{ path: 'mine.txt', content: 'written at allocation' }],
    });
    // Taken from the pool: one left until the replacement has started.
    expect(driver.preparedCounts()['coderoom/python/3']).toBeLessThan(2);
    const result = await driver.exec(handle, 'echo "$GREETING"; cat mine.txt; ls');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('from the request\nwritten at allocation');
    // The profile's starter files were written when the instance was prepared.
    expect(result.stdout).toContain('app.py');
    // A terminal started later sees the environment too.
    const terminal = await driver.openTerminal(handle, { cols: 80, rows: 24 });
    let output = '';
    terminal.onData((chunk) => {
      output += chunk.toString('utf8');
    });
    terminal.write('echo "[$GREETING]"\n');
    await expect.poll(() => output, { timeout: 10_000 }).toContain('[from the request]');
    terminal.close();

    // The pool fills up again as far as the free slots allow (3 slots: the allocated one and two prepared).
    await expect.poll(() => driver.preparedCounts()['coderoom/python/3'], { timeout: 20_000 }).toBe(2);
    expect((await driver.driverStatus()).running).toBe(1);
    await driver.stop(handle);
  });

  it('gives a prepared slot up to an allocation the pool cannot serve, and refuses a bad environment as before', async () => {
    await expect.poll(() => driver.preparedCounts()['coderoom/python/3'], { timeout: 20_000 }).toBe(2);
    // Limits other than the defaults (and other profiles) start a sandbox of their own.
    const [node, custom] = await Promise.all([
      driver.allocate({ profile: 'coderoom/node/20' }),
      driver.allocate({ profile: 'coderoom/python/3', limits: { memoryMb: 64 } }),
    ]);
    expect((await driver.exec(node, 'node -e "console.log(6*7)"')).stdout).toBe('42\n');
    expect(driver.status(custom).limits.memoryMb).toBe(64);
    // Three slots: the two allocations took two, so at most one prepared instance remains.
    expect(driver.preparedCounts()['coderoom/python/3']).toBeLessThanOrEqual(1);
    await expect(
      driver.allocate({ profile: 'coderoom/python/3', env: { 'BAD=NAME': 'x' } }),
    ).rejects.toMatchObject({ code: InstanceErrorCode.InvalidRequest });
    await Promise.all([driver.stop(node), driver.stop(custom)]);
  });
});
