import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOC_PATH, END, renderConfigTable, START, tableInDoc, withConfigTable } from '../../scripts/config-table.js';
import { VARIABLES } from '../../src/config/variables.js';

describe('the table of environment variables', () => {
  it('has one row per variable, each with a default and a meaning, and no name twice', () => {
    const names = VARIABLES.map((v) => v.name);
    expect(new Set(names).size).toBe(names.length);
    const rows = renderConfigTable().split('\n').slice(2);
    expect(rows.map((row) => /^\| `([A-Z0-9_]+)` \|/.exec(row)?.[1])).toEqual(names);
    for (const v of VARIABLES) {
      expect('default' in v || 'unset' in v, `${v.name} needs a default or an unset text`).toBe(true);
      expect(v.meaning, `${v.name}: {range} shows the range of an integer, and only of one`).toSatisfy(
        (m: string) => m.includes('{range}') === 'range' in v,
      );
    }
    expect(renderConfigTable()).not.toContain('{range}');
  });

  it('replaces only what stands between the markers', () => {
    const doc = `# Configuration\n\nintro\n\n${START}\n| old |\n${END}\n\nafter\n`;
    const next = withConfigTable(doc, '| new |');
    expect(next).toBe(`# Configuration\n\nintro\n\n${START}\n| new |\n${END}\n\nafter\n`);
    expect(withConfigTable(next, '| new |')).toBe(next);
    expect(tableInDoc('no markers')).toBeNull();
  });

  it('is the table in docs/operators/configuration.md (npx tsx scripts/config-table.ts writes it)', () => {
    const doc = fs.existsSync(DOC_PATH) ? fs.readFileSync(DOC_PATH, 'utf8') : null;
    expect(doc, 'docs/operators/configuration.md does not exist').not.toBeNull();
    const between = tableInDoc(doc!);
    expect(
      between,
      `docs/operators/configuration.md has no ${START} … ${END} markers: add them around the table, then run npx tsx scripts/config-table.ts`,
    ).not.toBeNull();
    expect(
      between,
      'the table in docs/operators/configuration.md differs from src/config/variables.ts: run npx tsx scripts/config-table.ts',
    ).toBe(`\n${renderConfigTable()}\n`);
  });
});
