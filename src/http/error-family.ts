/**
 * The contract has three error body shapes; which one an operation uses is fixed per operation
 * (interface specification, Errors; docs/partners/limits.md#error-shapes). Everything not listed here uses `{error, message}`.
 */
export type ErrorFamily = 'detailString' | 'detailObject' | 'errorMessage' | 'page';

const FAMILIES: Record<string, ErrorFamily> = {
  createCustomer: 'detailString',
  createCustomerBatch: 'detailObject',
  syncCustomerSchedule: 'detailObject',
  // Followed by a borrower in a browser: every answer is an HTML page (src/http/error-page.ts).
  openPaymentLink: 'page',
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
    case 'page':
      return message; // the text of the page; errorResult wraps it (src/http/error-page.ts)
    default:
      return { error: status, message };
  }
}
