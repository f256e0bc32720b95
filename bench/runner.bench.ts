// The code runner against baselines measured in the same run on this machine (run as root, after
// `npm run build`). Reports each target and whether it was met; it never fails on speed.
//   1. per language: bare hello world on the host vs the same program through the runner
//   2. end-to-end POST /api/code/execute (Python hello) through the real app: p50 / p95 of sequential
//      requests, against the same program run bare on the host in the same process
//   3. runs per second at concurrency 2 and 8: the runner vs loops of raw sandbox runs: bwrap started
//      directly with the very sandbox a run gets (plainPythonSandbox: namespaces, binds, tmpfs, files
//      through fds, seccomp, pid-1 shell, an unprivileged uid), none of the runner's machinery (slots,
//      prepared launchers, cgroups, init's limits, IPC). For reference, also a minimal bwrap (only /usr,
//      no user namespace, no seccomp, as root). The runner runs with its default slots = cores, and with as
//      many slots as concurrent requests.
// The runner runs as the server runs it: in its own process (createRunnerProcess).
//   4. a 10-case judge submission vs one bare run of the same program
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import {
  BASE_BINDS,
  createRunnerProcess,
  DEFAULT_LIMITS,
  type ExecuteRequest,
  type LanguageId,
  plainPythonSandbox,
} from '@coderoom/runner';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const E2E_REQUESTS = Number(process.env.BENCH_E2E_REQUESTS ?? 60);
const THROUGHPUT_RUNS = Number(process.env.BENCH_THROUGHPUT_RUNS ?? 100);
/** Throughput rounds, alternating raw and runner so that this VM's drift hits both alike; medians shown. */
const THROUGHPUT_ROUNDS = Number(process.env.BENCH_THROUGHPUT_ROUNDS ?? 3);

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ??
  Number.NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

async function time(work: () => Promise<unknown> | unknown): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

