import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness.js';
import type { Database } from './database.js';
import { migrate } from './migrate.js';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => {
  await drop();
});

async function tableExists(name: string): Promise<boolean> {
  return database.withSession(async (session) => {
    const rows = await session.query<{ found: string | null }>('SELECT to_regclass($1)::text AS found', [
      name,
    ]);
    return rows[0]?.found != null;
  });
}

describe('migrate', () => {
  it('has applied the project migrations to the template, and a second run applies nothing', async () => {
    expect(await tableExists('users')).toBe(true);
    expect(await migrate(database)).toEqual([]);
  });

  it('applies new files in order and leaves nothing behind when one fails', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'coderoom-migrations-'));
    await writeFile(path.join(dir, '9001_first.sql'), 'CREATE TABLE mig_first (id int);');
    await writeFile(
      path.join(dir, '9002_broken.sql'),
      'CREATE TABLE mig_partial (id int);\nINSERT INTO no_such_table VALUES (1);',
    );
    await expect(migrate(database, dir)).rejects.toThrow();
    expect(await tableExists('mig_first')).toBe(true);
    expect(await tableExists('mig_partial')).toBe(false);

    await writeFile(path.join(dir, '9002_broken.sql'), 'CREATE TABLE mig_partial (id int);');
    expect(await migrate(database, dir)).toEqual(['9002_broken.sql']);
    expect(await tableExists('mig_partial')).toBe(true);
  });
});
