import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { BwrapInstanceDriver } from './bwrapDriver.js';
import type { InstanceHandle } from './types.js';

const uidBase = 65200; // a range of its own: leftover processes are swept by uid

const driver = new BwrapInstanceDriver({
  uidBase,
  maxInstances: 2,
  reclaimIntervalMs: 0,
  defaultLimits: { memoryMb: 128, processes: 32, execTimeoutMs: 10_000 },
});
const { kind, reason } = driver.cpuEnforcement;
const skipReason = kind === 'nice' ? `no writable cpu cgroup on this host: ${reason}` : null;

async function waitFor<T>(read: () => T, done: (value: T) => boolean, what: string): Promise<T> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const value = read();
    if (done(value)) return value;
    await sleep(50);
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.skipIf(skipReason !== null)(
  `CPU quota per live instance${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let busy: InstanceHandle;
    afterAll(() => driver.close());

    it('applies the default quota and never raises it above the default', async () => {
      const handle = await driver.allocate({ profile: 'coderoom/python/3', limits: { cpuPercent: 400 } });
      const status = driver.status(handle);
      expect(status.limits.cpuPercent).toBe(100);
      expect(status.cpu).toMatchObject({ enforcement: kind, quotaPercent: 100 });
      await driver.stop(handle);
    });

    it('holds two busy loops to the instance quota, measured from the cgroup', async () => {
      busy = await driver.allocate({ profile: 'coderoom/python/3', limits: { cpuPercent: 20 } });
      expect(driver.status(busy).cpu.quotaPercent).toBe(20);
      const loop = `python3 -c 'while True: pass' >/dev/null 2>&1 &`;
      const started = await driver.exec(busy, `${loop} ${loop} echo started`);
      expect(started.stdout).toBe('started\n');

      // Wait until the kernel has held the instance back at least once: the quota is in force.
      const before = await waitFor(
        () => driver.status(busy).cpu,
        (cpu) => cpu.throttledPeriods > 0 && (cpu.usageMs ?? 0) > 0,
        'the instance to be throttled',
      );
      const from = performance.now();
      // A sampling window of at least 20 scheduler periods (100 ms each); the assertion is on the ratio of
      // CPU time to wall time, which a loaded host can only lower.
      const after = await waitFor(
        () => ({ cpu: driver.status(busy).cpu, wallMs: performance.now() - from }),
        ({ wallMs }) => wallMs >= 2000,
        'the sampling window',
      );
      const usedMs = (after.cpu.usageMs ?? 0) - (before.usageMs ?? 0);
      // Unlimited, two busy loops would use up to two CPUs (ratio ~2); with the quota at most 0.2 (plus one
      // period of slack at either end of the window).
      expect(usedMs / after.wallMs).toBeLessThanOrEqual(0.2 + (2 * 20) / after.wallMs + 0.05);
      expect(after.cpu.throttledPeriods).toBeGreaterThan(before.throttledPeriods);
    });

    it('keeps the instance usable while it is at its quota', async () => {
      const result = await driver.exec(busy, 'echo still here');
      expect(result).toMatchObject({ exitCode: 0, stdout: 'still here\n' });
      await driver.stop(busy);
      const status = driver.status(busy);
      expect(status.state).toBe('stopped');
      expect(status.cpu.usageMs).toBeGreaterThan(0);
    });
  },
);