function run(command: string, args: string[], input = ''): void {
  const result = spawnSync(command, args, { input, env: { PATH: '/usr/bin:/bin', HOME: tmpdir() } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr}`);
}

interface LanguageCase {
  language: LanguageId;
  source: string;
  interpreted: boolean;
  /** Host commands: an optional build, then the run. */
  bare: (dir: string) => { build?: [string, string[]]; run: [string, string[]] };
}

const CASES: LanguageCase[] = [
  {
    language: 'python3',
    interpreted: true,
    source: 'print("hello")',
    bare: () => ({ run: ['/usr/bin/python3', ['-c', 'print("hello")']] }),
  },
  {
    language: 'javascript',
    interpreted: true,
    source: 'console.log("hello")',
    bare: () => ({ run: ['/usr/bin/node', ['-e', 'console.log("hello")']] }),
  },
  {
    language: 'typescript',
    interpreted: true,
    source: 'const greeting: string = "hello";\nconsole.log(greeting);',
    bare: () => ({ run: ['/usr/bin/node', ['-e', 'const greeting = "hello"; console.log(greeting);']] }),
  },
  {
    language: 'c++',
    interpreted: false,
    // The canonical hello world (iostream), as learners write it.
    source: '#include <iostream>\nint main() { std::cout << "hello" << std::endl; }',
    bare: (dir) => ({
      build: ['/usr/bin/g++', ['-O2', '-o', path.join(dir, 'hello'), path.join(dir, 'main.cpp')]],
      run: [path.join(dir, 'hello'), []],
    }),
  },
  {
    language: 'go',
    interpreted: false,
    source: 'package main\nimport "fmt"\nfunc main() { fmt.Println("hello") }',
    bare: (dir) => ({
      build: ['/usr/bin/go', ['build', '-o', path.join(dir, 'hello'), path.join(dir, 'main.go')]],
      run: [path.join(dir, 'hello'), []],
    }),
  },
  {
    language: 'rust',
    interpreted: false,
    source: 'fn main() { println!("hello"); }',
    bare: (dir) => ({
      build: ['/usr/bin/rustc', ['-O', '-o', path.join(dir, 'hello'), path.join(dir, 'main.rs')]],
      run: [path.join(dir, 'hello'), []],
    }),
  },
  {
    language: 'java',
    interpreted: false,
    source: 'public class Main { public static void main(String[] a) { System.out.println("hello"); } }',
    bare: (dir) => ({
      build: ['/usr/bin/javac', ['-d', dir, path.join(dir, 'Main.java')]],
      run: ['/usr/bin/java', ['-cp', dir, 'Main']],
    }),
  },
];

const FILE_NAMES: Record<LanguageId, string> = {
  python3: 'main.py',
  javascript: 'main.js',
  typescript: 'main.ts',
  'c++': 'main.cpp',
  go: 'main.go',
  rust: 'main.rs',
  java: 'Main.java',
};

const MiB = 1024 * 1024;
/** Uids of the raw sandbox loops: one per concurrent loop, none shared with a runner. */
const RAW_UID_BASE = 65060;
const PLAIN = plainPythonSandbox(
  'print("hello")',
  {
    wallMs: 30_000,
    cpuSeconds: 30,
    memoryBytes: DEFAULT_LIMITS.defaultMemoryMb * MiB,
    processes: DEFAULT_LIMITS.processes,
    fileSizeBytes: DEFAULT_LIMITS.fileSizeMb * MiB,
    openFiles: DEFAULT_LIMITS.openFiles,
    tmpfsBytes: DEFAULT_LIMITS.tmpfsMb * MiB,
    outputBytes: DEFAULT_LIMITS.outputBytes,
  },
  BASE_BINDS.filter((bind) => existsSync(bind)),
);

/** The runner's sandbox for one Python hello world, started directly by this process as `uid`. */
function rawSandboxRun(uid: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('bwrap', PLAIN.args, {
      uid,
      gid: uid,
      env: {},
      cwd: '/',
      stdio: [
        'ignore',
        'pipe',
        'pipe',
        ...Array.from({ length: PLAIN.firstFd - 3 }, () => 'ignore' as const),
        ...PLAIN.fds.map(() => 'pipe' as const),
      ],
    });
    PLAIN.fds.forEach((content, index) => {
      const stream = child.stdio[PLAIN.firstFd + index] as Duplex;
      stream.on('error', () => {});
      stream.end(content);
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.resume();
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 && output === 'hello\n' ? resolve() : reject(new Error(`raw sandbox exited ${code}`)),
    );
  });
}

/** bwrap with only the runner's main namespaces (as root, no user namespace, /usr only, no seccomp). */
function minimalSandboxRun(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'bwrap',
      [
        '--unshare-all',
        '--die-with-parent',
        '--new-session',
        '--as-pid-1',
        '--ro-bind',
        '/usr',
        '/usr',
        '--symlink',
        'usr/bin',
        '/bin',
        '--symlink',
        'usr/lib',
        '/lib',
        '--symlink',
        'usr/lib64',
        '/lib64',
        '--ro-bind',
        '/etc/alternatives',
        '/etc/alternatives',
        '--proc',
        '/proc',
        '--dev',
        '/dev',
        '--tmpfs',
        '/tmp',
        '--clearenv',
        '/usr/bin/python3',
        '-c',
        'print("hello")',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout.resume();
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`bwrap exited ${code}`))));
  });
}

async function throughput(concurrency: number, work: (loop: number) => Promise<unknown>): Promise<number> {
  let started = 0;
  const begin = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, loop) => {
      while (started < THROUGHPUT_RUNS) {
        started += 1;
        await work(loop);
      }
    }),
  );
  return THROUGHPUT_RUNS / ((performance.now() - begin) / 1000);
}

/**
 * Section 2 in a process of its own (`--e2e-only`), as a server runs: it holds PGlite and the app, which
 * would otherwise grow this process and slow the bare baselines of section 1 (spawning forks this process).
 */
function endToEnd(): string[] {
  const child = spawnSync(process.execPath, [...process.execArgv, process.argv[1] ?? '', '--e2e-only'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: 600_000,
  });
  if (child.status !== 0) return ['', `2. end-to-end: failed (${child.status ?? child.signal})`];
  return JSON.parse(child.stdout.trim().split('\n').pop() ?? '[]') as string[];
}

async function endToEndOnly(): Promise<void> {
  const runner = createRunnerProcess({ uidBase: 65040, queueSize: 64 });
  const endToEndLines: string[] = [];
  try {
    await runner.execute({ language: 'python3', source_code: 'print("warm")' });
    endToEndLines.push('');
    endToEndLines.push('2. end-to-end POST /api/code/execute, Python hello world, through the real app');
    // Loaded here only: the main process stays lean, so its raw loops pay no more per fork than a small
    // process would (forking copies the parent's page tables).
    const { buildApp, createMailer, migrate, openPglite } = await import('@coderoom/server');
    const database = await openPglite(null);
    await migrate(database);
    const app = await buildApp({
      config: { publicUrl: 'http://localhost', webDistDir: null, trustProxy: false, logLevel: 'silent' },
      database,
      mailer: createMailer({ smtpUrl: null, from: 'bench@coderoom.dev', db: database.db }),
      runner,
      logger: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const csrf = 'bench-csrf-token';
    // Each learner may start 60 runs a minute: a new account every 50 requests keeps the bench under it.
    let account: { cookie: string; requests: number } | null = null;
    const cookie = async (): Promise<string> => {
      if (!account || account.requests >= 50) {
        const response = await fetch(`${base}/api/user/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, cookie: `cr_csrf=${csrf}` },
          body: JSON.stringify({
            email: `bench.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`,
            password: 'Bench!2026x',
            full_name: 'Bench',
          }),
        });
        const session = /cr_session=([^;]+)/.exec(response.headers.getSetCookie().join('; '))?.[1];
        if (!session) throw new Error(`signup failed: ${response.status}`);
        account = { cookie: `cr_session=${session}; cr_csrf=${csrf}`, requests: 0 };
      }
      account.requests += 1;
      return account.cookie;
    };
    let failures = 0;
    const request = async (): Promise<number> => {
      const headers = { 'content-type': 'application/json', 'x-csrf-token': csrf, cookie: await cookie() };
      return time(async () => {
        const response = await fetch(`${base}/api/code/execute`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ language: 'python3', source_code: 'print("hello")' }),
        });
        await response.text();
        if (!response.ok) failures += 1;
      });
    };
    // Back to back, as the earlier sessions measured: each request is sent when the previous answer arrives.
    const latencies: number[] = [];
    for (let index = 0; index < E2E_REQUESTS; index += 1) latencies.push(await request());
    // The baseline, in this process right after: the same program run bare on the host.
    const bare: number[] = [];
    for (let index = 0; index < E2E_REQUESTS; index += 1) {
      bare.push(await time(() => run('/usr/bin/python3', ['-c', 'print("hello")'])));
    }
    await app.close();
    await database.close();
    const p50 = percentile(latencies, 50);
    const bareP50 = percentile(bare, 50);
    endToEndLines.push(
      `   ${E2E_REQUESTS} sequential requests: p50 ${ms(p50)}  p95 ${ms(percentile(latencies, 95))}  non-2xx ${failures}   target p50 < 50 ms: ${verdict(p50 < 50 && failures === 0)}`,
      `   baseline: bare python3 hello on the host p50 ${ms(bareP50)}; the request over it +${ms(p50 - bareP50)}  ratio ${(p50 / bareP50).toFixed(2)}`,
    );
  } finally {
    await runner.close();
  }
  console.log(JSON.stringify(endToEndLines));
}

