/**
 * Writes the table of environment variables (src/config/variables.ts) into
 * docs/operators/configuration.md, between `<!-- config-table:start -->` and `<!-- config-table:end -->`.
 *
 *   npx tsx scripts/config-table.ts           rewrite the table
 *   npx tsx scripts/config-table.ts --check   exit 1 when the file's table differs (CI; test/architecture/config-table.test.ts)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Variable, VARIABLES } from '../src/config/variables.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DOC_PATH = path.join(ROOT, 'docs', 'operators', 'configuration.md'); // doc-refs: ignore (a path)
export const START = '<!-- config-table:start -->';
export const END = '<!-- config-table:end -->';

const cell = (text: string) => text.replace(/\|/g, '\\|');

function defaultCell(v: Variable): string {
  if (v.default === undefined) return v.unset ?? '—';
  return `\`${v.default}\`${v.unset ? ` (${v.unset})` : ''}`;
}

/** The table's links name repo paths (`docs/…`, checked where they are written); the page links relative to itself. */
const fromDocPage = (text: string) =>
  text.replace(/\]\((docs\/[^)]+)\)/g, (_, target: string) => `](${path.posix.relative('docs/operators', target)})`);

function meaningCell(v: Variable): string {
  const meaning = fromDocPage(v.range ? v.meaning.replace('{range}', `${v.range[0]}–${v.range[1]}`) : v.meaning);
  return v.readBy ? `${meaning} (read by ${v.readBy})` : meaning;
}

/** The markdown table, one row per variable in the table's order (no trailing newline). */
export function renderConfigTable(variables: readonly Variable[] = VARIABLES): string {
  const rows = variables.map((v) => `| \`${v.name}\` | ${cell(defaultCell(v))} | ${cell(meaningCell(v))} |`);
  return ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n');
}

/** What stands between the markers of `doc`, or null when it has no pair of markers. */
export function tableInDoc(doc: string): string | null {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END, start);
  if (start < 0 || end < 0) return null;
  return doc.slice(start + START.length, end);
}

/** `doc` with the rendered table between its markers. */
export function withConfigTable(doc: string, table = renderConfigTable()): string {
  const between = tableInDoc(doc);
  if (between === null) throw new Error(`no ${START} … ${END} markers`);
  const start = doc.indexOf(START) + START.length;
  return `${doc.slice(0, start)}\n${table}\n${doc.slice(start + between.length)}`;
}

function main(args: string[]): number {
  const check = args.includes('--check');
  const rel = path.relative(process.cwd(), DOC_PATH);
  if (!fs.existsSync(DOC_PATH)) {
    console.error(`config-table: ${rel} does not exist`);
    return 1;
  }
  const doc = fs.readFileSync(DOC_PATH, 'utf8');
  if (tableInDoc(doc) === null) {
    console.error(`config-table: ${rel} has no ${START} … ${END} markers`);
    return 1;
  }
  const next = withConfigTable(doc);
  if (next === doc) {
    console.log(`config-table: ${rel} is up to date (${VARIABLES.length} variables)`);
    return 0;
  }
  if (check) {
    console.error(
      `config-table: the table in ${rel} differs from src/config/variables.ts; run npx tsx scripts/config-table.ts`,
    );
    return 1;
  }
  fs.writeFileSync(DOC_PATH, next);
  console.log(`config-table: wrote ${VARIABLES.length} variables to ${rel}`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  process.exit(main(process.argv.slice(2)));
