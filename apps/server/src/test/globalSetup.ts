import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../platform/db/database.js';
import { migrate } from '../platform/db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplateDb: string;
  }
}

const TMP_DIR = fileURLToPath(new URL('../../.tmp/', import.meta.url));

/**
 * Migrates once per run. Each test file then starts from a copy of this template: a PGlite data-dir
 * dump on the embedded database, or `CREATE DATABASE … TEMPLATE` on PostgreSQL.
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const templateName = `coderoom_tmpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${templateName}`);
    await admin.query(`CREATE DATABASE ${templateName}`);
    const templateUrl = new URL(databaseUrl);
    templateUrl.pathname = `/${templateName}`;
    const template = openPostgres(templateUrl.toString(), 1);
    await migrate(template);
    await template.close();
    project.provide('postgresTemplateDb', templateName);
    project.provide('pgliteTemplatePath', '');
    return async () => {
      // Test databases made from the template are dropped by their files; the template goes last.
      const { rows } = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE $1`,
        [`coderoom_t${process.pid}_%`],
      );
      for (const row of rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname}`);
      await admin.query(`DROP DATABASE IF EXISTS ${templateName}`);
      await admin.end();
    };
  }

  const database = await openPglite(null);
  await migrate(database);
  const dump = await database.dump!();
  await mkdir(TMP_DIR, { recursive: true });
  const file = path.join(TMP_DIR, `pglite-template-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplatePath', file);
  project.provide('postgresTemplateDb', '');
  return undefined;
}
