import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type AuthorPageResponse,
  type CreateCollectionResponse,
  type CreatePageResponse,
  CSRF_COOKIE,
  CSRF_HEADER,
  type PageSnapshotListResponse,
} from '@coderoom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The issue's rule: "A kill -9 of the server in the middle of an autosave loses nothing that was
// acknowledged". This runs the real server (src/main.ts through tsx) on an embedded PGlite data folder,
// streams autosaves at it, SIGKILLs it while saves are in flight, restarts it on the same folder and
// checks that every save that got a 200 is still there. PGlite only: PostgreSQL's durability is its own.

const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const MAIN = path.join(REPO_ROOT, 'apps/server/src/main.ts');
const AUTHOR = { email: 'author@coderoom.dev', password: 'Coderoom!2026' };
const KILL_CYCLES = 3;
/** Concurrent saves per autosave round, all based on the same eTag: exactly one may win. */
const SAVES_PER_ROUND = 3;
/** Padding so each save writes a few pages of WAL, which widens the window a kill can land in. */
const FILLER = 'All work and no play makes a durable database.\n'.repeat(400);

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

interface RunningServer {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
}

/**
 * The workspace packages' package.json points at their built dist; like vitest's aliases, a tsconfig
 * with paths makes tsx load their sources, so the server under test is the code in the tree.
 */
async function writeSourceTsconfig(folder: string): Promise<string> {
  const file = path.join(folder, 'tsconfig.json');
  const source = (relative: string) => [path.join(REPO_ROOT, relative)];
  await writeFile(
    file,
    JSON.stringify({
      extends: path.join(REPO_ROOT, 'tsconfig.base.json'),
      compilerOptions: {
        paths: {
          '@coderoom/domain': source('packages/domain/src/index.ts'),
          '@coderoom/contracts': source('packages/contracts/src/index.ts'),
          '@coderoom/runner': source('apps/runner/src/index.ts'),
        },
      },
    }),
  );
  return file;
}

