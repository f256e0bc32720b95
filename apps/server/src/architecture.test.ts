import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The layering rules of docs/ARCHITECTURE.md, checked on the source so they cannot quietly erode:
// (a) no module imports another module's repository (it calls that module's service);
// (b) SQL lives in repositories (and platform/db): no query builder on a database handle, no `sql`
//     tag, no raw query and no value import of drizzle, a driver or a table anywhere else;
// (c) modules do not import each other in a cycle.
// The scanners are checked on small samples first, so a rule that stopped seeing anything would fail.

const SRC = path.dirname(fileURLToPath(import.meta.url));

/** Files allowed to hold SQL, each with the reason. Everything else under apps/server/src is checked. */
const SQL_ALLOWED: ReadonlyArray<{ pattern: RegExp; reason: string }> = [
  { pattern: /\.repository\.ts$/, reason: 'repositories hold the SQL' },
  { pattern: /^platform\/db\//, reason: 'the database layer: connections, migrations, the row-lock helper' },
  { pattern: /^db\/schema\.ts$/, reason: 'the typed mirror of the migrations (table declarations)' },
  {
    pattern: /\.test\.ts$/,
    reason: 'tests set up and read rows directly to check what was stored (STYLE.md "Tests")',
  },
  {
    pattern: /^test\/(harness|globalSetup)\.ts$/,
    reason: "the test harness creates and drops each test file's database",
  },
];

/** Names a database handle goes by (Db, DbExecutor, a transaction, a raw session or client). */
const HANDLE_NAMES = new Set([
  'db',
  'tx',
  'trx',
  'executor',
  'database',
  'session',
  'client',
  'pool',
  'connection',
  'admin',
]);
/** Query builders and raw queries; `transaction` is not among them: services own their transactions. */
const QUERY_METHODS = new Set([
  'select',
  'selectDistinct',
  'selectDistinctOn',
  'insert',
  'update',
  'delete',
  'execute',
  'query',
  'exec',
]);
/** Packages whose values build or send SQL. */
const SQL_PACKAGES = /^(drizzle-orm(\/.*)?|pg|@electric-sql\/pglite)$/;

interface Finding {
  file: string;
  line: number;
  what: string;
}

interface ImportRef {
  specifier: string;
  /** Resolved path relative to SRC for relative specifiers, else null. */
  target: string | null;
  typeOnly: boolean;
  line: number;
}

function listSources(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...listSources(full));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) files.push(full);
  }
  return files;
}

function parse(file: string, text: string): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

function lineOf(source: ts.SourceFile, node: ts.Node): number {
  return source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
}

function resolveRelative(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const resolved = path.relative(SRC, path.resolve(path.dirname(path.join(SRC, file)), specifier));
  return resolved.replace(/\.js$/, '.ts');
}

function isTypeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false; // a side-effect import runs the module
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  if (!bindings || ts.isNamespaceImport(bindings)) return false;
  return bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly);
}

/** Every import, re-export and dynamic import of a file. */
function importsOf(file: string, source: ts.SourceFile): ImportRef[] {
  const refs: ImportRef[] = [];
  const add = (specifier: string, typeOnly: boolean, node: ts.Node) =>
    refs.push({ specifier, target: resolveRelative(file, specifier), typeOnly, line: lineOf(source, node) });
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, isTypeOnlyImport(node), node);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      add(node.moduleSpecifier.text, node.isTypeOnly, node);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node.arguments[0].text, false, node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return refs;
}

/** The last name of a receiver: `db`, `tx`, `deps.db`, `options.db`, `(await x).db`. */
function handleName(expression: ts.Expression): string | null {
  let current = expression;
  while (ts.isParenthesizedExpression(current) || ts.isAwaitExpression(current)) current = current.expression;
  if (ts.isIdentifier(current)) return current.text;
  if (ts.isPropertyAccessExpression(current)) return current.name.text;
  return null;
}

