import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Every rule of .dependency-cruiser.cjs fails on a violation planted for it: a scratch tree with one
 * offending import per rule is cruised with the project's rule set, and each rule must report its
 * own plant (a rule that never fires would pass `npm run lint:deps` forever).
 */
const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, '../..');
const config = require(path.join(root, '.dependency-cruiser.cjs')) as {
  forbidden: Array<{
    name: string;
    from: { path?: string };
    to: { path?: string; pathNot?: string; circular?: boolean };
  }>;
};

/** The capability folders the rule set names (domain-<cap>-rank, domain-<cap>-store, store-<cap>-own). */
const named = (pattern: RegExp) => [
  ...new Set(config.forbidden.map((r) => pattern.exec(r.name)?.[1]).filter((c) => c !== undefined)),
];

/** Folders a planted file may sit in, from which each rule's `from` and `to` are picked. */
const FOLDERS = [
  'src/main',
  'src/config',
  'src/handlers',
  'src/http',
  'src/jobs',
  'src/store/shared',
  'src/store/calls',
  ...named(/^store-(.+)-own$/).map((c) => `src/store/${c}`),
  'src/store/not-a-capability',
  'src/adapters/voice',
  'src/adapters/job-queue',
  'src/simulators/voice',
  'src/scheduler',
  'src/contract',
  'src/lib',
  ...[
    'shared',
    'ports',
    'webhooks',
    'consent',
    'planning',
    'audit',
    'calls',
    'messages',
    'loans',
    'integrations',
    'ach',
    'customers',
    'companies',
    'console',
    'enrollment',
    'batches',
    'retention',
    ...named(/^domain-(.+)-(?:rank|store)$/),
  ]
    .filter((c, i, all) => all.indexOf(c) === i)
    .map((c) => `src/domain/${c}`),
  'src/domain/not-a-capability',
];

interface Plant {
  rule: string;
  from: string;
  to: string;
}

/** The rules as the architecture states them (docs/architecture/layers.md), independent of how the rule set is written. */
const STATED: Plant[] = [
  { rule: 'handlers-through-domain', from: 'src/handlers/stated-1.ts', to: 'src/store/calls/stated-1.ts' },
  { rule: 'jobs-through-domain', from: 'src/jobs/stated-2.ts', to: 'src/store/shared/stated-2.ts' },
  { rule: 'http-not-store', from: 'src/http/stated-3.ts', to: 'src/store/shared/stated-3.ts' },
  { rule: 'adapters-outside', from: 'src/adapters/job-queue/stated-4.ts', to: 'src/store/shared/stated-4.ts' },
  { rule: 'adapters-outside', from: 'src/adapters/voice/stated-5.ts', to: 'src/http/stated-5.ts' },
  { rule: 'config-no-simulator', from: 'src/config/stated-6.ts', to: 'src/simulators/voice/stated-6.ts' },
  { rule: 'domain-calls-rank', from: 'src/domain/calls/stated-7.ts', to: 'src/domain/messages/stated-7.ts' },
  { rule: 'domain-shared-rank', from: 'src/domain/shared/stated-8.ts', to: 'src/domain/planning/stated-8.ts' },
  { rule: 'domain-planning-rank', from: 'src/domain/planning/stated-9.ts', to: 'src/domain/calls/stated-9.ts' },
  { rule: 'store-not-up', from: 'src/store/calls/stated-10.ts', to: 'src/domain/calls/stated-10.ts' },
  { rule: 'domain-not-up', from: 'src/domain/calls/stated-11.ts', to: 'src/adapters/voice/stated-11.ts' },
  { rule: 'domain-consent-store', from: 'src/domain/consent/stated-12.ts', to: 'src/store/borrowers/stated-12.ts' },
  { rule: 'domain-shared-store', from: 'src/domain/shared/stated-13.ts', to: 'src/store/companies/stated-13.ts' },
  { rule: 'domain-calls-store', from: 'src/domain/calls/stated-14.ts', to: 'src/store/scheduled-calls/stated-14.ts' },
  { rule: 'store-calls-own', from: 'src/store/calls/stated-15.ts', to: 'src/store/scheduled-calls/stated-15.ts' },
  { rule: 'store-enrollment-own', from: 'src/store/enrollment/stated-16.ts', to: 'src/store/borrowers/stated-16.ts' },
  { rule: 'store-shared-own', from: 'src/store/shared/stated-17.ts', to: 'src/store/borrowers/stated-17.ts' },
  { rule: 'domain-shared-no-port', from: 'src/domain/shared/stated-18.ts', to: 'src/domain/ports/stated-18.ts' },
  { rule: 'store-rows-no-statement', from: 'src/store/borrowers/rows.ts', to: 'src/store/shared/stated-19.ts' },
  {
    rule: 'enrollment-one-writer',
    from: 'src/domain/enrollment/stated-20.ts',
    to: 'src/store/enrollment/pg-enrollments.ts',
  },
];

