/**
 * The lender's payment page address (company configuration `paymentLinks.urlTemplate`,
 * docs/partners/outcomes.md#pay-by-link): an https URL with placeholders the service fills when a
 * borrower follows a payment link. Shared vocabulary: the configuration's checks and the link's
 * redirect use the same rules.
 */
export const PAYMENT_URL_PLACEHOLDERS = ['customerId', 'loanId', 'amount', 'reference'] as const;
export type PaymentUrlPlaceholder = (typeof PAYMENT_URL_PLACEHOLDERS)[number];
export type PaymentUrlValues = Record<PaymentUrlPlaceholder, string | null>;

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** The template with each placeholder replaced by its value, percent-encoded (an unknown value is empty). */
export function fillPaymentUrl(template: string, values: PaymentUrlValues): string {
  return template.replace(PLACEHOLDER, (_, name: string) =>
    encodeURIComponent(values[name as PaymentUrlPlaceholder] ?? ''),
  );
}

/**
 * Why the template is not usable, or null: it must be an https URL whose scheme and host come
 * before any placeholder (a link can never lead to another host than the lender's), and name only
 * the known placeholders.
 */
export function paymentUrlTemplateProblem(template: string): string | null {
  const unknown = [...template.matchAll(PLACEHOLDER)]
    .map((m) => m[1])
    .filter((name) => !(PAYMENT_URL_PLACEHOLDERS as readonly string[]).includes(name));
  if (unknown.length > 0)
    return `unknown placeholder {${unknown[0]}}; allowed: ${PAYMENT_URL_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}`;
  if (/[{}]/.test(template.replace(PLACEHOLDER, ''))) return 'an unmatched { or }';
  let filled: URL;
  try {
    filled = new URL(fillPaymentUrl(template, { customerId: 'c', loanId: 'l', amount: '1.00', reference: 'r' }));
  } catch {
    return 'not a URL';
  }
  if (filled.protocol !== 'https:') return 'must use https';
  if (filled.username || filled.password) return 'must not carry a user name or password';
  const beforeFirst = template.split('{')[0];
  let origin: string | null;
  try {
    origin = new URL(beforeFirst).origin;
  } catch {
    origin = null;
  }
  // The host must be complete before the first placeholder: "https://{customerId}.pay.example" is refused.
  if (
    origin !== filled.origin ||
    !/^https:\/\/[^/?#]+[/?#]/.test(`${beforeFirst}${template === beforeFirst ? '/' : ''}`)
  )
    return 'placeholders may stand only after the host (in the path, query or fragment)';
  return null;
}
