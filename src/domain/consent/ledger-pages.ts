/** The consent ledger as the examiner's export pages it (src/domain/audit/contact-export.ts). */
export { pageConsentEvents } from '../../store/consent/consent-pages.js';
export { pageReassignedAnswers } from '../../store/consent/reassigned-answers.js';
