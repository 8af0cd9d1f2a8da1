import type { LmsCustomer, LmsPhoneFlags } from '../../../domain/ports/lms.js';
import { collection, date, entity, enumValue, flag, text } from './odata.js';

/** What GET Customers({id}) must expand for the mapping below (single nested objects). */
export const CUSTOMER_EXPAND = 'PrimaryAddress,Employer';
/** The customer's lists the mapping reads, each from its own endpoint (`Customers({id})/Phones`), every page. */
export const CUSTOMER_LISTS = ['Phones'] as const;

type Obj = Record<string, unknown>;

/**
 * A LoanPro customer (the `d` of Customers({id})?$expand=PrimaryAddress,Employer, with its Phones list
 * as `Phones.results`) as our customer write fields. One row per field of the LMS mapping table
 * (docs/partners/lms.md#loanpro-field-mapping); absent stays absent.
 */
export function mapCustomer(d: Obj): LmsCustomer {
  const p = 'd';
  const address = entity(d, 'PrimaryAddress', p);
  const employer = entity(d, 'Employer', p);
  const phones = dialablePhones(d);
  const textable = phones.filter((x) => x.textable);
  const ssn = text(d, 'ssn', p)?.replace(/\D/g, '');
  const out: LmsCustomer = {
    firstName: text(d, 'firstName', p),
    lastName: text(d, 'lastName', p),
    email: text(d, 'email', p),
    birthday: date(d, 'birthDate', p),
    ssnLastFour: ssn && ssn.length >= 4 ? ssn.slice(-4) : undefined,
    // phoneNumber is dialed and texted: only a phone that may be texted (see dialablePhones).
    phoneNumber: (textable.find((x) => x.primary) ?? textable[0])?.number,
    streetAddress1: address && text(address, 'address1', `${p}.PrimaryAddress`),
    streetAddress2: address && text(address, 'address2', `${p}.PrimaryAddress`),
    city: address && text(address, 'city', `${p}.PrimaryAddress`),
    state: address && enumValue(address, 'state', `${p}.PrimaryAddress`),
    zipCode: address && text(address, 'zipcode', `${p}.PrimaryAddress`),
  };
  const metadata: Record<string, string | null | undefined> = {
    cell_phone: phones.find((x) => x.type === 'cell' || x.type === 'cellSmartPhone')?.number,
    home_phone: phones.find((x) => x.type === 'home')?.number,
    employer_name: employer && text(employer, 'companyName', `${p}.Employer`),
    employer_phone: employer && text(employer, 'phone', `${p}.Employer`),
    pay_frequency: employer && enumValue(employer, 'payDateFrequency', `${p}.Employer`),
    pay_day: employer && date(employer, 'payDate', `${p}.Employer`),
  };
  const present = Object.entries(metadata).filter((e): e is [string, string] => typeof e[1] === 'string');
  if (present.length > 0) out.externalMetadata = Object.fromEntries(present);
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined));
}

/**
 * The phones we may dial, in LoanPro's order: active and not "Do Not Call" (`dndEnabled`: LoanPro
 * removes such a number from any automated phone service,
 * https://developers.loanpro.io/reference/addremove-dnd-phone-customer). Each says whether it may
 * also be texted: verified with LoanPro's SMS provider for account texts (`sbtActVerified`) and not a
 * landline (https://help.loanpro.io/article/ds9jms85n8-customer-phone-entity-customer-phone-entity).
 */
function dialablePhones(d: Obj) {
  return collection(d, 'Phones', 'd').flatMap((phone, i) => {
    const at = `d.Phones.results[${i}]`;
    const number = text(phone, 'phone', at);
    if (!number || flag(phone, 'active', at) === false || flag(phone, 'dndEnabled', at) === true) return [];
    const textable = flag(phone, 'sbtActVerified', at) === true && flag(phone, 'isLandLine', at) !== true;
    return [{ number, type: enumValue(phone, 'type', at), primary: flag(phone, 'isPrimary', at) === true, textable }];
  });
}

/**
 * Every phone of the customer (the `results` of `Customers({id})/Phones`) with the flags read again
 * before a call: `dndEnabled` ("Do Not Call": LoanPro removes the number from any automated phone
 * service, https://developers.loanpro.io/reference/addremove-dnd-phone-customer) and `active`
 * (https://help.loanpro.io/article/ds9jms85n8-customer-phone-entity-customer-phone-entity). A phone
 * without a number is left out; a flag LoanPro leaves out reads as not set.
 */
export function mapPhoneFlags(phones: Obj[]): LmsPhoneFlags[] {
  return phones.flatMap((phone, i) => {
    const at = `d.results[${i}]`;
    const number = text(phone, 'phone', at);
    if (!number) return [];
    return [{ number, doNotCall: flag(phone, 'dndEnabled', at) === true, active: flag(phone, 'active', at) !== false }];
  });
}