async function startServer(dataDir: string, seed: boolean): Promise<RunningServer> {
  const port = await freePort();
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: seed ? '1' : '0',
      LOG_LEVEL: 'warn',
      TSX_TSCONFIG_PATH: tsconfigPath,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return { child, baseUrl, output: () => output };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start in time:\n${output}`);
}

async function killHard(server: RunningServer): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = once(server.child, 'exit');
  server.child.kill('SIGKILL');
  await exited;
}

/** A browser-like HTTP client: a cookie jar, the CSRF cookie echoed in its header. */
class HttpClient {
  readonly cookies = new Map<string, string>();
  baseUrl = '';

  async request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    if (!this.cookies.has(CSRF_COOKIE)) this.store(await fetch(`${this.baseUrl}/api/health`));
    const response = await fetch(`${this.baseUrl}${url}`, {
      method,
      headers: {
        ...headers,
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        [CSRF_HEADER]: this.cookies.get(CSRF_COOKIE) ?? '',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    this.store(response);
    const text = await response.text();
    return { status: response.status, json: () => JSON.parse(text) as unknown, text };
  }

  private store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const index = pair?.indexOf('=') ?? -1;
      if (!pair || index < 0) continue;
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

type SaveOutcome = { marker: string; status: number; etag?: string } | { marker: string; error: string };

function outcomesOf(outcomes: SaveOutcome[]): string {
  return outcomes.map((outcome) => ('status' in outcome ? outcome.status : 'no answer')).join('/');
}

let dataDir: string;
let tsconfigPath: string;
let server: RunningServer | undefined;
const client = new HttpClient();

beforeAll(async () => {
  const workDir = await mkdtemp(path.join(tmpdir(), 'coderoom-durability-'));
  dataDir = path.join(workDir, 'data');
  tsconfigPath = await writeSourceTsconfig(workDir);
});
afterAll(async () => {
  if (server) await killHard(server);
  await rm(path.dirname(dataDir), { recursive: true, force: true });
});

describe('page saves across kill -9', () => {
  it(
    'keeps every acknowledged autosave, and nothing older than the last one, after SIGKILL',
    async () => {
      server = await startServer(dataDir, true);
      client.baseUrl = server.baseUrl;
      const login = await client.request('POST', '/api/user/login', AUTHOR);
      expect(login.status, login.text).toBe(200);
      const created = await client.request('POST', '/api/author/collection?work_type=course', {
        title: 'Durability course',
      });
      expect(created.status, created.text).toBe(201);
      const course = created.json() as CreateCollectionResponse;
      const base = `/api/author/${course.author_id}/collection/${course.collection_id}`;

      const report: string[] = [];
      for (let cycle = 1; cycle <= KILL_CYCLES; cycle += 1) {
        // A page per cycle keeps every save of the cycle within the 50 snapshots a page keeps.
        const newPage = await client.request('POST', '/api/author/page', {
          author_id: course.author_id,
          collection_id: course.collection_id,
          title: `Cycle ${cycle}`,
        });
        expect(newPage.status, newPage.text).toBe(201);
        const page = (newPage.json() as CreatePageResponse).page;
        const pageUrl = `${base}/page/${page.page_id}`;

        const save = async (marker: string, etag: string): Promise<SaveOutcome> => {
          try {
            const response = await client.request(
              'PUT',
              pageUrl,
              {
                title: marker,
                components: [
                  { type: 'MarkdownEditor', comp_id: 'text', content: { text: `${marker}\n\n${FILLER}` } },
                ],
              },
              { 'if-match': `"${etag}"` },
            );
            if (response.status !== 200) return { marker, status: response.status };
            return { marker, status: 200, etag: (response.json() as AuthorPageResponse).page.etag };
          } catch (error) {
            return { marker, error: String((error as Error).cause ?? error) };
          }
        };

        // Each round fires concurrent saves from the current eTag; the winner's eTag feeds the next
        // round. After a random number of acknowledged rounds, SIGKILL lands while a round is in flight.
        const acked: Array<{ marker: string; etag: string }> = [];
        const rejected: string[] = [];
        const killAfter = 4 + Math.floor(Math.random() * 10);
        let etag = page.etag;
        let round = 0;
        let inFlightAtKill: string[] = [];
        let killedRound: SaveOutcome[] = [];
        let roundMs = 0;
        const running = server;
        while (true) {
          round += 1;
          const markers = Array.from(
            { length: SAVES_PER_ROUND },
            (_, index) => `c${cycle}-r${round}-s${index}`,
          );
          const startedAt = performance.now();
          const pending = Promise.all(markers.map((marker) => save(marker, etag)));
          let killed = false;
          if (acked.length >= killAfter) {
            // Land the kill somewhere inside the round (by the time rounds have taken so far): before,
            // during or after its commits.
            await new Promise((resolve) => setTimeout(resolve, Math.random() * roundMs));
            await killHard(running);
            killed = true;
            inFlightAtKill = markers;
          }
          const outcomes = await pending;
          if (killed) killedRound = outcomes;
          else roundMs = Math.max(roundMs, performance.now() - startedAt);
          const winners = outcomes.filter(
            (outcome): outcome is { marker: string; status: number; etag: string } =>
              'status' in outcome && outcome.status === 200 && outcome.etag !== undefined,
          );
          for (const outcome of outcomes) {
            if ('status' in outcome && outcome.status === 409) rejected.push(outcome.marker);
            else if ('status' in outcome && outcome.status !== 200) {
              throw new Error(`save ${outcome.marker} answered ${outcome.status}`);
            }
          }
          expect(winners.length).toBeLessThanOrEqual(1);
          const winner = winners[0];
          if (winner) {
            acked.push({ marker: winner.marker, etag: winner.etag });
            etag = winner.etag;
          }
          if (killed) break;
          expect(winner, `round ${round} had no winner: ${JSON.stringify(outcomes)}`).toBeDefined();
        }

        server = await startServer(dataDir, false);
        client.baseUrl = server.baseUrl;
        const current = await client.request('GET', pageUrl);
        expect(current.status, current.text).toBe(200);
        const stored = (current.json() as AuthorPageResponse).page;
        const lastAcked = acked.at(-1);
        if (!lastAcked) throw new Error('no save was acknowledged before the kill');
        // The page holds the last acknowledged save, or a save of the killed round that committed
        // before its answer got out; never anything older.
        const allowed = new Set([lastAcked.marker, ...inFlightAtKill]);
        expect(allowed.has(stored.title), `page holds ${stored.title}; last ack ${lastAcked.marker}`).toBe(
          true,
        );
        const firstWidget = stored.components[0];
        expect(
          firstWidget?.type === 'MarkdownEditor' && firstWidget.content.text.startsWith(stored.title),
        ).toBe(true);
        if (stored.title === lastAcked.marker) expect(stored.etag).toBe(lastAcked.etag);

        const snapshots = await client.request(
          'GET',
          `${base}/page/snapshot?key=${page.page_id}&document_type=page`,
        );
        expect(snapshots.status).toBe(200);
        const list = (snapshots.json() as PageSnapshotListResponse).snapshots;
        const snapshotTitles = new Set(list.map((snapshot) => snapshot.title));
        for (const save of acked) expect(snapshotTitles.has(save.marker), save.marker).toBe(true);
        for (const marker of rejected) expect(snapshotTitles.has(marker), marker).toBe(false);
        expect(list[0]?.title).toBe(stored.title);

        // The session survived too, and the page takes the next save from its stored eTag.
        const next = await save(`c${cycle}-after-restart`, stored.etag);
        expect('status' in next && next.status).toBe(200);
        report.push(
          `cycle ${cycle}: ${acked.length} acked, ${rejected.length} rejected (409), ` +
            `kill in round ${round} (${outcomesOf(killedRound)}); after restart the page held ${stored.title} ` +
            `(${stored.title === lastAcked.marker ? 'the last ack' : 'an unacknowledged save of the killed round'})`,
        );
      }
      console.info(report.join('\n'));
    },
    KILL_CYCLES * 90_000 + 120_000,
  );
});
