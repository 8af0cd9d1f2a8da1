import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A capability owns its tables (docs/architecture/decisions/table-owners.md): a table's name appears
 * in SQL only in its owner's folder, except in the cross-capability statements that record lists by
 * name. The import rules of .dependency-cruiser.cjs alone could be dodged by naming another
 * capability's table in a query; this test reads the source for table names in SQL (knex
 * `db('table')`, `.from('table')`, `.join('table' …)`, a table name handed to a store helper with
 * the connection, raw SQL text) and fails on any outside its owner.
 */
const root = path.resolve(import.meta.dirname, '../..');
const RECORD = path.join(root, 'docs/architecture/decisions/table-owners.md');

interface Exception {
  file: string;
  declaration: string;
  tables: string[];
}

/** The owner map and the listed statements, as the decision record states them. */
function readRecord(text: string): { owners: Map<string, string>; exceptions: Exception[] } {
  const owners = new Map<string, string>();
  const exceptions: Exception[] = [];
  for (const line of text.split('\n')) {
    const owner = /^\| `([a-z_]+)` \| `(src\/[^`]+?)\/?` \|/.exec(line);
    if (owner) owners.set(owner[1], `${owner[2]}/`);
    const statement = /^\| [^|]+ \| `(src\/[^`]+\.ts)` `(\w+)` \| ([^|]+) \|/.exec(line);
    if (statement)
      exceptions.push({
        file: statement[1],
        declaration: statement[2],
        tables: [...statement[3].matchAll(/`([a-z_]+)`/g)].map((m) => m[1]),
      });
  }
  return { owners, exceptions };
}

interface Use {
  file: string;
  line: number;
  declaration: string;
  table: string;
}

/** Comments say what tables are for; only code names them in SQL. Lines and columns are kept. */
function withoutComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '))
    .replace(/^(\s*)\/\/.*$/gm, (_, indent: string) => indent);
}

/**
 * Every place a table is named in SQL: a knex query (`db('t')`, `db('t as x')`), a builder method
 * (`.from`, `.join`, `.into`, `.table`…), a table handed to a helper (`upsertRows(db, 't', …)`), and
 * raw SQL (`FROM t`, `JOIN t`, `INTO t`, `UPDATE t`, `NULL::t`).
 */
