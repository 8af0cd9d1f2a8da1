/** ACH and the payment data it acts on (issue 5): payment methods, authorizations, payments, returns. */
export * from './payment-methods.js';
export * from './payments.js';
