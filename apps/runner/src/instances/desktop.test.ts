import fs from 'node:fs';
import type { Duplex } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BwrapInstanceDriver } from './bwrapDriver.js';
import { DESKTOP_SPEC, desktopStartCommand } from './desktop.js';
import type { InstanceHandle } from './types.js';

// A desktop in a real instance (docs/widgets.md "VNC"): Xvfb, twm, xterm and x11vnc start inside the
// sandbox, and the VNC server answers through a TCP stream of the agent, never on the host's network.
const uidBase = 65460; // a range of its own: the leftover-process sweep kills by uid
const PROGRAMS = ['/usr/bin/Xvfb', '/usr/bin/x11vnc', '/usr/bin/twm', '/usr/bin/xterm', '/usr/bin/xsetroot'];
const missing = PROGRAMS.filter((path) => !fs.existsSync(path));
if (missing.length > 0) {
  console.warn(`desktop.test: skipped, missing ${missing.join(', ')} (scripts/install-runner-deps.sh)`);
}

/** The first `count` bytes the stream sends, or null when it ends first or `timeoutMs` passes. */
function firstBytes(stream: Duplex, count: number, timeoutMs = 10_000): Promise<Buffer | null> {
  return new Promise((resolve) => {
    let received = Buffer.alloc(0);
    const done = (value: Buffer | null) => {
      clearTimeout(timer);
      stream.off('data', onData);
      resolve(value);
    };
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (received.length >= count) done(received.subarray(0, count));
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    stream.on('data', onData);
    stream.once('end', () => done(null));
  });
}

describe.skipIf(missing.length > 0)('a desktop in an instance', () => {
  const driver = new BwrapInstanceDriver({
    uidBase,
    maxInstances: 2,
    reclaimIntervalMs: 0,
    idleTimeoutMs: 60_000,
    defaultLimits: { execTimeoutMs: 30_000 },
  });
  let instance: InstanceHandle;

  beforeAll(async () => {
    instance = await driver.allocate({ profile: 'coderoom/desktop/1' });
  });
  afterAll(async () => {
    await driver.close();
  });

  it('starts Xvfb, a window manager, an xterm and x11vnc, and speaks RFB on the instance loopback', async () => {
    const started = await driver.exec(
      instance,
      desktopStartCommand(DESKTOP_SPEC, { width: 800, height: 600 }),
      {
        timeoutMs: 30_000,
      },
    );
    expect(started.stdout + started.stderr).toBe('');
    expect(started.exitCode).toBe(0);

    const logs = (await driver.exec(instance, 'tail -n 5 /tmp/.desktop/*.log')).stdout;
    for (const name of ['xvfb', 'wm', 'xterm', 'vnc']) {
      const alive = await driver.exec(instance, [
        '/bin/sh',
        '-c',
        `kill -0 "$(cat /tmp/.desktop/${name}.pid)"`,
      ]);
      expect(alive.exitCode, `${name} runs (${logs})`).toBe(0);
    }

    const opened = await driver.openTcpStream(instance, { port: DESKTOP_SPEC.port });
    if (opened.kind !== 'open') throw new Error(`the VNC port did not open: ${opened.kind}`);
    const banner = await firstBytes(opened.stream, 12);
    expect(banner?.toString('latin1')).toMatch(/^RFB 003\.00\d\n$/);
    opened.stream.destroy();

    // Starting again is a no-op: the same VNC server keeps its pid.
    const pid = (await driver.exec(instance, 'cat /tmp/.desktop/vnc.pid')).stdout;
    const again = await driver.exec(instance, desktopStartCommand(DESKTOP_SPEC, { width: 800, height: 600 }));
    expect(again.exitCode).toBe(0);
    expect((await driver.exec(instance, 'cat /tmp/.desktop/vnc.pid')).stdout).toBe(pid);
  }, 60_000);

  it('reaches no network outside the instance', async () => {
    const result = await driver.exec(instance, [
      '/usr/bin/python3',
      '-c',
      'import socket\ntry:\n  socket.create_connection(("1.1.1.1", 80), 2)\n  print("reached")\nexcept OSError:\n  print("unreachable")',
    ]);
    expect(result.stdout.trim()).toBe('unreachable');
  });
});
