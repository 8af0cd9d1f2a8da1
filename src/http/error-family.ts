/**
 * The contract has three error body shapes; which one an operation uses is fixed per operation
 * (interface specification, Errors; docs/partners/limits.md#error-shapes). Everything not listed here uses `{error, message}`.
 */
export type ErrorFamily = 'detailString' | 'detailObject' | 'errorMessage';

const FAMILIES: Record<string, ErrorFamily> = {
  createCustomer: 'detailString',
  createCustomerBatch: 'detailObject',
  syncCustomerSchedule: 'detailObject',
};

export function errorFamilyOf(operationId: string | undefined): ErrorFamily {
  return (operationId && FAMILIES[operationId]) || 'errorMessage';
}

export function errorBody(family: ErrorFamily, status: number, code: string, message: string): unknown {
  switch (family) {
    case 'detailString':
      return { detail: message };
    case 'detailObject':
      return { detail: { code, message } };
    default:
      return { error: status, message };
  }
}
