/**
 * The borrower's record every capability reads (docs/architecture/layers.md): the customer's row,
 * lookups by id and key, contact restrictions and loans. Ranked low so that consent, planning, calls and
 * messages reach a customer through one owner; the use cases on customers (create, update, LMS
 * fill, eligibility) are src/domain/customers/.
 */
export {
  type CustomerFields,
  type CustomerRow,
  type CustomerUpsert,
  customerExists,
  existingCustomerIds,
  getCustomer,
  getCustomerForUpdate,
  getCustomersByKey,
  listCustomersByEmail,
  updateCustomer,
  upsertCustomer,
  upsertCustomers,
} from '../../store/borrowers/customers.js';
export {
  type ContactRestrictionRow,
  type RestrictionKind,
  getRestriction,
  getRestrictionById,
  insertRestriction,
  liftRestriction,
  listActiveRestrictions,
  listActiveRestrictionsOf,
  pageRestrictionChanges,
  listAllRestrictions,
} from '../../store/borrowers/contact-restrictions.js';
export * from '../../store/borrowers/loans.js';
export {
  type OutsideChannel,
  type OutsideContactRow,
  type OutsideDirection,
  findOutsideContact,
  insertOutsideContact,
  listOutsideContactsOf,
  type LedgerCursor,
  pageOutsideContacts,
} from '../../store/borrowers/outside-contacts.js';
