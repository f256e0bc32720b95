// AI search retrieval quality and speed (docs/ai.md). Asks the 60 questions of ai/questions.json, each
// written from the demo content with the lesson that answers it, and reports top-1 and top-3 citation
// accuracy and the p95 latency of the extractive answer, next to a baseline measured in the same run:
// one plain full-text query (every word optional, ts_rank, no field weights, rarity or trigrams).
// Off-topic questions must get NOT_FOUND. DATABASE_URL measures on PostgreSQL instead of PGlite.
//
// With a model endpoint (AI_BASE_URL, AI_MODEL, AI_API_KEY, AI_TIMEOUT_MS, as for the server) it also
// times the model path: the extract, then the generated answer streamed to its end (first text and whole
// answer), and counts answers that fell back to the extract. BENCH_AI_FAKE_MODEL=1 starts the stand-in
// endpoint of ai/fakeModel.ts for that (our overhead only: it writes no faster than FAKE_MODEL_CHUNK_MS).
// With a model, retrieval is hybrid (embeddings from the endpoint's /v1/embeddings, fused with the text
// ranking): it reports the time to embed the index, and top-1/top-3, p50/p95 and off-topic answers of it.
import { readFile } from 'node:fs/promises';
import type { AiSearchResponse } from '@coderoom/contracts';
import {
  createAiService,
  createAnswerModel,
  createCoreServices,
  createEmbedder,
  createJobQueue,
  createRateLimiter,
  migrate,
  openPglite,
  openPostgres,
  readAiModel,
  seedDemo,
} from '@coderoom/server';
import { type FakeModel, startFakeModel } from './ai/fakeModel.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

interface BenchQuestion {
  question: string;
  course: string;
  lesson: string;
}

interface Cited {
  course_title: string;
  lesson_title: string;
}

interface Tally {
  name: string;
  top1: number;
  top3: number;
  latenciesMs: number[];
  misses: string[];
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)] ?? 0;
}

function score(tally: Tally, question: BenchQuestion, cited: Cited[]): void {
  const hit = (citation: Cited) =>
    citation.course_title === question.course && citation.lesson_title === question.lesson;
  if (cited[0] && hit(cited[0])) tally.top1 += 1;
  if (cited.slice(0, 3).some(hit)) tally.top3 += 1;
  else tally.misses.push(`${question.question} → ${cited[0] ? `${cited[0].lesson_title}` : 'nothing'}`);
}

async function timed<T>(latencies: number[], work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    latencies.push(performance.now() - started);
  }
}

