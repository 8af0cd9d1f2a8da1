import { describe, expect, it } from 'vitest';
import { loadOpenApiDocument } from '../src/contract/openapi-document.js';
import { withoutAlwaysValidUnions } from '../src/contract/validation-document.js';

describe('the contract as the request validator sees it', () => {
  it('drops an anyOf only when one member accepts any value', () => {
    const doc = withoutAlwaysValidUnions({
      a: { description: 'rows', anyOf: [{ type: 'object' }, { description: 'anything' }] },
      b: { anyOf: [{ type: 'object' }, { type: 'string' }] },
      c: { anyOf: [{ type: 'object' }, true] },
      d: { anyOf: [{ type: 'object' }, {}], unevaluatedProperties: false },
    });
    expect(doc.a).toEqual({ description: 'rows' });
    expect(doc.b.anyOf).toHaveLength(2);
    expect(doc.c).toEqual({});
    expect(doc.d.anyOf).toHaveLength(2); // its members decide which properties count as evaluated
  });

  it('changes the batch rows of the contract only, and never the served document', () => {
    const served = loadOpenApiDocument();
    const before = JSON.stringify(served);
    const copy = withoutAlwaysValidUnions(structuredClone(served)) as unknown as { components: { schemas: Record<string, unknown> } };
    expect(JSON.stringify(served)).toBe(before);
    const schemas = (served as unknown as typeof copy).components.schemas;
    const changed = Object.keys(schemas).filter((name) => JSON.stringify(schemas[name]) !== JSON.stringify(copy.components.schemas[name]));
    expect(changed.sort()).toEqual(['AchConfirmBatchRow', 'AchReturnBatchRow', 'CustomerBatchRow', 'LoanBatchRow']);
  });
});
