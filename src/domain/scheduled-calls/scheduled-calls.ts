/**
 * The scheduled call, one owner for every capability that writes or reads it: planning writes and
 * cancels calls, calls dials and completes them, messages and the rules read the history. Its
 * statements are src/store/scheduled-calls/ (docs/architecture/decisions/table-owners.md).
 */
export * from '../../store/scheduled-calls/scheduled-calls.js';
export * from '../../store/scheduled-calls/dial-states.js';
export * from '../../store/scheduled-calls/reconcile-leases.js';
export * from './requested.js';