/** SQL written in a file: query builders or raw queries on a database handle, `sql` tags, SQL imports. */
function sqlUsesOf(file: string, source: ts.SourceFile): Finding[] {
  const findings: Finding[] = [];
  const note = (node: ts.Node, what: string) => findings.push({ file, line: lineOf(source, node), what });
  for (const ref of importsOf(file, source)) {
    if (ref.typeOnly) continue;
    if (SQL_PACKAGES.test(ref.specifier)) {
      findings.push({ file, line: ref.line, what: `imports ${ref.specifier}` });
    } else if (ref.target === 'db/schema.ts') {
      findings.push({ file, line: ref.line, what: 'imports tables from db/schema.ts' });
    }
  }
  const visit = (node: ts.Node): void => {
    if (ts.isTaggedTemplateExpression(node)) {
      const tag = ts.isPropertyAccessExpression(node.tag) ? node.tag.expression : node.tag;
      if (ts.isIdentifier(tag) && tag.text === 'sql') note(node, 'a sql`…` template');
    }
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      QUERY_METHODS.has(node.expression.name.text)
    ) {
      const handle = handleName(node.expression.expression);
      if (handle && HANDLE_NAMES.has(handle)) note(node, `${handle}.${node.expression.name.text}(…)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

function moduleOf(relativePath: string): string | null {
  const match = /^modules\/([^/]+)\//.exec(relativePath);
  return match?.[1] ?? null;
}

/** Imports of another module's `*.repository` file from inside a module. */
function foreignRepositoryImports(file: string, source: ts.SourceFile): Finding[] {
  const own = moduleOf(file);
  if (own === null) return [];
  return importsOf(file, source).flatMap((ref) => {
    const target = ref.target === null ? null : moduleOf(ref.target);
    if (target === null || target === own || !/\.repository\.ts$/.test(ref.target ?? '')) return [];
    return [{ file, line: ref.line, what: `imports ${ref.target}` }];
  });
}

/** Module → the modules it imports (type imports too), from non-test files. */
function moduleGraph(files: Array<{ file: string; source: ts.SourceFile }>): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const { file, source } of files) {
    const own = moduleOf(file);
    if (own === null || file.endsWith('.test.ts')) continue;
    const edges = graph.get(own) ?? new Set<string>();
    graph.set(own, edges);
    for (const ref of importsOf(file, source)) {
      const target = ref.target === null ? null : moduleOf(ref.target);
      if (target !== null && target !== own) edges.add(target);
    }
  }
  return graph;
}

/** Every cycle as a path (`content → collaborators → content`), each reported once. */
function cyclesOf(graph: Map<string, Set<string>>): string[] {
  const cycles = new Set<string>();
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') {
        const cycle = stack.slice(stack.indexOf(next));
        // Start each cycle at its smallest name, so one cycle found from two places reads the same.
        const start = cycle.indexOf([...cycle].sort()[0] as string);
        const rotated = [...cycle.slice(start), ...cycle.slice(0, start)];
        cycles.add([...rotated, rotated[0]].join(' → '));
      } else if (!state.has(next)) {
        visit(next);
      }
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return [...cycles].sort();
}

const describeFindings = (findings: Finding[]) => findings.map((f) => `${f.file}:${f.line} ${f.what}`);

describe('the scanners (on samples, so the rules below cannot pass by seeing nothing)', () => {
  const sample = (file: string, text: string) => ({ file, source: parse(file, text) });

  it('sees SQL on database handles, sql tags and SQL imports, but not types or transactions', () => {
    const { file, source } = sample(
      'modules/notes/notes.service.ts',
      `import { eq, sql } from 'drizzle-orm';
       import type { SQL } from 'drizzle-orm';
       import { notes } from '../../db/schema.js';
       import type { NoteRow } from '../../db/schema.js';
       const rows = await db.select().from(notes).where(eq(notes.id, 1));
       await deps.db.insert(notes).values({});
       await tx.update(notes).set({});
       await session.query('SELECT 1');
       const count = sql\`count(*)\`;
       await db.transaction(async () => {});
       createHash('sha256').update('x');`,
    );
    expect(describeFindings(sqlUsesOf(file, source))).toEqual([
      'modules/notes/notes.service.ts:1 imports drizzle-orm',
      'modules/notes/notes.service.ts:3 imports tables from db/schema.ts',
      'modules/notes/notes.service.ts:5 db.select(…)',
      'modules/notes/notes.service.ts:6 db.insert(…)',
      'modules/notes/notes.service.ts:7 tx.update(…)',
      'modules/notes/notes.service.ts:8 session.query(…)',
      'modules/notes/notes.service.ts:9 a sql`…` template',
    ]);
  });

  it("sees another module's repository imported, not its own or another's service", () => {
    const { file, source } = sample(
      'modules/progress/progress.service.ts',
      `import { findUserById } from '../accounts/accounts.repository.js';
       import type { UserRow } from '../accounts/accounts.repository.js';
       import * as repo from './progress.repository.js';
       import type { UsersService } from '../accounts/users.service.js';`,
    );
    expect(describeFindings(foreignRepositoryImports(file, source))).toEqual([
      'modules/progress/progress.service.ts:1 imports modules/accounts/accounts.repository.ts',
      'modules/progress/progress.service.ts:2 imports modules/accounts/accounts.repository.ts',
    ]);
  });

  it('finds a cycle between modules, through type imports too, and none in a one-way graph', () => {
    const files = [
      sample('modules/content/content.service.ts', "import type { X } from '../collaborators/x.service.js';"),
      sample('modules/collaborators/x.service.ts', "import { y } from '../content/content.policy.js';"),
      sample('modules/reader/reader.service.ts', "import { z } from '../content/content.service.js';"),
    ];
    expect(cyclesOf(moduleGraph(files))).toEqual(['collaborators → content → collaborators']);
    expect(cyclesOf(moduleGraph(files.slice(1)))).toEqual([]);
  });
});

describe('the server source', () => {
  const files = listSources(SRC).map((full) => {
    const file = path.relative(SRC, full).split(path.sep).join('/');
    return { file, source: parse(file, readFileSync(full, 'utf8')) };
  });

  it('is read whole: every module and its repositories', () => {
    const modules = new Set(files.map(({ file }) => moduleOf(file)).filter((name) => name !== null));
    expect(modules.size).toBeGreaterThan(15);
    expect(files.filter(({ file }) => file.endsWith('.repository.ts')).length).toBeGreaterThan(15);
  });

  it("(a) no module imports another module's repository", () => {
    expect(
      describeFindings(files.flatMap(({ file, source }) => foreignRepositoryImports(file, source))),
    ).toEqual([]);
  });

  it('(b) holds SQL only in repositories, platform/db and the exceptions listed above', () => {
    const checked = files.filter(({ file }) => !SQL_ALLOWED.some(({ pattern }) => pattern.test(file)));
    expect(describeFindings(checked.flatMap(({ file, source }) => sqlUsesOf(file, source)))).toEqual([]);
  });

  it('(c) has no import cycle among modules', () => {
    expect(cyclesOf(moduleGraph(files))).toEqual([]);
  });
});
