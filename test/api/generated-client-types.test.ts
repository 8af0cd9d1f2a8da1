import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { createClient } from '@hey-api/openapi-ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * What a partner's generator makes of the published batch rows (issue 29): the types of
 * @hey-api/openapi-ts (generated here, offline, from generated/openapi.json) and of
 * openapi-typescript (generated/api-types.ts) must accept a correct row and reject a misspelled
 * field, a string customer and `42` as a loan. A row type that collapsed to `unknown` accepts all
 * three, so each expected diagnostic is asserted by line and code.
 */

const ROWS = `
const customer: CustomerBatchRow = { id: 'c-1', taskType: 'PendingLoanNewLead', firstName: 'Ada', phoneNumber: '(212) 736-5000' };
const enrollment: CustomerBatchRow = { idempotencyKey: 'row-1', id: 'c-1', loanId: 'l-1', taskType: 'PendingLoanNewLead' };
const loan: LoanBatchRow = { id: 'l-1', customerId: 'c-1', originationDate: '2026-12-01' };
const achReturn: AchReturnBatchRow = { customer_id: 'c-1', loan_id: 'l-1', payment_id: 'p-1', ach_return_code: 'R01', ach_return_date: '2026-03-24' };
const misspelled: CustomerBatchRow = { id: 'c-1', taskType: 'PendingLoanNewLead', firstNme: 'Ada' };
const text: CustomerBatchRow = 'c-1';
const number: LoanBatchRow = 42;
const loanTypo: LoanBatchRow = { id: 'l-1', customerID: 'c-1' };
const returnTypo: AchReturnBatchRow = { customer_id: 'c-1', loan_id: 'l-1', paymentId: 'p-1' };
export const rows = [customer, enrollment, loan, achReturn, misspelled, text, number, loanTypo, returnTypo];
`;

/** "Object literal may only specify known properties" (2561 when tsc also suggests the right name). */
const EXCESS_PROPERTY = [2353, 2561];
/** "Type 'X' is not assignable to type 'Y'". */
const NOT_ASSIGNABLE = [2322];

/** The constant of ROWS → the diagnostic it must raise; every other constant compiles. */
const EXPECTED: Record<string, { codes: number[]; mentions: string }> = {
  misspelled: { codes: EXCESS_PROPERTY, mentions: "'firstNme'" },
  text: { codes: NOT_ASSIGNABLE, mentions: "Type 'string'" },
  number: { codes: NOT_ASSIGNABLE, mentions: "Type 'number'" },
  loanTypo: { codes: EXCESS_PROPERTY, mentions: "'customerID'" },
  returnTypo: { codes: EXCESS_PROPERTY, mentions: "'paymentId'" },
};

interface Found {
  name: string;
  code: number;
  message: string;
}

/** Type-checks `header + ROWS` in `dir` (where the generated types sit); the diagnostics by the constant they hit. */
function check(dir: string, header: string): Found[] {
  const file = path.join(dir, 'rows-check.ts');
  fs.writeFileSync(file, header + ROWS);
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    types: [],
  });
  const source = program.getSourceFile(file)!;
  const headerLines = header.split('\n').length - 1;
  const names = ROWS.split('\n');
  return ts.getPreEmitDiagnostics(program).map((d) => {
    expect(d.file?.fileName, ts.flattenDiagnosticMessageText(d.messageText, '\n')).toBe(source.fileName);
    const line = source.getLineAndCharacterOfPosition(d.start!).line - headerLines;
    const name = /^const (\w+)/.exec(names[line] ?? '')?.[1] ?? `line ${line}`;
    return { name, code: d.code, message: ts.flattenDiagnosticMessageText(d.messageText, '\n') };
  });
}

function expectPreciseRows(found: Found[]): void {
  expect(found.map((f) => f.name).sort()).toEqual(Object.keys(EXPECTED).sort());
  for (const f of found) {
    const want = EXPECTED[f.name];
    expect(want.codes, f.message).toContain(f.code);
    expect(f.message).toContain(want.mentions);
  }
}

describe('batch row types of generated clients', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-types-'));
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it(
    '@hey-api/openapi-ts: correct rows compile; a misspelled field, a string customer and 42 as a loan do not',
    { timeout: 60_000 },
    async () => {
      const out = path.join(dir, 'hey-api');
      await createClient({
        input: path.resolve('generated/openapi.json'),
        output: { path: out },
        plugins: ['@hey-api/typescript'],
        logs: { level: 'silent' },
      });
      const types = fs.readFileSync(path.join(out, 'types.gen.ts'), 'utf8');
      // The generated aliases themselves: no `unknown` branch left in a row union.
      for (const row of ['CustomerBatchRow', 'LoanBatchRow', 'AchReturnBatchRow', 'AchConfirmBatchRow']) {
        const alias = new RegExp(`export type ${row} = ([^;]+);`).exec(types)?.[1];
        expect(alias, row).toBeDefined();
        expect(alias).not.toMatch(/\bunknown\b/);
      }
      const header =
        "import type { AchReturnBatchRow, CustomerBatchRow, LoanBatchRow } from './hey-api/types.gen.js';\n";
      expectPreciseRows(check(dir, header));
    },
  );

  it('openapi-typescript (generated/api-types.ts): the same rows, the same diagnostics', { timeout: 60_000 }, () => {
    fs.copyFileSync(path.resolve('generated/api-types.ts'), path.join(dir, 'api-types.ts'));
    const header = [
      "import type { components } from './api-types.js';",
      "type CustomerBatchRow = components['schemas']['CustomerBatchRow'];",
      "type LoanBatchRow = components['schemas']['LoanBatchRow'];",
      "type AchReturnBatchRow = components['schemas']['AchReturnBatchRow'];",
      '',
    ].join('\n');
    expectPreciseRows(check(dir, header));
  });
});
