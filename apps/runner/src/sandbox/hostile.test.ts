import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestRunner, processesOwnedBy } from '../test/fixture.js';

/**
 * Hostile programs, run for real: each must be contained, the runner must stay responsive, nothing may
 * be left running, and the next run must succeed.
 */
const UID_BASE = 63100;
const runner = createTestRunner(UID_BASE);
afterAll(() => runner.close());

const python = (
  source_code: string,
  extra: { time_limit?: number; cpu_time_limit?: number; memory_limit_mb?: number } = {},
) => runner.execute({ language: 'python3', source_code, ...extra });

async function expectHealthy(): Promise<void> {
  const next = await python('print("still fine")');
  expect(next).toMatchObject({ status: 'ok', stdout: 'still fine\n' });
  expect(processesOwnedBy(UID_BASE, UID_BASE + 16)).toEqual([]);
}

describe('limits', () => {
  it('kills a program that sleeps past the wall-clock limit', async () => {
    const started = performance.now();
    const result = await python('import time\nprint("start", flush=True)\ntime.sleep(60)', { time_limit: 1 });
    expect(result).toMatchObject({
      status: 'time_limit',
      timed_out: true,
      time_limit_kind: 'wall',
      stdout: 'start\n',
    });
    expect(performance.now() - started).toBeLessThan(5000);
    await expectHealthy();
  });

  it('kills a busy loop at the CPU-time limit before the wall clock', async () => {
    const result = await python('while True:\n    pass', { time_limit: 10, cpu_time_limit: 1 });
    expect(result).toMatchObject({ status: 'time_limit', time_limit_kind: 'cpu' });
    expect(result.time_ms).toBeLessThan(5000);
    await expectHealthy();
  });

  it('kills a memory bomb at the memory limit', async () => {
    const result = await python('data = bytearray(512 * 1024 * 1024)\nprint(len(data))', {
      memory_limit_mb: 64,
    });
    expect(result).toMatchObject({ status: 'memory_limit', memory_limit_exceeded: true, stdout: '' });
    await expectHealthy();
  });

  it('contains a fork bomb with the process limit', async () => {
    const started = performance.now();
    const result = await runner.execute({
      language: 'python3',
      source_code: 'import os\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass',
      time_limit: 2,
    });
    expect(['time_limit', 'runtime_error']).toContain(result.status);
    expect(performance.now() - started).toBeLessThan(8000);
    await expectHealthy();
  });

  it('contains a shell fork bomb', async () => {
    const result = await python(
      'import os\nos.execv("/bin/bash", ["bash", "-c", ":(){ :|:& };:; sleep 60"])',
      { time_limit: 2 },
    );
    expect(result.status).toBe('time_limit');
    await expectHealthy();
  });

  it('stops a disk fill at the tmpfs size or the file-size limit', async () => {
    const result = await python(
      'chunk = b"x" * (1 << 20)\ntry:\n    with open("/tmp/fill", "wb") as f:\n        for _ in range(512):\n            f.write(chunk)\n            f.flush()\nexcept OSError as e:\n    print("stopped:", e.strerror)',
    );
    expect(result.stdout).toMatch(/stopped: (No space left on device|File too large)/);
    await expectHealthy();
  });

  it('caps stdout at 64 KiB and flags the truncation', async () => {
    const result = await python('import sys\nfor _ in range(200):\n    sys.stdout.write("x" * 1000 + "\\n")');
    expect(result).toMatchObject({ status: 'ok', stdout_truncated: true, stderr_truncated: false });
    expect(Buffer.byteLength(result.stdout)).toBe(64 * 1024);
  });

  it('kills an endless output flood', async () => {
    const result = await python('import sys\nwhile True:\n    sys.stdout.write("y" * 65536)', {
      time_limit: 20,
    });
    expect(result).toMatchObject({ status: 'output_limit', stdout_truncated: true });
    expect(result.time_ms).toBeLessThan(10_000);
    await expectHealthy();
  });

  it('leaves no process behind after the program exits', async () => {
    const result = await python(
      'import subprocess\nsubprocess.Popen(["/usr/bin/sleep", "300"], start_new_session=True)\nprint("detached")',
    );
    expect(result.stdout).toBe('detached\n');
    await expectHealthy();
  });
});

