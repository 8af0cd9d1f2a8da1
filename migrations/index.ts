import type { Knex } from 'knex';
import * as foundation from './20261121_001_foundation.js';
import * as jobs from './20261121_002_jobs.js';
import * as ach from './20261121_003_ach.js';
import * as outreach from './20261121_004_outreach.js';
import * as oneDefaultMethod from './20261121_005_one_default_method.js';
import * as calls from './20261122_006_calls.js';
import * as authChanges from './20261122_006_auth_changes.js';
import * as webhooks from './20261122_006_webhooks.js';
import * as messages from './20261122_011_messages.js';
import * as callReconcile from './20261123_014_call_reconcile.js';
import * as callbackInbox from './20261123_015_callback_inbox.js';
import * as smsEarlyStatuses from './20261123_016_sms_early_statuses.js';
import * as batchSlices from './20261125_017_batch_slices.js';
import * as achSettlements from './20261126_018_ach_settlements.js';
import * as achReturnRateLevels from './20261126_019_ach_return_rate_levels.js';
import * as firstDialLease from './20261126_020_first_dial_lease.js';
import * as contactDecisionsAudit from './20261126_021_contact_decisions_audit.js';
import * as consentEvents from './20261126_022_consent_events.js';
import * as volumeIndexes from './20261126_023_volume_indexes.js';
import * as consoleUsers from './20261126_024_console_users.js';
import * as enrollDialingIndex from './20261126_025_enroll_dialing_index.js';
import * as retentionIndexes from './20261127_026_retention_indexes.js';
import * as webhookDeliveryIndexes from './20261127_027_webhook_delivery_indexes.js';
import * as pendingCallOrderIndex from './20261127_028_pending_call_order_index.js';
import * as voiceAgentVersions from './20261128_029_voice_agent_versions.js';
import * as smsNumbers from './20261128_032_sms_numbers.js';
import * as customerLanguage from './20261128_033_customer_language.js';
import * as inboundReviews from './20261128_035_inbound_reviews.js';
import * as outsideContacts from './20261128_038_outside_contacts.js';
import * as restrictionClearing from './20261128_041_restriction_clearing.js';
import * as callOutcomeValues from './20261128_042_call_outcome_values.js';
import * as promises from './20261128_043_promises.js';
import * as voiceAccountAlerts from './20261128_045_voice_account_alerts.js';
import * as callTransfers from './20261128_046_call_transfers.js';
import * as reassignedNumberAnswers from './20261128_050_reassigned_number_answers.js';
import * as promiseLifecycle from './20261128_053_promise_lifecycle.js';
import * as paymentLinks from './20261128_056_payment_links.js';
import * as reportIndexes from './20261128_057_report_indexes.js';
import * as voiceAccounts from './20261128_059_voice_accounts.js';
import * as accountDialingIndex from './20261128_060_account_dialing_index.js';
import * as companyDialTurns from './20261128_061_company_dial_turns.js';

/** Every migration, in order. Add new ones at the end; never edit one that has shipped. */
export const migrations: Record<string, Knex.Migration> = {
  '20261121_001_foundation': foundation,
  '20261121_002_jobs': jobs,
  '20261121_003_ach': ach,
  '20261121_004_outreach': outreach,
  '20261121_005_one_default_method': oneDefaultMethod,
  '20261122_006_calls': calls,
  '20261122_006_auth_changes': authChanges,
  '20261122_006_webhooks': webhooks,
  '20261122_011_messages': messages,
  '20261123_014_call_reconcile': callReconcile,
  '20261123_015_callback_inbox': callbackInbox,
  '20261123_016_sms_early_statuses': smsEarlyStatuses,
  '20261125_017_batch_slices': batchSlices,
  '20261126_018_ach_settlements': achSettlements,
  '20261126_019_ach_return_rate_levels': achReturnRateLevels,
  '20261126_020_first_dial_lease': firstDialLease,
  '20261126_021_contact_decisions_audit': contactDecisionsAudit,
  '20261126_022_consent_events': consentEvents,
  '20261126_023_volume_indexes': volumeIndexes,
  '20261126_024_console_users': consoleUsers,
  '20261126_025_enroll_dialing_index': enrollDialingIndex,
  '20261127_026_retention_indexes': retentionIndexes,
  '20261127_027_webhook_delivery_indexes': webhookDeliveryIndexes,
  '20261127_028_pending_call_order_index': pendingCallOrderIndex,
  '20261128_029_voice_agent_versions': voiceAgentVersions,
  '20261128_032_sms_numbers': smsNumbers,
  '20261128_033_customer_language': customerLanguage,
  '20261128_035_inbound_reviews': inboundReviews,
  '20261128_038_outside_contacts': outsideContacts,
  '20261128_041_restriction_clearing': restrictionClearing,
  '20261128_042_call_outcome_values': callOutcomeValues,
  '20261128_043_promises': promises,
  '20261128_045_voice_account_alerts': voiceAccountAlerts,
  '20261128_046_call_transfers': callTransfers,
  '20261128_050_reassigned_number_answers': reassignedNumberAnswers,
  '20261128_053_promise_lifecycle': promiseLifecycle,
  '20261128_056_payment_links': paymentLinks,
  '20261128_057_report_indexes': reportIndexes,
  '20261128_059_voice_accounts': voiceAccounts,
  '20261128_060_account_dialing_index': accountDialingIndex,
  '20261128_061_company_dial_turns': companyDialTurns,
};
