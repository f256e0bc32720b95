// tsc does not copy SQL migrations; the built server reads them from dist/db/migrations.
import { cpSync } from 'node:fs';

cpSync(
  new URL('../src/db/migrations/', import.meta.url),
  new URL('../dist/db/migrations/', import.meta.url),
  {
    recursive: true,
  },
);