async function main(): Promise<void> {
  const { questions, off_topic: offTopic } = JSON.parse(
    await readFile(new URL('./ai/questions.json', import.meta.url), 'utf8'),
  ) as { questions: BenchQuestion[]; off_topic: string[] };

  const database = process.env.DATABASE_URL ? openPostgres(process.env.DATABASE_URL) : await openPglite(null);
  await migrate(database);
  await seedDemo(database);
  const clock = { now: () => new Date() };
  const core = createCoreServices({ db: database.db, clock });
  // The asker owns the priced courses (Go, C++): every expected lesson is one they may open.
  const learner = await core.users.findByEmail('subscriber@coderoom.dev');
  if (!learner) throw new Error('the demo subscriber is missing');
  const silent = { error: () => {}, warn: () => {} } as unknown as Parameters<
    typeof createAiService
  >[0]['log'];
  const ai = createAiService({
    db: database.db,
    clock,
    rateLimiter: createRateLimiter(database.db, clock),
    log: silent,
    content: core.content,
  });
  await ai.ensureIndexed();

  /** The model path, when an endpoint is configured (or the fake is asked for): every question, ROUNDS times. */
  async function benchModel(userId: number, asked: BenchQuestion[]) {
    let offTopicHybrid = 0;
    let fake: FakeModel | null = null;
    let env: Record<string, string | undefined> = process.env;
    if (!process.env.AI_BASE_URL && process.env.BENCH_AI_FAKE_MODEL === '1') {
      fake = await startFakeModel();
      env = { ...process.env, AI_BASE_URL: fake.baseUrl, AI_MODEL: 'bench-fake' };
    }
    const config = readAiModel(env);
    if (!config) return null;
    const jobs = createJobQueue({ db: database.db, clock, log: silent });
    const embedder = createEmbedder(config);
    const withModel = createAiService({
      db: database.db,
      clock,
      rateLimiter: createRateLimiter(database.db, clock),
      log: silent,
      content: core.content,
      model: createAnswerModel(config),
      embedder,
      jobs,
    });
    // The worker's part: embed every indexed section (as a server's job queue does after publishing).
    const embedStarted = performance.now();
    await withModel.ensureIndexed();
    let ran = 1;
    while (ran > 0) ran = await jobs.runDue();
    const embedIndexMs = performance.now() - embedStarted;
    const hybrid: Tally = {
      name: embedder ? 'hybrid (text + embeddings, RRF)' : 'model path retrieval (no embeddings)',
      top1: 0,
      top3: 0,
      latenciesMs: [],
      misses: [],
    };
    const firstTextMs: number[] = [];
    const wholeMs: number[] = [];
    let generated = 0;
    try {
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const question of asked) {
          const started = performance.now();
          let extract: AiSearchResponse;
          try {
            extract = await timed(hybrid.latenciesMs, () => withModel.answer(userId, question.question));
          } catch {
            if (round === 0) score(hybrid, question, []);
            continue;
          }
          if (round === 0) score(hybrid, question, extract.citations);
          let first: number | null = null;
          for await (const event of withModel.generate(question.question, extract)) {
            if (event.type === 'delta') first ??= performance.now() - started;
            if (event.type === 'done' && event.mode === 'generated') generated += 1;
          }
          wholeMs.push(performance.now() - started);
          if (first !== null) firstTextMs.push(first);
        }
      }
      for (const question of offTopic) {
        try {
          await withModel.answer(userId, question);
          offTopicHybrid += 1;
        } catch {}
      }
    } finally {
      await fake?.close();
    }
    return {
      hybrid,
      offTopicHybrid,
      embedIndexMs,
      embeddings: embedder ? `embedding model ${embedder.model}` : 'no embedding model',
      endpoint: fake ? `stand-in endpoint ${config.baseUrl}` : `${config.baseUrl}, model ${config.model}`,
      asked: wholeMs.length,
      generated,
      firstTextMs,
      wholeMs,
    };
  }

  const extractive: Tally = {
    name: 'extractive (weights, rarity, trigrams)',
    top1: 0,
    top3: 0,
    latenciesMs: [],
    misses: [],
  };
  const baseline: Tally = {
    name: 'baseline (plain full-text)',
    top1: 0,
    top3: 0,
    latenciesMs: [],
    misses: [],
  };
  const answerOf = async (question: string): Promise<Cited[]> => {
    try {
      return (await ai.answer(learner.id, question)).citations;
    } catch {
      return [];
    }
  };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const question of questions) {
      const cited = await timed(extractive.latenciesMs, () => answerOf(question.question));
      const plain = await timed(baseline.latenciesMs, () => ai.plainFullTextLessons(question.question, 3));
      // Accuracy is counted once; the other rounds only add latency samples.
      if (round === 0) {
        score(extractive, question, cited);
        score(baseline, question, plain);
      }
    }
  }
  const modelRun = await benchModel(learner.id, questions);
  let offTopicAnswered = 0;
  let offTopicBaseline = 0;
  for (const question of offTopic) {
    if ((await answerOf(question)).length > 0) offTopicAnswered += 1;
    if ((await ai.plainFullTextLessons(question, 3)).length > 0) offTopicBaseline += 1;
  }
  await database.close();

  console.log(`\n${questions.length} questions, ${ROUNDS} rounds, database: ${database.kind}\n`);
  for (const tally of [baseline, extractive]) {
    const pct = (count: number) => `${((100 * count) / questions.length).toFixed(1)}%`;
    console.log(
      `${tally.name.padEnd(40)} top-1 ${pct(tally.top1).padStart(6)}   top-3 ${pct(tally.top3).padStart(6)}   p50 ${percentile(tally.latenciesMs, 0.5).toFixed(1).padStart(6)} ms   p95 ${percentile(tally.latenciesMs, 0.95).toFixed(1).padStart(6)} ms`,
    );
  }
  console.log(
    `\noff-topic questions answered (should be 0): extractive ${offTopicAnswered}/${offTopic.length}, baseline ${offTopicBaseline}/${offTopic.length}`,
  );
  console.log(
    `ratio extractive / baseline: top-3 ${(extractive.top3 / Math.max(baseline.top3, 1)).toFixed(2)}x, p95 ${(percentile(extractive.latenciesMs, 0.95) / Math.max(percentile(baseline.latenciesMs, 0.95), 0.001)).toFixed(2)}x`,
  );
  if (modelRun) {
    const { firstTextMs, wholeMs, generated, asked, endpoint, hybrid } = modelRun;
    console.log(
      `\nmodel path (${endpoint}, ${modelRun.embeddings}), ${asked} answers: generated ${generated}, fell back to the extract ${asked - generated}`,
    );
    console.log(`embedding the index (the worker's job): ${modelRun.embedIndexMs.toFixed(0)} ms`);
    const pct = (count: number) => `${((100 * count) / questions.length).toFixed(1)}%`;
    console.log(
      `${hybrid.name.padEnd(40)} top-1 ${pct(hybrid.top1).padStart(6)}   top-3 ${pct(hybrid.top3).padStart(6)}   p50 ${percentile(hybrid.latenciesMs, 0.5).toFixed(1).padStart(6)} ms   p95 ${percentile(hybrid.latenciesMs, 0.95).toFixed(1).padStart(6)} ms`,
    );
    console.log(
      `off-topic questions answered with a model (should be 0): ${modelRun.offTopicHybrid}/${offTopic.length}`,
    );
    if (hybrid.misses.length > 0) {
      console.log('hybrid misses (not in the top 3):');
      for (const miss of hybrid.misses) console.log(`  ${miss}`);
    }
    for (const [name, values] of [
      ['extract + first generated text', firstTextMs],
      ['extract + whole generated answer', wholeMs],
    ] as const) {
      console.log(
        `${name.padEnd(40)} p50 ${percentile(values, 0.5).toFixed(1).padStart(6)} ms   p95 ${percentile(values, 0.95).toFixed(1).padStart(6)} ms`,
      );
    }
  } else {
    console.log('\nmodel path: not measured (set AI_BASE_URL and AI_MODEL, or BENCH_AI_FAKE_MODEL=1)');
  }
  if (extractive.misses.length > 0) {
    console.log('\nextractive misses (not in the top 3):');
    for (const miss of extractive.misses) console.log(`  ${miss}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