/** Imports the rules allow, planted too: a rule that fired on them would forbid the design it states. */
const ALLOWED: Array<Omit<Plant, 'rule'>> = [
  // Another store folder's row file (types and row functions, no statement).
  { from: 'src/store/calls/allowed-1.ts', to: 'src/store/scheduled-calls/rows.ts' },
  // A capability's own store and store/shared.
  { from: 'src/domain/borrowers/allowed-2.ts', to: 'src/store/borrowers/allowed-2.ts' },
  { from: 'src/domain/borrowers/allowed-3.ts', to: 'src/store/shared/allowed-3.ts' },
  // The one enrollment writer.
  { from: 'src/domain/enrollment/allowed-4.ts', to: 'src/store/enrollment/enrollments.ts' },
];

/** Rules about one file name: the file their plant imports from. */
const FILES = ['src/store/planning/rows.ts'];

function plantFor(rule: (typeof config.forbidden)[number], i: number): Plant {
  const fromFile = FILES.find((f) => new RegExp(rule.from.path ?? '^src/').test(f));
  const from = FOLDERS.find((f) => new RegExp(rule.from.path ?? '^src/').test(`${f}/x.ts`));
  if (!from && fromFile) {
    const to = FOLDERS.find((f) => new RegExp(rule.to.path ?? '^src/').test(`${f}/x.ts`));
    if (!to) throw new Error(`no folder for rule ${rule.name}`);
    return { rule: rule.name, from: fromFile, to: `${to}/target-${i}.ts` };
  }
  const to = FOLDERS.find(
    (f) =>
      f !== from &&
      new RegExp(rule.to.path ?? '^src/').test(`${f}/x.ts`) &&
      !(rule.to.pathNot && new RegExp(rule.to.pathNot).test(`${f}/x.ts`)),
  );
  if (!from || !to) throw new Error(`no folder pair for rule ${rule.name}`);
  return { rule: rule.name, from: `${from}/plant-${i}.ts`, to: `${to}/target-${i}.ts` };
}

let dir: string;
let violations: Array<{ rule: { name: string }; from: string; to: string }>;
const plants = [...config.forbidden.filter((r) => !r.to.circular).map(plantFor), ...STATED];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'layer-rules-'));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  for (const p of [...plants, ...ALLOWED]) {
    write(p.to, 'export const x = 1;\n');
    write(
      p.from,
      `import { x } from './${path.relative(path.dirname(p.from), p.to).replace(/\.ts$/, '.js')}';\nexport const y = x;\n`.replace(
        './../',
        '../',
      ),
    );
  }
  // A circle, inside one folder no other rule watches.
  write('src/lib/circle-a.ts', "import { b } from './circle-b.js';\nexport const a = () => b;\n");
  write('src/lib/circle-b.ts', "import { a } from './circle-a.js';\nexport const b = () => a;\n");
  write(
    'tsconfig.json',
    JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', allowJs: false } }),
  );
  const bin = path.join(root, 'node_modules', '.bin', 'depcruise');
  const run = await promisify(execFile)(
    bin,
    ['src', '--config', path.join(root, '.dependency-cruiser.cjs'), '--output-type', 'json'],
    { cwd: dir, maxBuffer: 64 * 1024 * 1024 },
  ).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
  violations = JSON.parse(run.stdout).summary.violations;
}, 60_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the layer rules fail on a planted violation', () => {
  it.each(plants)('$rule: $from → $to', (p) => {
    expect(violations.some((v) => v.rule.name === p.rule && v.from === p.from && v.to === p.to)).toBe(true);
  });

  it.each(ALLOWED)('allowed: $from → $to', (p) => {
    expect(violations.filter((v) => v.from === p.from && v.to === p.to).map((v) => v.rule.name)).toEqual([]);
  });

  it('no-circular: an import circle', () => {
    expect(violations.some((v) => v.rule.name === 'no-circular' && v.from.startsWith('src/lib/circle-'))).toBe(true);
  });

  it('enrollment-one-writer: the file the rule lets others import exports one function, writeEnrollment', () => {
    const text = fs.readFileSync(path.join(root, 'src/store/enrollment/enrollments.ts'), 'utf8');
    const exported = [...text.matchAll(/^export (?:async )?(?:function|const|let|class) (\w+)/gm)].map((m) => m[1]);
    expect([...new Set(exported)]).toEqual(['writeEnrollment']);
  });

  it('every rank rule has a plant (a new capability folder gets one)', () => {
    const ranked = config.forbidden
      .filter((r) => r.name.startsWith('domain-') && r.name.endsWith('-rank'))
      .map((r) => r.name);
    expect(ranked.length).toBeGreaterThan(10);
    for (const name of ranked) expect(plants.map((p) => p.rule)).toContain(name);
  });
});
