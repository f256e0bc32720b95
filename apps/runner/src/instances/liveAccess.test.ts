import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BwrapInstanceDriver } from './bwrapDriver.js';
import type { InstanceHandle, TerminalSession } from './types.js';

// Terminals and the HTTP relay against real bubblewrap sandboxes (see docs/containers.md).
const uidBase = 63800; // a range of its own: the leftover-process sweep kills by uid

/** Collects a terminal's output until `pattern` shows up (or fails after `ms`). */
function output(session: TerminalSession) {
  let text = '';
  const waiters: Array<() => void> = [];
  session.onData((data) => {
    text += data.toString('utf8');
    for (const wake of waiters.splice(0)) wake();
  });
  return {
    get text() {
      return text;
    },
    async until(pattern: RegExp, ms = 8000): Promise<string> {
      const deadline = Date.now() + ms;
      while (!pattern.test(text)) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`timed out waiting for ${pattern}; got ${JSON.stringify(text)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, Math.min(left, 200));
        });
      }
      return text;
    },
  };
}

const exited = (session: TerminalSession) =>
  new Promise<number | null>((resolve) => session.onExit((code) => resolve(code)));

describe('terminals and the app relay', () => {
  const driver = new BwrapInstanceDriver({
    uidBase,
    maxInstances: 2,
    reclaimIntervalMs: 0,
    defaultLimits: { memoryMb: 128, processes: 32, execTimeoutMs: 10_000 },
  });
  let first: InstanceHandle;
  let second: InstanceHandle;

  beforeAll(async () => {
    [first, second] = await Promise.all([
      driver.allocate({ profile: 'coderoom/python/3' }),
      driver.allocate({ profile: 'coderoom/python/3' }),
    ]);
  });
  afterAll(() => driver.close());

  it('runs a shell on a pty: echo round trip, resize, exit', async () => {
    const session = await driver.openTerminal(first, { cols: 80, rows: 24 });
    const out = output(session);
    const ended = exited(session);
    session.write('echo hi\r');
    await out.until(/[\r\n]hi\r\n/);
    // Keystrokes sent one by one arrive in order.
    for (const key of 'echo typed-0123456789-abcdefghij') session.write(key);
    session.write('\r');
    await out.until(/[\r\n]typed-0123456789-abcdefghij\r\n/);
    // The shell sees a terminal in the workspace.
    session.write('tty; pwd\r');
    await out.until(/\/dev\/pts\/\d+[\s\S]*\/box\/work/);
    session.resize({ cols: 120, rows: 40 });
    session.write('stty size\r');
    await out.until(/40 120/);
    session.write('exit 3\r');
    expect(await ended).toBe(3);
    expect(session.exited).toBe(true);
  });

  it('caps a flood of output and still takes ^C', async () => {
    const session = await driver.openTerminal(first, { cols: 80, rows: 24 });
    let bytes = 0;
    session.onData((data) => {
      bytes += data.length;
    });
    const out = output(session);
    session.write('yes\r');
    await new Promise((resolve) => setTimeout(resolve, 2000));
    // About 1 MiB a second (the agent's cap), not the hundreds of MiB yes can write.
    expect(bytes).toBeLessThan(4 * 1024 * 1024);
    session.write('\x03');
    session.write('echo stopped-$((40 + 2))\r');
    await out.until(/stopped-42/, 15_000);
    session.close();
  });

  it('closes a terminal and its foreground program', async () => {
    const session = await driver.openTerminal(first, { cols: 80, rows: 24 });
    const out = output(session);
    const ended = exited(session);
    session.write('sleep 300\r');
    await out.until(/sleep 300/);
    session.close();
    await ended;
    // The shell ends first; its job (a process group of its own) is killed right after: allow a moment.
    let left = '';
    for (let attempt = 0; attempt < 20; attempt += 1) {
      left = (await driver.exec(first, 'ps -eo args | grep -c "^sleep 300" || true')).stdout.trim();
      if (left === '0') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(left).toBe('0');
  });

  it('relays HTTP to an app inside the instance', async () => {
    await driver.exec(
      first,
      'mkdir -p site && echo "<h1>inside</h1>" > site/index.html && (cd site && python3 -m http.server 8000 --bind 127.0.0.1 > /dev/null 2>&1 &)',
    );
    for (let attempt = 0; attempt < 50 && !(await driver.ports(first)).includes(8000); attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const answer = await driver.httpRequest(first, {
      port: 8000,
      method: 'GET',
      path: '/index.html',
      headers: [['Host', 'localhost:8000']],
    });
    expect(answer).toMatchObject({ kind: 'response', status: 200, truncated: false });
    if (answer.kind === 'response') expect(answer.body.toString()).toBe('<h1>inside</h1>\n');
  });

  it('answers refused when nothing listens, also for another instance’s port', async () => {
    const request = { port: 8000, method: 'GET', path: '/', headers: [] as Array<[string, string]> };
    expect(await driver.httpRequest(second, request)).toEqual({ kind: 'refused' });
    expect(await driver.httpRequest(first, { ...request, port: 8001 })).toEqual({ kind: 'refused' });
  });

  it('answers timeout when the app does not respond in time', async () => {
    // Accepts connections but never answers.
    await driver.exec(
      second,
      `python3 -c "import socket,time
s=socket.socket(); s.bind(('127.0.0.1', 8002)); s.listen(5)
conns=[]
while True: conns.append(s.accept())" > /dev/null 2>&1 &`,
    );
    for (let attempt = 0; attempt < 50 && !(await driver.ports(second)).includes(8002); attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const answer = await driver.httpRequest(second, {
      port: 8002,
      method: 'GET',
      path: '/',
      headers: [],
      timeoutMs: 500,
    });
    expect(answer).toEqual({ kind: 'timeout' });
  });
});
