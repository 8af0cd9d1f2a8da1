/**
 * The scheduled message (email, SMS), one owner for every capability that writes or reads it:
 * planning writes and cancels messages, messages sends them, the rules read what was sent. Its
 * statements are src/store/scheduled-messages/ (docs/architecture/decisions/table-owners.md).
 */
export * from '../../store/scheduled-messages/scheduled-messages.js';
export * from '../../store/scheduled-messages/sms-early-statuses.js';
