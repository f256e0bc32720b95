import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from '../../db/schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle has the same query surface as the database. */
export type DbExecutor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** One connection, for work that must not hop between pooled connections (locks, migrations). */
export interface SqlSession {
  /** Runs SQL text that may hold several statements, as one implicit transaction. */
  exec(sql: string): Promise<void>;
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
}

/**
 * Statements sent to the database by this handle since it opened (docs/performance.md). A plain counter
 * read by tests and benchmarks: the difference around one request is that request's statement count.
 */
export interface DatabaseStats {
  statements: number;
}

/** What a LISTEN connection reports (platform/db/changes.ts). */
export interface ListenHandlers {
  message(payload: string): void;
  /** The connection dropped: notifications may have been missed until `restored`. */
  lost(): void;
  restored(): void;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  stats: DatabaseStats;
  /** LISTENs on a channel (a plain identifier) until the returned function is called. */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  withSession<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
  /** Embedded database only: the data folder as a tarball (test templates). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

/** Drizzle tells its logger about every statement it sends: the counter rides on that. */
function countingLogger(stats: DatabaseStats) {
  return {
    logQuery: () => {
      stats.statements += 1;
    },
  };
}

export function wrapPglite(client: PGlite): Database {
  const stats: DatabaseStats = { statements: 0 };
  return {
    kind: 'pglite',
    db: drizzlePglite({ client, schema, logger: countingLogger(stats) }) as unknown as Db,
    stats,
    withSession: (work) =>
      work({
        exec: async (sql) => {
          stats.statements += 1;
          await client.exec(sql);
        },
        query: async <Row>(sql: string, params?: unknown[]) => {
          stats.statements += 1;
          return (await client.query<Row>(sql, params)).rows;
        },
      }),
    // The embedded engine delivers NOTIFY to its own listeners, at commit, in this process.
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, (payload) => handlers.message(payload));
      return () => unlisten();
    },
    dump: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

export async function openPglite(dataDir: string | null, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  // Extensions the migrations create must be loaded with the engine: trigram matching for AI search, and
  // pgvector for its embeddings (@electric-sql/pglite-pgvector, docs/ai.md).
  const extensions = { pg_trgm, vector };
  const client = await PGlite.create(
    dataDir ?? undefined,
    loadDataDir ? { loadDataDir, extensions } : { extensions },
  );
  return wrapPglite(client);
}

export function openPostgres(databaseUrl: string, maxConnections = 10): Database {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: maxConnections });
  const stats: DatabaseStats = { statements: 0 };
  return {
    kind: 'postgres',
    db: drizzlePg({ client: pool, schema, logger: countingLogger(stats) }) as unknown as Db,
    stats,
    withSession: async (work) => {
      const connection = await pool.connect();
      try {
        return await work({
          exec: async (sql) => {
            stats.statements += 1;
            await connection.query(sql);
          },
          query: async <Row>(sql: string, params?: unknown[]) => {
            stats.statements += 1;
            return (await connection.query(sql, params)).rows as Row[];
          },
        });
      } finally {
        connection.release();
      }
    },
    listen: (channel, handlers) => listenPostgres(databaseUrl, channel, handlers),
    close: () => pool.end(),
  };
}

const RELISTEN_DELAY_MS = 1000;

/** A dedicated connection holding LISTEN; when it drops, the handlers hear so and it reconnects. */
async function listenPostgres(
  databaseUrl: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let stopped = false;
  let current: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.message(message.payload ?? '');
    });
    // An error ends the connection; 'end' below handles both.
    client.on('error', () => {});
    client.on('end', () => {
      if (current !== client || stopped) return;
      current = null;
      handlers.lost();
      scheduleRetry();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    current = client;
  };

  const scheduleRetry = () => {
    if (stopped) return;
    retryTimer = setTimeout(() => {
      connect().then(
        () => handlers.restored(),
        () => scheduleRetry(),
      );
    }, RELISTEN_DELAY_MS);
    retryTimer.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    const client = current;
    current = null;
    await client?.end();
  };
}

export function openDatabase(options: { databaseUrl: string | null; dataDir: string }): Promise<Database> {
  return options.databaseUrl
    ? Promise.resolve(openPostgres(options.databaseUrl))
    : openPglite(options.dataDir);
}
