/**
 * The post-call analysis fields the service defines on every agent it dials with
 * (`post_call_analysis_data`, boolean fields; Retell's analysis answers them in
 * `call_analysis.custom_analysis_data`). The outcome table (outcome-flags.ts) reads them;
 * `outreach voice agents` writes them to the company's agents (agent-setup.ts), so a lender never
 * types them by hand. Each description is the question the analysis model answers.
 */
export const OUTCOME_LABELS = [
  {
    name: 'live_conversation',
    description: 'True when a live person (not a voicemail or an automated system) spoke with the agent.',
  },
  { name: 'right_party_contact', description: 'True when the person confirmed being the borrower the call was for.' },
  { name: 'voicemail_message_left', description: 'True when the agent reached a voicemail and left its message.' },
  {
    name: 'voicemail_full',
    description: 'True when the agent reached a voicemail whose mailbox was full, so no message could be left.',
  },
  {
    name: 'voicemail_not_set_up',
    description: 'True when the agent reached a voicemail that has not been set up, so no message could be left.',
  },
  {
    name: 'transfer_failed',
    description: 'True when the agent tried to transfer the call to a person and the transfer did not connect.',
  },
  { name: 'wrong_number', description: 'True when the person said this number does not belong to the borrower.' },
  {
    name: 'do_not_call',
    description: 'True when the person asked not to be called again, to stop calling, or to be removed from the list.',
  },
  {
    name: 'attorney_representation',
    description: 'True when the person said the borrower is represented by an attorney for this debt.',
  },
  { name: 'bankruptcy', description: 'True when the person said the borrower has filed for bankruptcy.' },
  { name: 'deceased', description: 'True when the person said the borrower has died.' },
  { name: 'callback_request', description: 'True when the person asked to be called back at another time.' },
  // Outcomes the lender routes (src/domain/calls/call-effects.ts; docs/partners/outcomes.md).
  {
    name: 'debt_dispute',
    description: 'True when the borrower said the debt is not theirs, is wrong, or disputed the amount owed.',
  },
  {
    name: 'hardship_request',
    description: 'True when the borrower asked for help because of financial hardship (job loss, illness, disaster).',
  },
  {
    name: 'fraud_claim',
    description: 'True when the person said the account or loan is fraud or identity theft.',
  },
  { name: 'military', description: 'True when the person said the borrower is on active military duty.' },
  { name: 'incarcerated', description: 'True when the person said the borrower is incarcerated.' },
  { name: 'complaint', description: 'True when the person made a complaint about the lender, the loan or the call.' },
  {
    name: 'threat_or_abuse',
    description: 'True when the person threatened the agent or anyone else, or was abusive.',
  },
  {
    name: 'accessibility_issue',
    description: 'True when the person said they cannot use this kind of call (hearing, speech or language access).',
  },
] as const;

export type OutcomeLabel = (typeof OUTCOME_LABELS)[number]['name'];

/**
 * The values the analysis reads off the conversation besides the labels (non-boolean
 * `post_call_analysis_data` fields): when the borrower asked to be called back, and what they
 * promised to pay. outcome-flags.ts (outcomeValuesOf) reads them, checked for shape; an answer
 * of another shape reads as absent.
 */
export const OUTCOME_VALUES = [
  {
    name: 'callback_time',
    type: 'string',
    description:
      'When the person asked to be called back: the date and time they asked for, in their own local time, as YYYY-MM-DDTHH:mm (24-hour). Empty when they did not ask or gave no time.',
  },
  {
    name: 'promise_amount',
    type: 'number',
    description: 'When the borrower promised to pay: the amount in US dollars. Empty when no promise was made.',
  },
  {
    name: 'promise_date',
    type: 'string',
    description:
      'When the borrower promised to pay: the date they promised, as YYYY-MM-DD. Empty when no promise was made.',
  },
] as const;
