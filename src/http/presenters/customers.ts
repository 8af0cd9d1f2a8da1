import type { CustomerRow } from '../../domain/customers/records.js';
import type { components } from '../../../generated/api-types.js';

export type CustomerBody = components['schemas']['Customer'];

/** The customer response body. `loanId` is never part of it. */
export function presentCustomer(c: CustomerRow): CustomerBody {
  return {
    id: c.id,
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    birthday: c.birthday,
    ssnLastFour: c.ssnLastFour,
    ...(c.language ? { language: c.language } : {}),
    timezone: c.timezone,
    phoneNumber: c.phoneNumber,
    streetAddress1: c.streetAddress1,
    streetAddress2: c.streetAddress2,
    city: c.city,
    state: c.state,
    zipCode: c.zipCode,
    doNotCall: c.doNotCall,
    isTest: c.isTest,
    taskType: c.taskType,
    externalMetadata: c.externalMetadata ?? {},
  } as CustomerBody;
}
