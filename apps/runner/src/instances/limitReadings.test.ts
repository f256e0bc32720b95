import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BwrapInstanceDriver } from './bwrapDriver.js';
import type { InstanceHandle } from './types.js';

// The counters behind the cloud lab event "limit exceeded" (the server's terminal hub polls them).
const uidBase = 65220; // a range of its own: leftover processes are swept by uid

describe('limit readings of a live instance', () => {
  const driver = new BwrapInstanceDriver({
    uidBase,
    maxInstances: 1,
    reclaimIntervalMs: 0,
    defaultLimits: { memoryMb: 64, processes: 24, workspaceMb: 16, execTimeoutMs: 10_000 },
  });
  const withCgroups = driver.enforcement !== 'rlimit';
  let handle: InstanceHandle;
  beforeAll(async () => {
    handle = await driver.allocate({ profile: 'coderoom/python/3' });
  });
  afterAll(() => driver.close());

  it('starts with nothing hit and an almost empty workspace', () => {
    const status = driver.status(handle);
    expect(status).toMatchObject({ oomKills: 0, processLimitHits: 0 });
    expect(status.workspace?.sizeBytes).toBe(16 * 1024 * 1024);
    expect(status.workspace?.usedBytes).toBeLessThan(1024 * 1024);
  });

  it('sees the workspace fill up, from the host', async () => {
    const result = await driver.exec(handle, 'head -c 30000000 /dev/zero > big; echo $?');
    expect(result.stdout.trim()).not.toBe('0');
    const workspace = driver.status(handle).workspace;
    expect(workspace && workspace.sizeBytes - workspace.usedBytes).toBeLessThan(256 * 1024);
    await driver.exec(handle, 'rm big');
    expect(driver.status(handle).workspace?.usedBytes).toBeLessThan(1024 * 1024);
  });

  it.skipIf(!withCgroups)('counts runs into the process limit', async () => {
    // Starts sleeps until the limit refuses one, then ends them, so the next test has room again.
    const script = [
      'import subprocess',
      'started, refused = [], 0',
      'for _ in range(40):',
      '    try: started.append(subprocess.Popen(["sleep", "30"]))',
      '    except OSError: refused += 1',
      'for p in started: p.kill(); p.wait()',
      'print("refused" if refused else "all started")',
    ].join('\n');
    const result = await driver.exec(handle, ['python3', '-c', script]);
    expect(result.stdout).toBe('refused\n');
    expect(driver.status(handle).processLimitHits).toBeGreaterThan(0);
  });

  it.skipIf(!withCgroups)('counts OOM kills', async () => {
    const result = await driver.exec(handle, ['python3', '-c', 'x = bytearray(200 * 1024 * 1024)']);
    expect(result.signal).toBe('SIGKILL');
    expect(driver.status(handle).oomKills).toBeGreaterThan(0);
  });
});
