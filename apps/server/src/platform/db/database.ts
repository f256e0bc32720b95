import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
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

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  withSession<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
  /** Embedded database only: the data folder as a tarball (test templates). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

export function wrapPglite(client: PGlite): Database {
  return {
    kind: 'pglite',
    db: drizzlePglite({ client, schema }) as unknown as Db,
    withSession: (work) =>
      work({
        exec: async (sql) => {
          await client.exec(sql);
        },
        query: async <Row>(sql: string, params?: unknown[]) => (await client.query<Row>(sql, params)).rows,
      }),
    dump: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

export async function openPglite(dataDir: string | null, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir ?? undefined, loadDataDir ? { loadDataDir } : {});
  return wrapPglite(client);
}

export function openPostgres(databaseUrl: string, maxConnections = 10): Database {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: maxConnections });
  return {
    kind: 'postgres',
    db: drizzlePg({ client: pool, schema }) as unknown as Db,
    withSession: async (work) => {
      const connection = await pool.connect();
      try {
        return await work({
          exec: async (sql) => {
            await connection.query(sql);
          },
          query: async <Row>(sql: string, params?: unknown[]) =>
            (await connection.query(sql, params)).rows as Row[],
        });
      } finally {
        connection.release();
      }
    },
    close: () => pool.end(),
  };
}

export function openDatabase(options: { databaseUrl: string | null; dataDir: string }): Promise<Database> {
  return options.databaseUrl
    ? Promise.resolve(openPostgres(options.databaseUrl))
    : openPglite(options.dataDir);
}
