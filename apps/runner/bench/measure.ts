/**
 * Quick timings of the real sandbox on this host (not a CI gate): bare vs sandboxed hello world, a 10-case
 * judge against one sandbox per case, and throughput at the pool's concurrency.
 * Run as root: npx tsx apps/runner/bench/measure.ts
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createRunner, type ExecuteRequest } from '../src/index.js';

const ROUNDS = Number(process.env.ROUNDS ?? 30);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function bare(command: string, args: string[]): number {
  const started = performance.now();
  const result = spawnSync(command, args, { input: 'world\n', env: {} });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr}`);
  return performance.now() - started;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

const runner = createRunner({ uidBase: 64000 });
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'runner-measure-'));

const cases: Array<{ name: string; request: ExecuteRequest; bare?: [string, string[]] }> = [
  {
    name: 'python3 hello',
    request: { language: 'python3', source_code: 'print("hello", input())', stdin: 'world\n' },
    bare: ['/usr/bin/python3', ['-c', 'print("hello", input())']],
  },
  {
    name: 'javascript hello',
    request: { language: 'javascript', source_code: 'console.log("hello")' },
    bare: ['/usr/bin/node', ['-e', 'console.log("hello")']],
  },
  {
    name: 'c++ hello (cached build)',
    request: { language: 'c++', source_code: '#include <cstdio>\nint main() { std::puts("hello"); }' },
  },
];

try {
  console.log(
    `host: ${os.cpus().length} cores, ${(await runner.status()).limits.memory}, ${ROUNDS} rounds, medians`,
  );
  const gpp = path.join(scratch, 'hello');
  fs.writeFileSync(`${gpp}.cpp`, '#include <cstdio>\nint main() { std::puts("hello"); }');
  spawnSync('/usr/bin/g++', ['-O2', '-o', gpp, `${gpp}.cpp`]);
  const cppCase = cases[2];
  if (cppCase) cppCase.bare = [gpp, []];

  for (const { name, request, bare: bareCommand } of cases) {
    await runner.execute(request);
    const sandboxed: number[] = [];
    const direct: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      sandboxed.push(await timed(() => runner.execute(request)));
      if (bareCommand) direct.push(bare(...bareCommand));
    }
    // Requests spaced like a learner's clicks: the slot's next launcher is ready and inside its cgroups.
    const spaced: number[] = [];
    for (let round = 0; round < Math.ceil(ROUNDS / 3); round += 1) {
      await sleep(500);
      spaced.push(await timed(() => runner.execute(request)));
    }
    const overhead = median(sandboxed) - median(direct);
    console.log(
      `${name.padEnd(26)} bare ${median(direct).toFixed(1)} ms   sandboxed back-to-back ${median(sandboxed).toFixed(1)} ms (+${overhead.toFixed(1)})   spaced 0.5 s ${median(spaced).toFixed(1)} ms`,
    );
  }

  const judgeCases = Array.from({ length: 10 }, (_, index) => ({
    input: `${index}\n`,
    expected_output: `${index * 2}`,
  }));
  const judgeSources: Array<[string, string]> = [
    ['python3', 'print(int(input()) * 2)'],
    ['c++', '#include <iostream>\nint main() { long n; std::cin >> n; std::cout << n * 2 << "\\n"; }'],
  ];
  for (const [language, source] of judgeSources) {
    const judged: number[] = [];
    const separate: number[] = [];
    await runner.judge({ language, source_code: source, test_cases: judgeCases });
    for (let round = 0; round < Math.ceil(ROUNDS / 3); round += 1) {
      judged.push(await timed(() => runner.judge({ language, source_code: source, test_cases: judgeCases })));
      separate.push(
        await timed(async () => {
          for (const testCase of judgeCases) {
            await runner.execute({ language, source_code: source, stdin: testCase.input });
          }
        }),
      );
    }
    console.log(
      `${language} judge, 10 cases`.padEnd(26),
      `one sandbox ${median(judged).toFixed(1)} ms   one sandbox per case ${median(separate).toFixed(1)} ms`,
    );
  }

  for (const concurrency of [1, 2, 8]) {
    const total = 40;
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < total) {
          next += 1;
          await runner.execute({ language: 'python3', source_code: 'print("hello")' });
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(`python3 hello at concurrency ${concurrency}: ${(total / seconds).toFixed(1)} runs/s`);
  }
} finally {
  await runner.close();
  fs.rmSync(scratch, { recursive: true, force: true });
}
