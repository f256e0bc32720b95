import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createCoreServices } from '../coreServices.js';
import { serializeCoursePackage } from '../modules/content/content.package.js';
import { systemClock } from '../platform/clock.js';
import { openDatabase } from '../platform/db/database.js';

// npm run content:export -- [--data-dir DIR] [--out DIR] [--slug SLUG]
// Writes every course of the database (or one) as a package folder (docs/content-format.md).
// DATABASE_URL selects PostgreSQL; otherwise the embedded database in --data-dir (default ./data).

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string', default: process.env.DATA_DIR ?? './data' },
      out: { type: 'string', default: './exported-content' },
      slug: { type: 'string' },
    },
  });
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL ?? null,
    dataDir: path.resolve(values['data-dir']),
  });
  try {
    const { content } = createCoreServices({ db: database.db, clock: systemClock });
    for (const row of await content.exportableCourses()) {
      if (values.slug && row.slug !== values.slug) continue;
      const files = serializeCoursePackage(await content.exportSource(row.id));
      const folder = path.resolve(values.out, 'courses', row.slug || `course-${row.id}`);
      for (const [name, text] of files) {
        await mkdir(path.dirname(path.join(folder, name)), { recursive: true });
        await writeFile(path.join(folder, name), text);
      }
      console.log(`exported ${row.slug} → ${folder} (${files.size} files)`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
