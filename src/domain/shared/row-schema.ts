import type { ErrorObject, ValidateFunction } from 'ajv';
import { loadOpenApiDocument } from '../../contract/openapi-document.js';
import { describeErrors } from '../../contract/schema-errors.js';
import { createAjv } from '../../lib/ajv.js';

/**
 * Batch rows are loose in the request schema (a bad row must fail alone, when it runs), so each row
 * is type-checked here against the spec's own row schema, compiled once from the bundled contract.
 */
export type RowSchemaName =
  'CustomerCreate' | 'LoanInput' | 'AchReturnSubmission' | 'AchConfirmSubmission' | 'ContactAttemptSubmission';

let validators: Map<RowSchemaName, ValidateFunction> | undefined;

function validator(name: RowSchemaName): ValidateFunction {
  if (!validators) {
    const ajv = createAjv({ allErrors: true, validateSchema: false });
    ajv.addSchema({ $id: 'contract.json', components: loadOpenApiDocument().components }, undefined, undefined, false);
    validators = new Map();
    for (const n of [
      'CustomerCreate',
      'LoanInput',
      'AchReturnSubmission',
      'AchConfirmSubmission',
      'ContactAttemptSubmission',
    ] as const)
      validators.set(n, ajv.getSchema(`contract.json#/components/schemas/${n}`)!);
  }
  return validators.get(name)!;
}

/**
 * The row's type problems as one sentence (the same wording as request validation), or null.
 * `ignore` drops errors another rule reports better (e.g. missing customer fields, which the
 * customer workflow lists in field-table order).
 */
export function rowProblems(
  name: RowSchemaName,
  row: unknown,
  ignore: (e: ErrorObject) => boolean = () => false,
): string | null {
  const validate = validator(name);
  if (validate(row)) return null;
  const errors = (validate.errors ?? []).filter((e) => !ignore(e));
  return errors.length ? describeErrors(errors) : null;
}
