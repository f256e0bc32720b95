import { isCanonicalShotUrl } from '@coderoom/domain';
import { createRunner, type Runner } from '@coderoom/runner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareWidget } from '../content/content.service.js';
import { componentsOf } from './shots.seed.js';
import { SEED_ANSWERS } from './shots.seedData.js';

// The demo answers are part of the product: each one's markup renders, and every code widget of every
// answer runs in the real sandbox and prints what its text promises.

let runner: Runner;
beforeAll(() => {
  // A uid range of its own (the leftover-process sweep kills by uid) and compile time to spare.
  runner = createRunner({ slots: 2, queueSize: 64, uidBase: 65300, limits: { compileTimeSeconds: 180 } });
});
afterAll(async () => {
  await runner.close();
});

describe('demo answers', () => {
  it('are at least 30, five or more per language topic, with canonical and unique urls', () => {
    expect(SEED_ANSWERS.length).toBeGreaterThanOrEqual(30);
    for (const topic of ['Python', 'JavaScript', 'TypeScript', 'Go', 'Rust', 'C++']) {
      expect(SEED_ANSWERS.filter((answer) => answer.topic === topic).length, topic).toBeGreaterThanOrEqual(5);
    }
    expect(SEED_ANSWERS.filter((answer) => !isCanonicalShotUrl(answer.url))).toEqual([]);
    expect(new Set(SEED_ANSWERS.map((answer) => answer.url)).size).toBe(SEED_ANSWERS.length);
  });

  it('render as the content model stores them', () => {
    for (const answer of SEED_ANSWERS) {
      for (const widget of componentsOf(answer))
        expect(() => prepareWidget(widget), answer.url).not.toThrow();
    }
  });

  it('run every code widget in the sandbox and print what they promise', { timeout: 900_000 }, async () => {
    const failures: string[] = [];
    let runs = 0;
    await Promise.all(
      SEED_ANSWERS.flatMap((answer) =>
        componentsOf(answer).flatMap((widget) => {
          if (widget.type !== 'Code') return [];
          runs += 1;
          return [
            runner
              .execute({
                language: widget.content.language,
                source_code: widget.content.code,
                stdin: '',
                time_limit: widget.content.timeLimit,
              })
              .then((result) => {
                if (result.status !== 'ok' || !result.stdout.includes(answer.expect)) {
                  failures.push(
                    `${answer.url}: ${result.status} ${JSON.stringify(result.stdout)} ${result.stderr ?? ''} ${result.compile_output ?? ''}`,
                  );
                }
              }),
          ];
        }),
      ),
    );
    expect(failures).toEqual([]);
    expect(runs).toBe(SEED_ANSWERS.length);
  });
});
