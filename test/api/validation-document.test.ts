import { describe, expect, it } from 'vitest';
import { loadOpenApiDocument } from '../../src/contract/openapi-document.js';
import { withRowsValidatedPerRow } from '../../src/contract/validation-document.js';

describe('the contract as the request validator sees it', () => {
  it('keeps only the annotations of a schema marked x-validated-per-row', () => {
    const doc = withRowsValidatedPerRow({
      a: { description: 'rows', anyOf: [{ type: 'object' }, { type: 'string' }], 'x-validated-per-row': true },
      b: { anyOf: [{ type: 'object' }, { type: 'string' }] },
      c: { $ref: '#/x', 'x-validated-per-row': true, title: 'row' },
      d: { type: 'object', 'x-validated-per-row': false },
    });
    expect(doc.a).toEqual({ description: 'rows' });
    expect(doc.b.anyOf).toHaveLength(2);
    expect(doc.c).toEqual({ title: 'row' });
    expect(doc.d).toEqual({ type: 'object', 'x-validated-per-row': false });
  });

  it('changes the batch rows of the contract only, and never the served document, whose rows are precise', () => {
    const served = loadOpenApiDocument();
    const before = JSON.stringify(served);
    const copy = withRowsValidatedPerRow(structuredClone(served)) as unknown as {
      components: { schemas: Record<string, Record<string, unknown>> };
    };
    expect(JSON.stringify(served)).toBe(before);
    const schemas = (served as unknown as typeof copy).components.schemas;
    const changed = Object.keys(schemas).filter(
      (name) => JSON.stringify(schemas[name]) !== JSON.stringify(copy.components.schemas[name]),
    );
    expect(changed.sort()).toEqual([
      'AchConfirmBatchRow',
      'AchReturnBatchRow',
      'ContactAttemptBatchRow',
      'CustomerBatchRow',
      'LoanBatchRow',
    ]);
    // No member that accepts any value: generated clients get the row types, not `unknown`.
    expect(schemas.CustomerBatchRow.anyOf).toEqual([
      { $ref: '#/components/schemas/CustomerCreate' },
      { $ref: '#/components/schemas/EnrollmentBatchRow' },
    ]);
    expect(schemas.LoanBatchRow.$ref).toBe('#/components/schemas/LoanInput');
    expect(schemas.AchReturnBatchRow.$ref).toBe('#/components/schemas/AchReturnSubmission');
  });
});
