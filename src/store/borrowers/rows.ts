import { fromJson, type JsonColumn, readInstant, readText, toBool, toDateOnly, toJson } from '../shared/columns.js';

// The customer's row as every store folder may know it (no statement here): the type, the mapper of
// a read row and the insert row (docs/architecture/decisions/table-owners.md#row-files).

/** Mirrors the `customers` table, camel-cased. */
export interface CustomerRow {
  companyId: string;
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  birthday: string | null;
  ssnLastFour: string | null;
  /** BCP 47 tag as sent (src/domain/shared/language.ts); null: the company's default language. */
  language: string | null;
  timezone: string | null;
  phoneNumber: string | null;
  streetAddress1: string | null;
  streetAddress2: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  doNotCall: boolean;
  isTest: boolean;
  taskType: string | null;
  externalMetadata: Record<string, unknown> | null;
  loanIds: number[] | null;
  createdAt: string;
  updatedAt: string;
}

export type CustomerFields = Omit<CustomerRow, 'companyId' | 'id' | 'createdAt' | 'updatedAt'>;

export const CUSTOMER_COLUMNS: Record<keyof CustomerFields, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  birthday: 'birthday',
  ssnLastFour: 'ssn_last_four',
  language: 'language',
  timezone: 'timezone',
  phoneNumber: 'phone_number',
  streetAddress1: 'street_address1',
  streetAddress2: 'street_address2',
  city: 'city',
  state: 'state',
  zipCode: 'zip_code',
  doNotCall: 'do_not_call',
  isTest: 'is_test',
  taskType: 'task_type',
  externalMetadata: 'external_metadata',
  loanIds: 'loan_ids',
};

const JSON_FIELDS = new Set<keyof CustomerFields>(['externalMetadata', 'loanIds']);
/** The columns that hold JSON text in customerInsertRow's result. */
export const CUSTOMER_JSON_COLUMNS = [...JSON_FIELDS].map((f) => CUSTOMER_COLUMNS[f]);
export function toColumns(fields: Partial<CustomerFields>, json: JsonColumn = toJson): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields) as [keyof CustomerFields, unknown][]) {
    if (value === undefined) continue;
    out[CUSTOMER_COLUMNS[key]] = JSON_FIELDS.has(key) ? json(value) : value;
  }
  return out;
}

export function customerFromRow(r: Record<string, unknown>): CustomerRow {
  return {
    companyId: String(r.company_id),
    id: String(r.id),
    firstName: String(r.first_name),
    lastName: String(r.last_name),
    email: readText(r.email),
    birthday: toDateOnly(r.birthday),
    ssnLastFour: readText(r.ssn_last_four),
    language: readText(r.language),
    timezone: readText(r.timezone),
    phoneNumber: readText(r.phone_number),
    streetAddress1: readText(r.street_address1),
    streetAddress2: readText(r.street_address2),
    city: readText(r.city),
    state: readText(r.state),
    zipCode: readText(r.zip_code),
    doNotCall: toBool(r.do_not_call),
    isTest: toBool(r.is_test),
    taskType: readText(r.task_type),
    externalMetadata: fromJson(r.external_metadata),
    loanIds: fromJson(r.loan_ids),
    createdAt: readInstant(r.created_at)!,
    updatedAt: readInstant(r.updated_at)!,
  };
}

/**
 * A new customer's row as every insert writes it (column names as keys). An enrollment's customer is
 * written only through store/enrollment/enrollment-rows.ts, which builds it here.
 */
export function customerInsertRow(
  companyId: string,
  id: string,
  fields: CustomerFields,
  at: string,
  json: JsonColumn = toJson,
): Record<string, unknown> {
  return { company_id: companyId, id, ...toColumns(fields, json), created_at: at, updated_at: at };
}
