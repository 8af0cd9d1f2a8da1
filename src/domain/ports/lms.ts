/**
 * The lender's loan management system (LMS), read-only: what `sync: true` and `loanIds` need.
 * One adapter per LMS product lives in src/adapters/lms/; a second LMS is one more adapter file
 * registered by its `kind` (src/adapters/lms/connectors.ts).
 *
 * Adapters report faults with the domain's error kinds, so every LMS fails the same way:
 * - UnavailableError: the LMS did not answer in time or answered 5xx after the retries (503 + Retry-After);
 * - UpstreamError `lms_credentials_rejected`: the LMS refused the configured credentials;
 * - UpstreamError `lms_bad_response`: the LMS answered something we cannot read;
 * - UpstreamError `lms_request_rejected`: the LMS refused the request for another reason than an
 *   unknown id (LoanPro's 409 for an endpoint typo, for instance): a configuration error;
 * - NotFoundError: no such customer in the LMS; InvalidInputError: a requested loan is not that customer's.
 */

import type { LmsConfig } from '../shared/company-config.js';

declare module '../shared/context.js' {
  interface CompanyContext {
    /** The company's LMS connector, resolved on first use (undefined: none configured). */
    lms?: () => LmsConnector | undefined;
  }
}

/**
 * Customer write fields the LMS can supply, already in our shapes (E.164 not yet applied; dates
 * YYYY-MM-DD). Absent: the LMS has no value to give; a date that is null: the LMS says there is none.
 */
export interface LmsCustomer {
  firstName?: string;
  lastName?: string;
  email?: string;
  birthday?: string | null;
  ssnLastFour?: string;
  phoneNumber?: string;
  streetAddress1?: string;
  streetAddress2?: string;
  city?: string;
  state?: string;
  zipCode?: string;
  /**
   * Contract keys (home_phone, cell_phone, employer_name, …). `phoneNumber`, `cell_phone` and
   * `home_phone` are numbers the LMS allows us to call (`phoneNumber` is also texted): an adapter
   * leaves out a number its LMS marks as not to be called or texted.
   */
  externalMetadata?: Record<string, string>;
}

/**
 * Loan fields the LMS can supply (the LoanInput fields except customerId). Amounts are finite numbers.
 * Absent: no value to give; a date that is null: the LMS says there is none (a stored one is cleared).
 */
export interface LmsLoan {
  id: string;
  type?: string;
  applicationStatus?: string;
  servicingStatus?: string;
  originationDate?: string | null;
  startDate?: string | null;
  dueDate?: string | null;
  totalBalance?: number;
  amountDue?: number;
  originalFundedAmount?: number;
  interestRate?: number;
  apr?: number;
  payoffAmount?: number;
  autopayEnabled?: boolean;
  daysPastDueAtBoarding?: number;
  externalLmsMetadata?: Record<string, unknown>;
}

/** A loan's current status and sub-status as the LMS names them (read again before a collections call). */
export interface LmsLoanStanding {
  status?: string;
  subStatus?: string;
}

/** One phone of a customer with the LMS's flags on it, the number as the LMS stores it (read again before a call). */
export interface LmsPhoneFlags {
  number: string;
  /** The LMS says never to call it automatically (LoanPro's `dndEnabled`). */
  doNotCall: boolean;
  /** False: the LMS marks the phone inactive. */
  active: boolean;
}

export interface LmsConnector {
  /** Names the connector in messages, e.g. `LoanPro (instance 5200776)`. */
  readonly label: string;
  /** The customer whose LMS id is `customerId` (our customer `id`). */
  getCustomer(customerId: string): Promise<LmsCustomer>;
  /** One loan of that customer; a loan of another customer is refused like a missing one. */
  getLoan(customerId: string, loanId: number): Promise<LmsLoan>;
  /** The loan's current status and sub-status (NotFoundError: the LMS has no such loan). */
  loanStanding(loanId: number): Promise<LmsLoanStanding>;
  /** Every phone of the customer with its flags (NotFoundError: the LMS has no such customer). */
  customerPhones(customerId: string): Promise<LmsPhoneFlags[]>;
}

/** The connector of a company, from its configuration's `lms` section (undefined: none configured). */
export type LmsResolver = (companyId: string, lms: LmsConfig | undefined) => LmsConnector | undefined;