async function main(): Promise<void> {
  const runner = createRunnerProcess({ uidBase: 65000, queueSize: 64 });
  const scratch = mkdtempSync(path.join(tmpdir(), 'coderoom-bench-'));
  const lines: string[] = [];
  try {
    const available = new Map((await runner.languages()).map((item) => [item.language, item]));
    lines.push(
      `Runner benchmark: ${ROUNDS} rounds per median, ${(await runner.status()).limits.memory} limits`,
    );

    lines.push('');
    lines.push('1. hello world, bare on the host vs through the runner (medians)');
    for (const item of CASES) {
      const info = available.get(item.language);
      if (!info?.available) {
        lines.push(`   ${item.language.padEnd(11)} skipped: ${info?.reason ?? 'unknown'}`);
        continue;
      }
      const dir = mkdtempSync(path.join(scratch, `${item.language.replace('+', 'p')}-`));
      writeFileSync(path.join(dir, FILE_NAMES[item.language]), item.source);
      const commands = item.bare(dir);
      const request: ExecuteRequest = { language: item.language, source_code: item.source };
      if (commands.build) run(...commands.build);
      await runner.execute(request); // warm the compile cache
      const bareRun: number[] = [];
      const sandboxedRun: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        bareRun.push(await time(() => run(...commands.run)));
        sandboxedRun.push(await time(() => runner.execute(request)));
      }
      const extra = median(sandboxedRun) - median(bareRun);
      let line = `   ${item.language.padEnd(11)} bare ${ms(median(bareRun))}  sandboxed ${ms(median(sandboxedRun))}  +${ms(extra)}  ratio ${(median(sandboxedRun) / median(bareRun)).toFixed(2)}`;
      if (item.interpreted) {
        line += `   target ≤ +15 ms: ${verdict(extra <= 15)}`;
      } else {
        // Compile and run a fresh source each round: host compiler + binary vs the runner's compile + run.
        const bareBoth: number[] = [];
        const sandboxedBoth: number[] = [];
        const rounds = Math.max(3, Math.ceil(ROUNDS / 3));
        for (let round = 0; round < rounds; round += 1) {
          const marker = `\n// round ${round} ${Date.now()}\n`;
          writeFileSync(path.join(dir, FILE_NAMES[item.language]), item.source + marker);
          bareBoth.push(
            await time(() => {
              if (commands.build) run(...commands.build);
              run(...commands.run);
            }),
          );
          sandboxedBoth.push(
            await time(() => runner.execute({ ...request, source_code: item.source + marker })),
          );
        }
        const ratio = median(sandboxedBoth) / median(bareBoth);
        line += `\n   ${''.padEnd(11)} compile+run: bare ${ms(median(bareBoth))}  sandboxed ${ms(median(sandboxedBoth))}  ratio ${ratio.toFixed(2)}   target ≤ 1.10: ${verdict(ratio <= 1.1)}`;
      }
      lines.push(line);
    }

    lines.push(...endToEnd());
    lines.push('');
    lines.push(
      `3. throughput, Python hello world, medians of ${THROUGHPUT_ROUNDS} rounds of ${THROUGHPUT_RUNS} runs: runner vs raw runs of its sandbox (bwrap started directly)`,
    );
    const slots = (await runner.status()).slots;
    const wide = createRunnerProcess({ uidBase: 65020, queueSize: 64, slots: 8 });
    try {
      const hello = { language: 'python3', source_code: 'print("hello")' } as const;
      await wide.execute(hello);
      await rawSandboxRun(RAW_UID_BASE);
      for (const concurrency of [2, 8]) {
        const minimal = await throughput(concurrency, minimalSandboxRun);
        const raws: number[] = [];
        const viaRunners: number[] = [];
        for (let round = 0; round < THROUGHPUT_ROUNDS; round += 1) {
          raws.push(await throughput(concurrency, (loop) => rawSandboxRun(RAW_UID_BASE + loop)));
          viaRunners.push(await throughput(concurrency, () => runner.execute(hello)));
        }
        const raw = median(raws);
        const viaRunner = median(viaRunners);
        const share = viaRunner / raw;
        lines.push(
          `   concurrency ${concurrency}: raw ${raw.toFixed(1)} runs/s  runner (${slots} slots) ${viaRunner.toFixed(1)} runs/s  ${(share * 100).toFixed(0)}%   target ≥ 90%: ${verdict(share >= 0.9)}`,
        );
        lines.push(
          `   ${''.padEnd(14)} (minimal bwrap ${minimal.toFixed(1)} runs/s: runner at ${((viaRunner / minimal) * 100).toFixed(0)}% of it)`,
        );
        if (concurrency > slots) {
          const viaWide = await throughput(concurrency, () => wide.execute(hello));
          const wideShare = viaWide / raw;
          lines.push(
            `   ${''.padEnd(14)} runner (8 slots, as many as requests) ${viaWide.toFixed(1)} runs/s  ${(wideShare * 100).toFixed(0)}%   target ≥ 90%: ${verdict(wideShare >= 0.9)}`,
          );
        }
      }
    } finally {
      await wide.close();
    }

    lines.push('');
    lines.push('4. a 10-case judge submission (Python) vs one bare run of the same program');
    const program = 'print(int(input()) * 2)';
    const testCases = Array.from({ length: 10 }, (_, index) => ({
      input: `${index}\n`,
      expected_output: `${index * 2}`,
    }));
    await runner.judge({ language: 'python3', source_code: program, test_cases: testCases });
    const judged: number[] = [];
    const bareOnce: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      judged.push(
        await time(() => runner.judge({ language: 'python3', source_code: program, test_cases: testCases })),
      );
      bareOnce.push(await time(() => run('/usr/bin/python3', ['-c', program], '3\n')));
    }
    lines.push(
      `   judge ${ms(median(judged))}  one bare run ${ms(median(bareOnce))}  ratio ${(median(judged) / median(bareOnce)).toFixed(2)}`,
    );
  } finally {
    await runner.close();
    rmSync(scratch, { recursive: true, force: true });
  }
  console.log(lines.join('\n'));
}

(process.argv.includes('--e2e-only') ? endToEndOnly() : main()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
