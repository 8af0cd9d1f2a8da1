import type { CompanyConfig } from '../shared/company-config.js';

/** The contract's customer field table order: missing-field messages list names in this order. */
export const FIELD_ORDER = [
  'id',
  'firstName',
  'lastName',
  'timezone',
  'phoneNumber',
  'taskType',
  'email',
  'birthday',
  'ssnLastFour',
  'streetAddress1',
  'city',
  'state',
  'zipCode',
] as const;

type Body = Record<string, unknown>;

const present = (body: Body, field: string) => body[field] !== undefined && body[field] !== null && body[field] !== '';

/**
 * Names of the required fields absent from a customer write (POST /customers and customer-create
 * batch rows), in field-table order. `current` is today's contract; `announced` is the announced
 * change a company can opt into early (customerContract setting). "a or b" entries name pairs of
 * which at least one is needed.
 */
export function missingCustomerFields(body: Body, contract: CompanyConfig['customerContract']): string[] {
  const sync = body.sync === true;
  const missing = new Set<string>();
  const need = (field: string) => {
    if (!present(body, field)) missing.add(field);
  };
  for (const f of ['id', 'firstName', 'lastName', 'taskType', 'streetAddress1', 'city'] as const) {
    if (sync && (f === 'streetAddress1' || f === 'city')) continue;
    need(f);
  }
  if (contract === 'current') {
    need('timezone');
    need('phoneNumber');
    if (!sync) {
      need('email');
      need('zipCode');
      need('state');
    }
  } else {
    need('birthday');
    need('ssnLastFour');
    need('state');
    if (!present(body, 'email') && !present(body, 'phoneNumber')) missing.add('phoneNumber or email');
    if (!present(body, 'timezone') && !present(body, 'zipCode')) missing.add('timezone or zipCode');
  }
  const rank = (name: string) => FIELD_ORDER.indexOf(name.split(' ')[0] as (typeof FIELD_ORDER)[number]);
  return [...missing].sort((a, b) => rank(a) - rank(b));
}