describe('isolation', () => {
  it('has no network: neither a host port on 127.0.0.1 nor the outside', async () => {
    const server = net.createServer((socket) => socket.end('leak\n'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    const result = await python(
      [
        'import socket',
        `for host, port in [("127.0.0.1", ${port}), ("1.1.1.1", 53), ("example.com", 80)]:`,
        '    try:',
        '        socket.create_connection((host, port), timeout=2).recv(10)',
        '        print(host, "connected")',
        '    except OSError as e:',
        '        print(host, "blocked")',
      ].join('\n'),
    );
    server.close();
    expect(result.stdout).toBe('127.0.0.1 blocked\n1.1.1.1 blocked\nexample.com blocked\n');
  });

  it('cannot read host files outside the toolchain binds', async () => {
    const paths = [
      '/etc/shadow',
      '/etc/passwd',
      '/root',
      '/home',
      process.cwd(),
      '/work',
      '/var',
      '/proc/1/environ',
    ];
    const result = await python(
      [
        'import os',
        `for path in ${JSON.stringify(paths)}:`,
        '    try:',
        '        if os.path.isdir(path):',
        '            print(path, "listed", os.listdir(path)[:3])',
        '        else:',
        '            print(path, "read", open(path, "rb").read(20))',
        '    except OSError as e:',
        '        print(path, "denied")',
      ].join('\n'),
    );
    // /proc/1 is the program itself (pid 1 of its own namespace): its environment is the sandbox's.
    const lines = result.stdout.trim().split('\n');
    for (const path of paths.filter((entry) => entry !== '/proc/1/environ')) {
      expect(lines).toContain(`${path} denied`);
    }
    expect(result.stdout).not.toContain('CODEROOM');
  });

  it('cannot write outside its tmpfs', async () => {
    const result = await python(
      [
        'import os',
        'for path in ["/usr/bin/evil", "/evil", "/etc/evil", "/dev/evil", "/box/src/ok", "/tmp/ok", "/box/tmp/ok"]:',
        '    try:',
        '        open(path, "w").write("x")',
        '        print(path, "written")',
        '    except OSError as e:',
        '        print(path, "denied")',
      ].join('\n'),
    );
    expect(result.stdout).toBe(
      '/usr/bin/evil denied\n/evil denied\n/etc/evil denied\n/dev/evil denied\n/box/src/ok written\n/tmp/ok written\n/box/tmp/ok written\n',
    );
  });

  it('runs as an unprivileged uid without capabilities or nested user namespaces', async () => {
    const running = runner.execute({
      language: 'python3',
      source_code: [
        'import os, subprocess, time',
        'print(os.getuid())',
        'print([l for l in open("/proc/self/status") if l.startswith("CapEff")][0].split()[1])',
        'print(subprocess.run(["/usr/bin/unshare", "-U", "true"], capture_output=True).returncode != 0)',
        'time.sleep(1.5)',
      ].join('\n'),
    });
    await new Promise((resolve) => setTimeout(resolve, 700));
    // Seen from the host, the sandbox's processes belong to a slot uid, not to root.
    expect(processesOwnedBy(UID_BASE, UID_BASE + 16).length).toBeGreaterThan(0);
    const result = await running;
    expect(result.stdout).toBe('1000\n0000000000000000\nTrue\n');
  });

  it('is refused ptrace, io_uring, keyrings and new namespaces by its seccomp filter', async () => {
    const result = await runner.execute({
      language: 'python3',
      source_code: [
        'import ctypes',
        'libc = ctypes.CDLL(None, use_errno=True)',
        'def call(nr, *args):',
        '    ctypes.set_errno(0)',
        '    return libc.syscall(nr, *args), ctypes.get_errno()',
        'print(call(101, 0, 0, 0, 0))  # ptrace(PTRACE_TRACEME): 0 without the filter',
        'print(call(272, 0))  # unshare(0): 0 without the filter',
        'print(call(425, 1, 0))  # io_uring_setup: EFAULT without the filter',
        'print(call(250, 0, 0))  # keyctl',
        'print(call(39))  # getpid still works',
      ].join('\n'),
    });
    const lines = result.stdout.trim().split('\n');
    expect(lines.slice(0, 4)).toEqual(['(-1, 1)', '(-1, 1)', '(-1, 1)', '(-1, 1)']);
    expect(lines[4]).toMatch(/^\(\d+, 0\)$/);
  });

  it('cannot signal anything outside its sandbox', async () => {
    const result = await python(
      // -1: everything it may signal; its parent is the sandbox's own pid 1. Nothing outside is visible.
      'import os, signal\nfor pid in (-1, os.getppid(), 1):\n    try:\n        os.kill(pid, signal.SIGKILL)\n    except OSError as e:\n        print(pid, e.strerror)\nprint("alive")',
    );
    expect(result.stdout).toContain('alive');
    await expectHealthy();
  });

  it('refuses file names that climb out or are absolute, and a symlink inside leads nowhere', async () => {
    for (const filename of ['../escape.py', '/etc/passwd', 'a/../../b.py', '.hidden.py']) {
      await expect(
        runner.execute({
          language: 'python3',
          source_code: 'print(1)',
          additional_files: [{ filename, content: 'x' }],
        }),
      ).rejects.toMatchObject({ code: 'invalid_request', field: 'additional_files[0].filename' });
    }
    const result = await python(
      [
        'import os',
        'for target in ("/etc/shadow", "/proc/1/root/etc/shadow", "/work"):',
        '    link = "link" + str(abs(hash(target)))',
        '    os.symlink(target, link)',
        '    try:',
        '        print(target, "read", open(link, "rb").read(10))',
        '    except OSError:',
        '        print(target, "denied")',
      ].join('\n'),
    );
    expect(result.stdout).toContain('/etc/shadow denied');
    expect(result.stdout).toContain('/work denied');
    expect(result.stdout).not.toContain('root:');
    await expectHealthy();
  });

  it("cannot see another learner's run happening at the same time", async () => {
    const secretRun = python(
      [
        'import time',
        'open("secret.txt", "w").write("learner-a-secret")',
        'open("/tmp/secret.txt", "w").write("learner-a-secret")',
        'time.sleep(1.5)',
        'print("done")',
      ].join('\n'),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const spy = await python(
      [
        'import os',
        'found = []',
        'for root in ("/box", "/tmp", "/proc"):',
        '    for dirpath, dirnames, filenames in os.walk(root):',
        '        if dirpath.startswith("/proc/") and not dirpath[6:].split("/")[0].isdigit(): continue',
        '        found += [os.path.join(dirpath, name) for name in filenames if "secret" in name]',
        'print("pids", sorted(int(p) for p in os.listdir("/proc") if p.isdigit()))',
        'print("found", found)',
      ].join('\n'),
    );
    expect(spy.stdout).toContain('found []');
    expect(spy.stdout).not.toContain('learner-a-secret');
    expect((await secretRun).stdout).toBe('done\n');
    await expectHealthy();
  });
});