function tableUses(file: string, text: string, tables: ReadonlySet<string>): Use[] {
  const code = withoutComments(text);
  const patterns = [
    // A typed builder (`db<Row>('table')`) names its table as plainly as an untyped one.
    /\b(?:db|trx|knex|from|join|leftJoin|rightJoin|innerJoin|crossJoin|into|table|insert|insertFrom)(?:<[^(;]*?>)?\(\s*'([a-z_]+)(?: as \w+)?'/g,
    /\b\w+\(\s*(?:db|trx|run|knex),\s*'([a-z_]+)'/g,
    /\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\s+"?([a-z_][a-z0-9_]*)"?/g,
    /\bNULL::"?([a-z_]+)"?/g,
  ];
  const lines = code.split('\n');
  const declarationAt = (lineIndex: number) => {
    for (let i = lineIndex; i >= 0; i--) {
      const d = /^(?:export\s+)?(?:async\s+)?(?:function\*?\s+(\w+)|(?:const|let|class)\s+(\w+))/.exec(lines[i]);
      if (d) return d[1] ?? d[2];
    }
    return '(top)';
  };
  const at = new Map<number, string>(); // the table name's offset: two patterns may find one name
  for (const pattern of patterns)
    for (const m of code.matchAll(pattern)) if (tables.has(m[1])) at.set(m.index + m[0].lastIndexOf(m[1]), m[1]);
  return [...at]
    .sort(([a], [b]) => a - b)
    .map(([offset, table]) => {
      const line = code.slice(0, offset).split('\n').length - 1;
      return { file, line: line + 1, declaration: declarationAt(line), table };
    });
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return sourceFiles(rel);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [rel] : [];
  });
}

/** Uses of a table outside its owner's folder that no listed statement allows. */
function trespasses(
  files: ReadonlyArray<{ file: string; text: string }>,
  owners: ReadonlyMap<string, string>,
  exceptions: readonly Exception[],
): Use[] {
  const tables = new Set(owners.keys());
  return files
    .flatMap(({ file, text }) => tableUses(file, text, tables))
    .filter(
      (u) =>
        !u.file.startsWith(owners.get(u.table)!) &&
        !exceptions.some((e) => e.file === u.file && e.declaration === u.declaration && e.tables.includes(u.table)),
    );
}

const record = readRecord(fs.readFileSync(RECORD, 'utf8'));
const sources = sourceFiles('src').map((file) => ({ file, text: fs.readFileSync(path.join(root, file), 'utf8') }));
const show = (uses: Use[]) => uses.map((u) => `${u.file}:${u.line} ${u.declaration} names ${u.table}`);

describe('a capability owns its tables', () => {
  it('the record names an owner folder that exists for every table the migrations create', () => {
    const created = fs
      .readdirSync(path.join(root, 'migrations'))
      .flatMap((f) => [
        ...fs.readFileSync(path.join(root, 'migrations', f), 'utf8').matchAll(/createTable\(\s*'([a-z_]+)'/g),
      ])
      .map((m) => m[1]);
    expect(created.length).toBeGreaterThan(30);
    expect(created.filter((t) => !record.owners.has(t))).toEqual([]);
    for (const folder of new Set(record.owners.values())) expect(fs.existsSync(path.join(root, folder))).toBe(true);
  });

  it("no table is named in SQL outside its owner's folder but in a statement the record lists", () => {
    expect(show(trespasses(sources, record.owners, record.exceptions))).toEqual([]);
  });

  it('every listed statement still names each table it is listed for (the list does not rot)', () => {
    const tables = new Set(record.owners.keys());
    const uses = sources.flatMap(({ file, text }) => tableUses(file, text, tables));
    expect(record.exceptions.length).toBeGreaterThan(4);
    for (const e of record.exceptions)
      for (const table of e.tables)
        expect(
          uses.some((u) => u.file === e.file && u.declaration === e.declaration && u.table === table),
          `${e.file} ${e.declaration} names ${table}`,
        ).toBe(true);
  });

  it('fails on a planted table name in each form of SQL', () => {
    const planted = {
      file: 'src/store/calls/planted.ts',
      text: [
        "export const a = (db) => db('customers').where({ id: 1 });",
        "export const b = (db) => db('calls as c').join('schedules as s', 's.id', 'c.id');",
        "export const c = (db) => db('calls').whereIn('id', db.select('id').from('contact_restrictions'));",
        "export const d = (db) => upsertRows(db, 'loans', [], ['id'], []);",
        'export const e = `UPDATE scheduled_calls sc SET status = 1 FROM companies c WHERE c.id = sc.company_id`;',
        'export const f = `INSERT INTO applications (id) SELECT id FROM json_populate_record(NULL::cadences, ?)`;',
        "// db('payments') in a comment names no table in SQL",
        "export const g = (db) => db<Record<string, unknown>>('consent_events as ce').first();",
      ].join('\n'),
    };
    expect(show(trespasses([planted], record.owners, record.exceptions))).toEqual([
      'src/store/calls/planted.ts:1 a names customers',
      'src/store/calls/planted.ts:2 b names schedules',
      'src/store/calls/planted.ts:3 c names contact_restrictions',
      'src/store/calls/planted.ts:4 d names loans',
      'src/store/calls/planted.ts:5 e names scheduled_calls',
      'src/store/calls/planted.ts:5 e names companies',
      'src/store/calls/planted.ts:6 f names applications',
      'src/store/calls/planted.ts:6 f names cadences',
      'src/store/calls/planted.ts:8 g names consent_events',
    ]);
  });
});
