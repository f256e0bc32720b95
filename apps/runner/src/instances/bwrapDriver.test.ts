import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BwrapInstanceDriver } from './bwrapDriver.js';
import { findProfile, isSafeWorkspacePath } from './profiles.js';
import { InstanceErrorCode, type InstanceHandle } from './types.js';

// A python one-liner that tries a TCP connection and prints "connected" or the error's name.
const connect = (host: string, port: number) => [
  '/usr/bin/python3',
  '-c',
  `import socket\ns=socket.socket()\ns.settimeout(2)\ntry:\n s.connect((${JSON.stringify(host)},${port}))\n print("connected")\nexcept Exception as e:\n print(type(e).__name__, e)`,
];

const uidBase = 62500; // apart from the default range, so a server running on this host is never touched

describe('bubblewrap live instances', () => {
  let clock = Date.now();
  const driver = new BwrapInstanceDriver({
    uidBase,
    maxInstances: 4,
    idleTimeoutMs: 60_000,
    reclaimIntervalMs: 0,
    now: () => clock,
    defaultLimits: { memoryMb: 128, processes: 32, execTimeoutMs: 10_000 },
  });
  let first: InstanceHandle;
  let second: InstanceHandle;

  beforeAll(async () => {
    [first, second] = await Promise.all([
      driver.allocate({ profile: 'coderoom/python/3', env: { GREETING: 'hello' } }),
      driver.allocate({ profile: 'coderoom/node/20' }),
    ]);
  });
  afterAll(() => driver.close());

  it('runs a command in the instance', async () => {
    const result = await driver.exec(first, 'echo hi');
    expect(result).toMatchObject({ exitCode: 0, stdout: 'hi\n', timedOut: false });
    expect((await driver.exec(first, 'echo $GREETING; id -u')).stdout).toBe('hello\n1000\n');
  });

  it('hands the environment to bwrap through a pipe, never on a command line the host can read', () => {
    const commandLines = fs
      .readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .flatMap((pid) => {
        try {
          return [fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8')];
        } catch {
          return [];
        }
      });
    const instanceLines = commandLines.filter(
      (line) => line.includes('coderoom-instance') || line.includes('--args'),
    );
    expect(instanceLines.length).toBeGreaterThan(0);
    expect(commandLines.some((line) => line.includes('GREETING'))).toBe(false);
  });

  it('keeps the workspace across execs, with the profile starter files', async () => {
    expect((await driver.exec(first, 'ls')).stdout).toContain('app.py');
    await driver.exec(first, 'mkdir -p notes && echo remembered > notes/a.txt');
    await driver.writeFiles(first, [{ path: 'b.txt', content: 'from the host' }]);
    expect((await driver.exec(first, 'cat notes/a.txt b.txt')).stdout).toBe('remembered\nfrom the host');
    expect((await driver.readFile(first, 'notes/a.txt'))?.toString()).toBe('remembered\n');
    expect(await driver.readFile(first, 'missing.txt')).toBeNull();
    // The other instance has its own workspace.
    expect((await driver.exec(second, 'ls')).stdout).toBe('index.js\n');
  });

  it('refuses paths outside the workspace', async () => {
    await expect(driver.writeFiles(first, [{ path: '../etc/x', content: '' }])).rejects.toMatchObject({
      code: InstanceErrorCode.InvalidRequest,
    });
    expect(isSafeWorkspacePath('/abs')).toBe(false);
    expect(isSafeWorkspacePath('a/b.txt')).toBe(true);
  });

  it('passes stdin and kills a command at its timeout', async () => {
    expect((await driver.exec(first, ['/usr/bin/cat'], { stdin: 'piped' })).stdout).toBe('piped');
    const slow = await driver.exec(first, 'sleep 30', { timeoutMs: 300 });
    expect(slow.timedOut).toBe(true);
    expect(slow.wallMs).toBeLessThan(5000);
  });

  it('keeps a background app running and lists its port', async () => {
    await driver.exec(first, 'nohup python3 app.py > app.log 2>&1 &');
    let ports: number[] = [];
    for (let attempt = 0; attempt < 50 && !ports.includes(8000); attempt += 1) {
      ports = await driver.ports(first);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(ports).toContain(8000);
    const fetched = await driver.exec(first, [
      '/usr/bin/python3',
      '-c',
      'import urllib.request;print(urllib.request.urlopen("http://127.0.0.1:8000").read().decode())',
    ]);
    expect(fetched.stdout).toBe('hello from coderoom\n');
  });

  it('refuses namespaces, io_uring and keyrings (seccomp) but lets the learner trace their own processes', async () => {
    const script = [
      'import ctypes',
      'libc = ctypes.CDLL(None, use_errno=True)',
      'def call(nr, *args):',
      '    ctypes.set_errno(0)',
      '    return libc.syscall(nr, *args), ctypes.get_errno()',
      'print(call(272, 0), call(425, 1, 0), call(250, 0, 0), call(101, 0, 0, 0, 0))',
    ].join('\n');
    const result = await driver.exec(first, `python3 -c '${script}'`);
    // unshare, io_uring_setup, keyctl: EPERM; ptrace(PTRACE_TRACEME): allowed (0).
    expect(result.stdout.trim()).toBe('(-1, 1) (-1, 1) (-1, 1) (0, 0)');
  });

  it('cannot reach the outside, the host or another instance', async () => {
    const outside = await driver.exec(first, connect('1.1.1.1', 53));
    expect(outside.stdout).not.toContain('connected');
    expect(outside.stdout).toMatch(/OSError|unreachable/i);

    const server = net.createServer((socket) => socket.end('host secret'));
    let hostConnections = 0;
    server.on('connection', () => {
      hostConnections += 1;
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const host = await driver.exec(first, connect('127.0.0.1', port));
      expect(host.stdout).toContain('ConnectionRefusedError');
      expect(hostConnections).toBe(0);
    } finally {
      server.close();
    }

    // `first` serves on 127.0.0.1:8000 (previous test); from `second` that address is its own loopback.
    const neighbour = await driver.exec(second, connect('127.0.0.1', 8000));
    expect(neighbour.stdout).toContain('ConnectionRefusedError');
    expect((await driver.exec(first, connect('127.0.0.1', 8000))).stdout).toBe('connected\n');
  });

  it('cannot read host files or see host processes', async () => {
    const result = await driver.exec(first, 'ls /root /home /etc/shadow 2>&1; ls /proc | grep -c "^[0-9]"');
    expect(result.stdout).toMatch(/No such file/);
    expect(Number(result.stdout.trim().split('\n').at(-1))).toBeLessThan(15);
  });

  it('enforces the process limit', async () => {
    const result = await driver.exec(
      first,
      'n=0; while [ $n -lt 100 ]; do sleep 2 & n=$((n+1)); done 2>/dev/null; echo started; jobs -p | wc -l',
      { timeoutMs: 8000 },
    );
    const started = Number(result.stdout.trim().split('\n').at(-1));
    expect(started).toBeLessThan(32);
    // The instance survives its own fork bomb: once the sleeps are gone, it answers again.
    let left = '';
    for (let attempt = 0; attempt < 50 && left !== '0'; attempt += 1) {
      left = await driver.exec(first, 'pgrep -c -x sleep; true').then(
        (answer) => answer.stdout.trim(),
        () => '',
      );
      if (left !== '0') await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(left).toBe('0');
    expect((await driver.exec(first, 'echo alive')).stdout).toBe('alive\n');
  });

  it('enforces the memory limit', async () => {
    const result = await driver.exec(
      first,
      ['/usr/bin/python3', '-c', 'x = bytearray(400 * 1024 * 1024); print("allocated")'],
      {
        timeoutMs: 8000,
      },
    );
    expect(result.stdout).not.toContain('allocated');
    expect(result.signal === 'SIGKILL' || result.stderr.includes('MemoryError')).toBe(true);
    expect((await driver.exec(first, 'echo alive')).stdout).toBe('alive\n');
  });

  it('caps the workspace size', async () => {
    const result = await driver.exec(first, 'head -c 200000000 /dev/zero > big.bin; echo $?; rm -f big.bin', {
      timeoutMs: 8000,
    });
    expect(result.stdout.trim()).not.toBe('0');
  });

  it('reclaims an idle instance: processes killed, slot freed', async () => {
    const idle = await driver.allocate({ profile: 'coderoom/python/3' });
    await driver.exec(idle, 'nohup sleep 1000 > /dev/null 2>&1 &');
    clock += 30_000;
    await driver.exec(first, 'true');
    await driver.exec(second, 'true');
    expect(await driver.reclaimIdle()).toEqual([]);
    clock += 30_001;
    await driver.exec(first, 'true');
    await driver.exec(second, 'true');
    expect(await driver.reclaimIdle()).toEqual([idle.id]);
    expect(driver.status(idle)).toMatchObject({ state: 'stopped', stopReason: 'idle' });
    await expect(driver.exec(idle, 'echo hi')).rejects.toMatchObject({ code: InstanceErrorCode.NotRunning });
    // Slot 2 ran as uidBase + 2; nothing of it is left on the host.
    const left = fs
      .readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .filter((entry) => {
        try {
          return fs.statSync(`/proc/${entry}`).uid === uidBase + 2;
        } catch {
          return false;
        }
      });
    expect(left).toEqual([]);
    expect(driver.status(first).state).toBe('running');
  });

  it('refuses unknown profiles and a full host', async () => {
    expect(findProfile('coderoom/ruby/3')).toBeNull();
    await expect(driver.allocate({ profile: 'coderoom/ruby/3' })).rejects.toMatchObject({
      code: InstanceErrorCode.UnknownProfile,
    });
    const extra = await Promise.all([
      driver.allocate({ profile: 'coderoom/python/3' }),
      driver.allocate({ profile: 'coderoom/python/3' }),
    ]);
    await expect(driver.allocate({ profile: 'coderoom/python/3' })).rejects.toMatchObject({
      code: InstanceErrorCode.Capacity,
    });
    await Promise.all(extra.map((handle) => driver.stop(handle)));
    expect(driver.status(extra[0] as InstanceHandle)).toMatchObject({
      state: 'stopped',
      stopReason: 'requested',
    });
  });
});
