// DO NOT EDIT: generated from openapi/ by `npm run generate`.
/* eslint-disable */

export interface paths {
    "/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create or update a customer
         * @description Creates the customer, or updates it when a customer with the same `id` exists
         *     in the company (upsert by `id`): 201 when created, 200 when updated. With
         *     `sync: true` the fields the request omits are fetched from the company's
         *     integrated LMS (sent fields win; only email and the address may come from it,
         *     the other required fields are checked on the request); `loanIds` imports exactly those loans of the customer from it
         *     as loan records. The LMS is read before anything is written, and the customer
         *     and its imported loans commit together: an LMS fault writes nothing. Unknown
         *     fields are ignored.
         *
         *     Errors use the `ErrorDetailString` shape `{"detail": "..."}`. Missing required
         *     fields give 400 `Missing required fields: a, b` (field-table order). Which
         *     fields are required depends on the company's customer contract version (today's
         *     contract by default, or the announced contract when the company opted in; see
         *     `CustomerCreate`).
         *
         *     `test` (deprecated alias of `isTest`, sunset 2026-10-25) and `loanId`
         *     (accepted and ignored) still work; responses to requests that use them carry
         *     `Deprecation` and `Sunset` headers.
         */
        post: operations["createCustomer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/customers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The caller's customer reference (the customer `id` sent at boarding).
                 * @example cust-1001
                 */
                id: components["parameters"]["CustomerReferencePath"];
            };
            cookie?: never;
        };
        /**
         * Get a customer
         * @description Returns the stored customer of the company. `phoneNumber` is normalized to E.164. Errors use the `ErrorMessage` shape.
         */
        get: operations["getCustomer"];
        /**
         * Update a customer
         * @description Partial update: only the fields sent are modified; omitted fields keep their values and other fields are ignored. Not affected by the announced customer-create contract changes. An unparseable phone number or unknown timezone gives 400. Errors use the `ErrorMessage` shape.
         */
        put: operations["updateCustomer"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/customers/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit a customer batch
         * @description Queues a batch of customer rows and returns a job identifier at once (202);
         *     poll `GET /customers/batch/{jobId}` for progress and per-row results. 202
         *     confirms acceptance only, not that every row succeeded.
         *
         *     - Without `scheduleMode`, each row follows the customer-create workflow of
         *       `POST /customers` (same payload, rules and contract version).
         *     - With `scheduleMode: enroll`, each row is an enrollment row with its own
         *       `idempotencyKey`, the `Idempotency-Key` header is required, and the 202
         *       carries a `Location` header. The header key covers the submission: the same
         *       key and body return the same `jobId` (`Idempotency-Replayed: true`).
         *
         *     Rows are validated one by one when the job runs: an invalid row (for example
         *     conflicting `test` and `isTest`) appears in the job's `failures` at its index
         *     and never stops the valid rows. Customer-create rows with `sync: true` or
         *     `loanIds` read the company's LMS before the row is written, as in
         *     `POST /customers`; when the LMS is unavailable such a row stays pending and is
         *     retried with the job's backoff, and fails as `503: …` only after the last
         *     attempt. Other LMS outcomes fail the row at once with the status
         *     `POST /customers` would answer (`400`, `404`, `502`). 1 to 10,000 rows; rows run in slices of 25 in
         *     parallel. Rate limit: 10 batch submissions per minute per company.
         *
         *     Errors use the `ErrorDetailObject` shape `{"detail": {"code", "message"}}`.
         */
        post: operations["createCustomerBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/customers/batch/{jobId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID of the batch job, returned by the batch submission.
                 * @example 8d0f6f0e-2f7a-4b8e-9c3a-1e2d3c4b5a69
                 */
                jobId: components["parameters"]["JobIdPath"];
            };
            cookie?: never;
        };
        /**
         * Get customer batch progress
         * @description Returns the progress of a customer batch job of the company; another company's
         *     job is 404. While running, `results` holds only finished enrollment rows
         *     (ordered by index) and `failures` is partial; both are final once the status
         *     is `completed` or `failed`. For customer-create jobs `results` is empty: use
         *     `failures` and the counts. `completed` can include failed rows. Jobs are kept
         *     30 days. Errors use the `ErrorMessage` shape.
         */
        get: operations["getCustomerBatch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/customers/schedule/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enroll an application or replace a customer's schedule
         * @description One operation with two modes, chosen by `scheduleMode`:
         *
         *     - **Enrollment** (`scheduleMode: enroll`, body `EnrollmentRequest`): enrolls
         *       the application (`id`, `loanId`) into the origination cadence of `taskType`
         *       and returns a durable origination receipt. Requires `Idempotency-Key`;
         *       retries with the same key return the original result with
         *       `Idempotency-Replayed: true`. Business outcomes (200 and 409 conflicts) are
         *       stored under the key; validation failures and 5xx are not, so they are safe
         *       to retry.
         *     - **Replacement** (`scheduleMode: replace` or omitted, body
         *       `ScheduleSyncReplaceRequest`): creates or updates the customer, cancels the
         *       active call, email and SMS schedules and their eligible pending
         *       communications, and creates new schedules. Omitting `scheduleMode` never
         *       selects enrollment. Not idempotent.
         *
         *     Consent (docs/partners/consent.md): enrollment answers 200 `scheduled` with
         *     its receipt whatever the consent on file. An AI-voice origination call is
         *     telemarketing with an artificial voice and needs prior express written
         *     consent for its number (47 CFR 64.1200(a)(2); FCC 24-17); a collections
         *     call needs prior express consent (64.1200(a)(1)). A call lacking the
         *     consent its purpose needs is held when due: it stays `pending` with the
         *     extension `hold` (`reason: consent-required`, the rule, its citation and
         *     what was found), shown too by `contact-eligibility` and the console, and
         *     is planned as usual once the consent arrives through
         *     `PUT /customers/{customerId}/consents` (with `capturedAt` and
         *     `evidenceRef`) or the company's attestation in its configuration. Test
         *     customers (`isTest`) follow the company's configuration only.
         *
         *     Retry rules for enrollment: on timeout or 503, repeat the same request with the
         *     same key, honoring `Retry-After` with exponential backoff and jitter; on 429,
         *     wait for `Retry-After`; on 409 `request_in_progress`, repeat after
         *     `Retry-After`; on other 409s, review the conflict (a new key does not bypass
         *     it); on 400, 401 or 422, correct the input or configuration.
         *
         *     Rate limit: 60 requests per minute per company, shared by both modes and by
         *     all the company's keys (policy `schedule-sync`; every request counts,
         *     replays included). `Deprecation` and `Sunset` are sent when the deprecated
         *     `test` field was used. Errors use the
         *     `ErrorDetailObject` shape `{"detail": {"code", "message"}}`. The request
         *     example below is a replacement sync; enrollment examples are on the
         *     `EnrollmentRequest` schema.
         */
        post: operations["syncCustomerSchedule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/customers/{customerId}/scheduled-calls": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The caller's customer reference (the customer `id` sent at boarding).
                 * @example cust-1001
                 */
                customerId: components["parameters"]["CustomerIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create scheduled calls (legacy)
         * @description Legacy operation: creates the scheduled calls of the integration identified by `scheduleType` for the customer and returns them (201), in `scheduledTime` order. `scheduleType` is the identifier assigned to the company's integration (the `scheduleTypes` list of the company configuration), not a `taskType`; unsupported identifiers give 400 naming the supported ones. Each integration defines the calls it creates (its steps, and the task type whose purpose and transfer routing they use); an integration without a definition creates one call at the earliest allowed time. The calls are planned by the same scheduler as every call (calling window in the customer's local time, business days, contact restrictions, frequency caps counting the customer's other calls) and are added to the customer's outreach without replacing other schedules. When the rules leave no allowed time, or the customer is restricted, nothing is created and the answer is 409. An unknown customer gives 404. For new-application or returning-borrower outreach use enrollment (`POST /customers/schedule/sync` with `scheduleMode: enroll`) instead. Errors use the `ErrorMessage` shape.
         */
        post: operations["createScheduledCalls"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/customers/{customerId}/contact-eligibility": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The caller's customer reference (the customer `id` sent at boarding).
                 * @example cust-1001
                 */
                customerId: components["parameters"]["CustomerIdPath"];
            };
            cookie?: never;
        };
        /**
         * Ask whether a customer may be contacted
         * @description Extension, not part of the partner contract. For each channel (call, SMS, email) and each of the customer's numbers or addresses: allowed at `at` or not, every rule that blocks it with its citation and until when, the next allowed instant, and each frequency budget (used of limit, and when the next one frees up). Computed by the same scheduler code the dispatcher runs right before a call or a message goes, counting every stored call and sent message. A number without the consent the task type needs, or whose consent was revoked, is blocked by its consent rule (`tcpa-consent-*`, `until` null), read by the same function as the dial-time check (docs/partners/consent.md). Another company's customer (or an unknown one) is 404. Errors use the `ErrorMessage` shape.
         */
        get: operations["getContactEligibility"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/customers/{customerId}/consents": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The caller's customer reference (the customer `id` sent at boarding).
                 * @example cust-1001
                 */
                customerId: components["parameters"]["CustomerIdPath"];
            };
            cookie?: never;
        };
        /**
         * Read a customer's consent ledger
         * @description Extension, not part of the partner contract. The TCPA consent of each of the customer's numbers (channels `call` and `sms`) and of its email address (`email`) now, and every event of the append-only ledger behind it, oldest first. A number with no event carries what the company's configuration gives a number the lender supplied, per task type (default: express consent, as from the credit application); see docs/partners/consent.md. The dial-time check reads the same ledger: a call goes only with the consent its task type needs. Another company's customer (or an unknown one) is 404. Errors use the `ErrorMessage` shape.
         */
        get: operations["getCustomerConsents"];
        /**
         * Record consent grants and revocations
         * @description Extension, not part of the partner contract. Appends grants and revocations of consent for the customer's numbers and email address to the ledger, in one transaction, and answers the ledger as `GET` does. The ledger is append-only, so compliance can show what was true at any instant; an event identical to one already recorded (same address, channel, action, type, source, `capturedAt` and evidence) is not appended again, so repeating a request changes nothing. A revocation takes effect at once, with no grace period: by default it stops AI-voice calls and texts to the number whatever channel it names (and an email address's revocation also stops the numbers of the company's customers with that address), unless the company's configuration keeps revocations to their own channel. A grant names its channel only. An AI-voice origination call (telemarketing, 47 CFR 64.1200(a)(2); FCC 24-17), or a call of a task type the company's configuration asks it for, needs express written consent: without it the call is held (still `pending`, with `hold.reason` `consent-required`), and a grant recorded here releases the customer's held calls at once to be planned as usual (docs/partners/consent.md). A grant of `express_written` needs its evidence: without `capturedAt` and a non-empty `evidenceRef` it is 400 and records nothing. Another company's customer (or an unknown one) is 404; a body that breaks the schema is 400; an address that is not the customer's, a channel that does not fit the address, a grant without a type, a revocation with one, or a `capturedAt` in the future is 422. Errors use the `ErrorMessage` shape.
         */
        put: operations["recordCustomerConsents"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/customers/{customerId}/cancel-communications": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The caller's customer reference (the customer `id` sent at boarding).
                 * @example cust-1001
                 */
                customerId: components["parameters"]["CustomerIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel all of a customer's communications
         * @description Stops every pending communication of the customer in one transaction: the
         *     customer's active schedules and enrollment cadences end as cancelled, and
         *     every pending scheduled call, email and text is cancelled. Each cancelled item
         *     keeps why (`Cancelled by the lender: <reason>`, or a fixed reason when none is
         *     sent), and each cancelled scheduled call sends its `scheduled_call.updated`
         *     event with status `cancelled`, as any other cancellation does. Calls, emails
         *     and texts already being dialled or sent, and those already finished, are not
         *     changed. The answer counts what this request cancelled.
         *
         *     Idempotent: a repeated request (or a concurrent one) answers zeros. It does not
         *     prevent new outreach: a later enrollment, sync or loan update plans again; use
         *     `doNotCall` or a contact restriction to keep the customer from being called.
         *     An unknown customer, or one of another company, gives 404. Errors use the
         *     `ErrorMessage` shape.
         */
        post: operations["cancelCustomerCommunications"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/activity/daily": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The company's outreach on one day
         * @description Extension, not part of the partner contract. Calls placed on the day by local hour and outcome, connect / right-party / transfer rates, texts and emails sent, calls held back or skipped by rule (top reasons, with citations), and the next pending calls. Only the company of the credential is counted. The console's Today page (docs/operators/console.md). Errors use the `ErrorMessage` shape.
         */
        get: operations["getDailyActivity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/transfer-results": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Transfers per destination in a period
         * @description Extension, not part of the partner contract. The company's transfers per
         *     destination whose events the voice provider reported in [`from`, `to`)
         *     (Retell's `transfer_started`, `transfer_bridged`, `transfer_cancelled`):
         *     `attempted` transfers started, `bridged` ones that connected, `failed` ones
         *     cancelled or that failed to connect, and `fellBack` the failed ones whose call
         *     then bridged to another destination (the call's flag is then
         *     FALLBACK_TRANSFER). Ordered by destination. The console's Today page shows
         *     them (docs/operators/voice-provider.md#transfers). Errors use the
         *     `ErrorMessage` shape.
         */
        get: operations["getTransferResults"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/go-live-checklist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The go-live checklist of the company
         * @description Extension, not part of the partner contract. The checklist `outreach doctor
         *     --company ID` prints (docs/operators/going-live.md), run now against the
         *     company's outside accounts as this process reaches them: each check, whether it
         *     passes, what was found and, for a failure, the fix. `ready` is true when every
         *     check passes. The console's Setup page shows it. Errors use the
         *     `ErrorMessage` shape.
         */
        get: operations["getGoLiveChecklist"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/batches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the company's batch jobs
         * @description Extension, not part of the partner contract. The company's customer, enrollment and loan batch jobs, newest first, with their status and counts; each names where its progress and its failures by row are read. Jobs are kept 30 days. The console's Batches page (docs/operators/console.md). Errors use the `ErrorMessage` shape.
         */
        get: operations["listBatches"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbound-messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List inbound texts in the revocation review queue
         * @description Extension, not part of the partner contract. Inbound texts whose words the revocation classifier could not read for sure (docs/partners/consent.md, "Unsure replies: the review queue"), newest first, paged with `limit` and `offset`, or `cursor`, like `GET /texts/{customerId}`; `status=review` lists the ones waiting for a decision. Clear revocations ("STOP", "please stop calling me") are applied at once and never listed here. Each waits at most 10 business days (47 CFR 64.1200(a)(10); FCC 24-24): `inbound_message.review_due` is sent before, and one still waiting at `dueAt` is applied as a revocation. The console's Review queue page shows the same. Errors use the `ErrorMessage` shape.
         */
        get: operations["listInboundMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbound-messages/{inboundMessageId}/review": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Id of an inbound text in the review queue, from `GET /inbound-messages`.
                 * @example 0193a4c2-7b1e-7d2f-9a3b-4c5d6e7f8a90
                 */
                inboundMessageId: components["parameters"]["InboundMessageIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Decide whether an inbound text revokes consent
         * @description Extension, not part of the partner contract. An operator's decision on an inbound text waiting in review, recorded with who decided (`reviewedBy`) and when. `revocation` opts the number out of texts and revokes its consent in the company at once, in the same transaction (the consent ledger's event names the review and the operator); `not_revocation` leaves consent as it is. A text decided already (by an operator, or applied when its 10-business-day limit ran out) is 409; another company's (or an unknown id) is 404. Errors use the `ErrorMessage` shape.
         */
        post: operations["reviewInboundMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the company's webhook deliveries
         * @description Extension, not part of the partner contract. The delivery log of the company's webhook endpoints, newest first, optionally only one status (`dead`: given up after the retry window). A delivered or dead delivery is kept 30 days after its event, then the retention sweep deletes it; a pending one is kept until it settles. The console's Webhooks page (docs/operators/console.md); `outreach webhook deliveries` prints the same. Errors use the `ErrorMessage` shape.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-deliveries/{deliveryId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Id of a webhook delivery (the `webhook-id` header it is sent with), from `GET /webhook-deliveries`.
                 * @example msg_01a21a132bcd753dbc98c045b6e2774e
                 */
                deliveryId: components["parameters"]["DeliveryIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a webhook delivery again
         * @description Extension, not part of the partner contract. Sends the delivery again, with the same `webhook-id` and body, and a fresh retry window, whatever its status (a dead one included). Another company's delivery (or an unknown id) is 404. `outreach webhook redeliver` does the same. Errors use the `ErrorMessage` shape.
         */
        post: operations["redeliverWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/customers/{customerId}/payment-methods": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The caller's customer reference (the customer `id` sent at boarding).
                 * @example cust-1001
                 */
                customerId: components["parameters"]["CustomerIdPath"];
            };
            cookie?: never;
        };
        /**
         * List a customer's payment methods
         * @description Extension, not part of the partner contract. Returns the customer's payment methods, oldest first, with their ACH authorization state. Errors use the `ErrorMessage` shape.
         */
        get: operations["listPaymentMethods"];
        put?: never;
        /**
         * Add a payment method
         * @description Extension, not part of the partner contract. Registers a bank account or debit card of the customer and returns it with the UUID that ACH operations use as `paymentMethodId` (201). A new bank account has no ACH authorization (status `none`) until one is captured with `POST /customers/{customerId}/payment-methods/{paymentMethodId}/ach-authorizations`. Full account numbers are never returned. Errors use the `ErrorMessage` shape.
         */
        post: operations["createPaymentMethod"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/customers/{customerId}/payment-methods/{paymentMethodId}/ach-authorization": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The caller's customer reference (the customer `id` sent at boarding).
                 * @example cust-1001
                 */
                customerId: components["parameters"]["CustomerIdPath"];
                /**
                 * @description UUID of the payment method, issued by this API.
                 * @example 3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f
                 */
                paymentMethodId: components["parameters"]["PaymentMethodIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        /**
         * Revoke the ACH authorization of a payment method
         * @description Revokes the ACH authorization of one bank-account payment method. Both path
         *     values are checked against the company of the API key (404 otherwise). Only
         *     bank-account methods are accepted (422 otherwise), and the change applies to
         *     that one method only, never to another method or to every method of the
         *     customer.
         *
         *     | Current state | `revokeAuthorization` | Result |
         *     |---|---|---|
         *     | active | `true` | revoked; the method's default status is removed; 200 |
         *     | revoked | `true` | revoked (idempotent); 200 |
         *     | none (no active or historical authorization) | `true` | 409 |
         *     | active | `false` | active (no-op); 200 |
         *     | revoked | `false` | 422; consent is never restored by this operation |
         *     | none | `false` | none (no-op); 200 |
         *     | any | omitted or `null` | unchanged; 200 |
         *
         *     A debit card gives 422 whatever the body; an unknown customer or method (404)
         *     is reported before that. A revocation is added to the method's authorization
         *     history (source `revocation_request`); repeating it adds nothing. A revoked
         *     authorization becomes active again only through the separate authorization
         *     workflow (`createAchAuthorization`, an extension). Errors use the
         *     `ErrorMessage` shape.
         */
        put: operations["updateAchAuthorization"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/customers/{customerId}/payment-methods/{paymentMethodId}/ach-authorizations": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The caller's customer reference (the customer `id` sent at boarding).
                 * @example cust-1001
                 */
                customerId: components["parameters"]["CustomerIdPath"];
                /**
                 * @description UUID of the payment method, issued by this API.
                 * @example 3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f
                 */
                paymentMethodId: components["parameters"]["PaymentMethodIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Capture a new ACH authorization
         * @description Extension, not part of the partner contract: the separate authorization workflow. Records a new customer ACH authorization for a bank-account payment method; its authorization becomes `active` (clearing a revoked one), the capture is added to its authorization history, and the updated payment method is returned (201). The default status and `unusableForAch` are not changed by a capture. Debit cards give 422. Errors use the `ErrorMessage` shape.
         */
        post: operations["createAchAuthorization"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/customers/{customerId}/loans": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The caller's customer reference (the customer `id` sent at boarding).
                 * @example cust-1001
                 */
                customerId: components["parameters"]["CustomerIdPath"];
            };
            cookie?: never;
        };
        /**
         * List a customer's loans
         * @description Extension, not part of the partner contract. The customer's loan records, by `id`: loans pushed with `POST /loans` or `POST /loans/batch`, and loans imported from the company's LMS with `loanIds` (their `externalLmsMetadata` names the LMS and its loan id). Errors use the `ErrorMessage` shape.
         */
        get: operations["listCustomerLoans"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/customers/{customerId}/loans/{loanId}/payments/{paymentId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The caller's customer reference (the customer `id` sent at boarding).
                 * @example cust-1001
                 */
                customerId: components["parameters"]["CustomerIdPath"];
                /**
                 * @description The caller's loan reference (the loan `id` sent at boarding).
                 * @example loan-5001
                 */
                loanId: components["parameters"]["LoanIdPath"];
                /**
                 * @description The caller's payment reference (`payment_id`).
                 * @example pay-9001
                 */
                paymentId: components["parameters"]["PaymentIdPath"];
            };
            cookie?: never;
        };
        /**
         * Get a payment with its ACH return history
         * @description Extension, not part of the partner contract. Returns the payment's transaction (including reversal data), its ACH payment record (null when the payment is not an ACH payment) and its return history, oldest first, with risk tracking and action metadata. Errors use the `ErrorMessage` shape.
         */
        get: operations["getPayment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/origination/task-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List origination task types
         * @description Returns the catalog of origination task-type names accepted by enrollment. The catalog does not confirm that the company has these task types enabled. Errors use the `ErrorMessage` shape.
         */
        get: operations["listOriginationTaskTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/loans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create or update a loan
         * @description Upserts a loan on (`customerId`, `id`): 201 when created, 200 when updated; creates or refreshes the loan's schedule. The customer must exist (404 otherwise). Only `id` and `customerId` are required. Errors use the `ErrorMessage` shape.
         */
        post: operations["createLoan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/loans/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit a loan batch
         * @description Queues a batch of loan rows and returns a job identifier at once (202); poll
         *     `GET /loans/batch/{jobId}` for progress and failed rows. Each row has the
         *     semantics of `POST /loans` (same fields, validation, upsert on
         *     (`customerId`, `id`) and schedule creation): resubmitting updates rather than
         *     duplicates. Rows run in slices of 25, in parallel.
         *
         *     Every (`customerId`, `id`) pair must be unique within one request; a repeated
         *     pair rejects the whole request with 400 naming the pair and its indexes, and
         *     nothing is queued. Any other invalid row, or a row whose `customerId` is
         *     unknown, fails on its own (reported in the job's `failures`) and does not
         *     affect other rows: create customers first, for example with the customer
         *     batch. 1 to 10,000 rows; low thousands per request are recommended.
         *
         *     Rate limit: 10 batch submissions per minute per company. Errors use the
         *     `ErrorMessage` shape.
         */
        post: operations["createLoanBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/loans/batch/{jobId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID of the batch job, returned by the batch submission.
                 * @example 8d0f6f0e-2f7a-4b8e-9c3a-1e2d3c4b5a69
                 */
                jobId: components["parameters"]["JobIdPath"];
            };
            cookie?: never;
        };
        /**
         * Get loan batch progress
         * @description Returns the progress of a loan batch job of the company; another company's job is 404. `failures` is sorted by index, never truncated, partial while running and final once the status is `completed` or `failed`; `results` is always empty. `completed` can include failed rows. Jobs are kept 30 days. Errors use the `ErrorMessage` shape.
         */
        get: operations["getLoanBatch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/calls/customer/{customerId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The caller's customer reference (the customer `id` sent at boarding).
                 * @example cust-1001
                 */
                customerId: components["parameters"]["CustomerIdPath"];
            };
            cookie?: never;
        };
        /**
         * List a customer's calls
         * @description Returns the customer's calls, newest first, paged with `limit` and `offset` (extension: or with `cursor`, from the previous page's `Next-Cursor` header, at the same cost at any depth). `recordingUrl` values are fresh one-hour links. An unknown customer gives 404. Errors use the `ErrorMessage` shape.
         */
        get: operations["listCustomerCalls"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/calls/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Identifier of the call, as returned in call records.
                 * @example 5b7e2a91-3c4d-4e8f-9a0b-1c2d3e4f5a6b
                 */
                id: components["parameters"]["CallIdPath"];
            };
            cookie?: never;
        };
        /**
         * Get a call
         * @description Returns one call of the company. `recordingUrl` is a fresh pre-signed link valid for one hour, or null when no recording exists. A missing, deleted or inaccessible call gives 404. Errors use the `ErrorMessage` shape.
         */
        get: operations["getCall"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scheduled-calls/customer/{customerId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The caller's customer reference (the customer `id` sent at boarding).
                 * @example cust-1001
                 */
                customerId: components["parameters"]["CustomerIdPath"];
            };
            cookie?: never;
        };
        /**
         * List a customer's scheduled calls
         * @description Returns the customer's scheduled calls ordered by `scheduledTime` ascending, paged with `limit` and `offset` (extension: or with `cursor`, from the previous page's `Next-Cursor` header, at the same cost at any depth). An unknown customer gives 404. Errors use the `ErrorMessage` shape.
         */
        get: operations["listCustomerScheduledCalls"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scheduled-calls/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Identifier of the scheduled call, as returned in scheduled-call records and origination receipts.
                 * @example 6e1d9c3b-7a2f-4d5e-8b9c-0f1e2d3c4b5a
                 */
                id: components["parameters"]["ScheduledCallIdPath"];
            };
            cookie?: never;
        };
        /**
         * Get a scheduled call
         * @description Returns the current status of one scheduled call of the company (for example the `scheduledCallId` of an origination receipt). `callId` is present once the call has been executed. The extension fields `timingReasons` and `endReason` say which rules moved it and why it ended. Errors use the `ErrorMessage` shape.
         */
        get: operations["getScheduledCall"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/emails/{customerId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The caller's customer reference (the customer `id` sent at boarding).
                 * @example cust-1001
                 */
                customerId: components["parameters"]["CustomerIdPath"];
            };
            cookie?: never;
        };
        /**
         * List a customer's emails
         * @description Returns the emails sent to the customer (accepted by the mail server), newest first, paged with `limit` and `offset` (extension: or with `cursor`, from the previous page's `Next-Cursor` header, at the same cost at any depth). `content` is the plain-text body as sent, including the opt-out link every email carries. Emails that bounced are not listed (the address is then unusable for the company). An unknown customer, or one of another company, gives 404. Errors use the `ErrorMessage` shape.
         */
        get: operations["listCustomerEmails"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/texts/{customerId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The caller's customer reference (the customer `id` sent at boarding).
                 * @example cust-1001
                 */
                customerId: components["parameters"]["CustomerIdPath"];
            };
            cookie?: never;
        };
        /**
         * List a customer's text messages
         * @description Extension, not part of the partner contract. Returns the text messages (SMS) sent to the customer, newest first, paged with `limit` and `offset`, or `cursor`, like `GET /emails/{customerId}`, with their delivery status. An unknown customer, or one of another company, gives 404. Errors use the `ErrorMessage` shape.
         */
        get: operations["listCustomerTexts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/sms/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * SMS delivery report (provider callback)
         * @description Extension, called by the SMS provider, not by partners: no `X-API-Key`; the request is authenticated by `X-Twilio-Signature` instead (401 otherwise). Moves the text with this `MessageSid` forward to `sent`, `delivered`, `undelivered` or `failed`, never backwards, so repeated and out-of-order reports are harmless; `undelivered` and `failed` record the provider's `ErrorCode` as the reason. `queued`, `accepted` and `sending` change nothing. An unknown `MessageSid` is acknowledged (204) and ignored. Errors use the `ErrorMessage` shape.
         */
        post: operations["receiveSmsStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/sms/inbound": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Inbound text (provider callback)
         * @description Extension, called by the SMS provider when a borrower texts one of the service's numbers: no `X-API-Key`; authenticated by `X-Twilio-Signature` (401 otherwise). A message that is exactly STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT, REVOKE or OPTOUT (any case, surrounding spaces ignored) opts the sending number out of SMS at once for every company that texted it; START, UNSTOP or YES opts it back in. Other texts are acknowledged and not acted on. The provider sends the carrier-required confirmation reply itself. Errors use the `ErrorMessage` shape.
         */
        post: operations["receiveInboundSms"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/unsubscribe/email/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The signed token of the opt-out link in the email (company and address, HMAC-SHA256).
                 * @example WyJjMGE4MDEyMS03YWMwLTQ1NjItODdkZi0xYTJiM2M0ZDVlNmYiLCJhZGFAZXhhbXBsZS5jb20iXQ.rP3x0jbeM6bKJ9m2j2XvTn7o2tQ5m8kYQ2m8r0d7s1c
                 */
                token: components["parameters"]["OptOutToken"];
            };
            cookie?: never;
        };
        /**
         * Email opt-out link
         * @description Extension, followed by the email's recipient, not by partners: no `X-API-Key`. Every email carries this link (Reg F 12 CFR 1006.6(e): a reasonable and simple way to opt out of electronic communications). The address gets no more emails from the company that sent it, from now on; following the link again changes nothing. An altered link gives 404. Errors use the `ErrorMessage` shape.
         */
        get: operations["unsubscribeEmail"];
        put?: never;
        /**
         * Email one-click opt-out (RFC 8058)
         * @description Extension: the one-click form of the opt-out link, posted by mail clients from the email's `List-Unsubscribe` and `List-Unsubscribe-Post` headers (RFC 8058). Same effect as following the link. The body (form-encoded `List-Unsubscribe=One-Click`, or JSON) is ignored; one that cannot be read (another media type, malformed, too large, an unsupported charset or encoding) gives 400, 413 or 415. Errors use the `ErrorMessage` shape.
         */
        post: operations["unsubscribeEmailOneClick"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ach-returns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit an ACH return
         * @description Records ACH return, correction (notification of change) and debit-decline
         *     information for one payment, located by (`customer_id`, `loan_id`,
         *     `payment_id`) within the company (404 otherwise). The payment transaction gets
         *     the reversal data and becomes `RETURNED` when a return code is present; an
         *     existing ACH payment record gets the ACH dates and the status mapped from
         *     `ach_status`; a return-history record stores code, reason, correction data,
         *     risk tracking and action metadata (read it with `getPayment`), and the action is
         *     applied to the payment method (authorization revoked, account unusable, NOC
         *     correction). Resubmitting the same return does not duplicate history or re-apply
         *     its effect (see `AchReturnSubmission` for the dedupe key, the accepted codes and
         *     the validation rules: R01–R29 as in the contract, plus R51). The batch variant
         *     `POST /ach-returns/batch` (an extension) takes up to 1,000 of these. Errors use the `ErrorMessage` shape.
         *
         *     Extension: a company that turns on outreach on a return (`ach.returnOutreach`
         *     in its configuration, off by default) has a new return on a collections loan
         *     enroll the customer in its configured call cadence, planned under every
         *     contact rule in the return's transaction; the answer then carries `outreach`
         *     (`AchReturnOutreach`). A resubmitted return never enrolls again.
         */
        post: operations["createAchReturn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ach-returns/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit a batch of ACH returns
         * @description Records 1 to 1,000 returns at once. Each row has exactly the semantics of
         *     `POST /ach-returns` (see `AchReturnSubmission`): the same validation, the same
         *     effects, the same dedupe key, and it is located by (`customer_id`, `loan_id`,
         *     `payment_id`) within the company of the API key. Rows are applied in order,
         *     synchronously, each on its own: a row that is invalid or whose payment is
         *     unknown (or belongs to another company) fails alone and changes nothing, the
         *     other rows still apply. The answer holds one result per submitted row, at its
         *     index: `success: true` with the message the single operation would give, or
         *     `success: false` with the status code (`error`) and message the single
         *     operation would have answered.
         *
         *     Resubmitting a batch (after a timeout or a 503, or by mistake) never
         *     duplicates history: an event already recorded answers "already recorded" and
         *     does not re-apply its effect on the payment method.
         *
         *     An empty `returns` array, more than 1,000 rows or a body that is not an object
         *     is 400 for the whole request. Errors use the `ErrorMessage` shape.
         */
        post: operations["createAchReturnBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ach-confirms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm an ACH settlement
         * @description Records that the debit of one payment settled (see `AchConfirmSubmission` for
         *     the effects, the order of events with returns, and validation). The payment is
         *     located by (`customer_id`, `loan_id`, `payment_id`) within the company (404
         *     otherwise). A processor transaction id already confirmed for another payment is
         *     409; confirming it again for the same payment answers 200 and changes nothing.
         *     The batch variant is `POST /ach-confirms/batch`. Errors use the `ErrorMessage`
         *     shape.
         */
        post: operations["createAchConfirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ach-confirms/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm a batch of ACH settlements
         * @description Records 1 to 1,000 settlement confirmations at once. Each row has exactly the
         *     semantics of `POST /ach-confirms` (see `AchConfirmSubmission`) and is located
         *     within the company of the API key. Rows are applied in order, synchronously,
         *     each on its own: a row that is invalid, whose payment is unknown (or belongs to
         *     another company), or whose processor transaction id was confirmed for another
         *     payment (also earlier in the same batch) fails alone and changes nothing. The
         *     answer holds one result per submitted row, at its index, as for
         *     `POST /ach-returns/batch`. Resubmitting a batch changes nothing that was
         *     recorded. An empty `confirms` array or more than 1,000 rows is 400 for the
         *     whole request. Errors use the `ErrorMessage` shape.
         */
        post: operations["createAchConfirmBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ach/return-rates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * ACH return rates against the NACHA levels
         * @description The company's ACH debit return rates over the trailing 60 days, against the
         *     levels of the Nacha Operating Rules (ODFI Return Rate Reporting, as set by the
         *     2015 ACH Network Risk and Enforcement rule), which
         *     decide whether the lender's bank lets it keep originating debits:
         *     - `unauthorized`: entries returned R05, R07, R10, R11, R29 or R51, threshold 0.5 %;
         *     - `administrative`: entries returned R02, R03 or R04, level 3 %;
         *     - `overall`: entries returned for any reason, level 15 %.
         *
         *     The denominator is the debit entries the service knows in the window: payments
         *     with an ACH record whose ACH submitted date (else payment date) falls within the
         *     60 days ending today (UTC), today included. The numerator counts those entries
         *     returned with a code of the rate, whenever the return arrived (NACHA measures
         *     returns against the entries originated in the window); an entry counts once per
         *     rate, however many returns it has. Debit-card declines and notifications of
         *     change are not ACH returns and do not count.
         *
         *     `level`: `over` when the rate exceeds the threshold, `warning` from 80 % of it,
         *     else `ok` (`ok` with no entries). When recording returns raises a level (`ok` →
         *     `warning`, or to `over`), the `ach_return_rate.raised` webhook event is sent once
         *     per rise; a level that falls is noted silently, so the next rise is sent again.
         *     Errors use the `ErrorMessage` shape.
         */
        get: operations["getAchReturnRates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contact-attempts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report a contact made outside this service
         * @description Extension, not part of the partner contract. Records one call, text, email or
         *     conversation the lender had with a customer outside this service (its own
         *     agents, another vendor, an inbound call), so that the frequency rules count
         *     it (see `ContactAttemptSubmission` for what counts toward which rule). Calls
         *     and messages already planned are checked again when they go: a call the new
         *     contact puts over a limit is held and its reason says which rule and which
         *     contacts (`GET /customers/{customerId}/contact-eligibility` shows the same).
         *     Idempotent on `attemptId`: the same content again answers 200 and changes
         *     nothing; other content under the same id is 409. The batch variant is
         *     `POST /contact-attempts/batch`. Errors use the `ErrorMessage` shape.
         */
        post: operations["createContactAttempt"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contact-attempts/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report a batch of contacts made outside this service
         * @description Extension, not part of the partner contract. Records 1 to 1,000 outside
         *     contacts at once. Each row has exactly the semantics of
         *     `POST /contact-attempts` (see `ContactAttemptSubmission`) within the company of
         *     the API key. Rows are applied in order, synchronously, each on its own: a row
         *     that is invalid, whose customer is unknown, or whose attempt id was
         *     recorded with other content (also earlier in the same batch) fails alone and
         *     changes nothing. The answer holds one result per submitted row, at its index,
         *     as for `POST /ach-confirms/batch`. Resubmitting a batch changes nothing that
         *     was recorded. An empty `attempts` array or more than 1,000 rows is 400 for the
         *     whole request. Errors use the `ErrorMessage` shape.
         */
        post: operations["createContactAttemptBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/customers/{customerId}/contact-attempts": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The caller's customer reference (the customer `id` sent at boarding).
                 * @example cust-1001
                 */
                customerId: components["parameters"]["CustomerIdPath"];
            };
            cookie?: never;
        };
        /**
         * List the contacts the lender reported for a customer
         * @description Extension, not part of the partner contract. Every contact the lender reported for the customer through `POST /contact-attempts`, oldest first (the console's timeline shows them beside the service's own calls and messages). Another company's customer (or an unknown one) is 404. Errors use the `ErrorMessage` shape.
         */
        get: operations["listCustomerContactAttempts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/provider-alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Provider account alerts and whether dialing is paused
         * @description The company's voice provider account alerts, newest first (at most 20), and
         *     whether dialing on the account is paused now. An alert opens when Retell ends a
         *     call with `no_valid_payment`, `marked_as_spam` or
         *     `telephony_provider_permission_denied`, or when voice webhooks naming the company
         *     fail their signature check 5 or more times within a minute; the
         *     `provider.alert` webhook event announces it. While one is open, no call of the
         *     company is placed on its account; an operator resumes dialing with
         *     `outreach voice resume --company ID` (recorded in `resumed_at` and `resumed_by`).
         *     An SMS account's alert (`sms_live`, `sms_sandbox`) opens when Twilio refuses the
         *     request itself (20003, 20403, 30002): the company's texts are held, not dialing,
         *     and the alert closes when the account accepts a text again.
         *     The console shows an open alert as a banner. Errors use the `ErrorMessage` shape.
         */
        get: operations["listProviderAlerts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Create or update a payment
         * @description Extension, not part of the partner contract. Creates (201) or updates (200) the payment that ACH operations act on, keyed by (`customer_id`, `loan_id`, `payment_id`) within the company. The customer, the loan and a given `payment_method_id` must exist (404 otherwise). When `ach_status` is sent the payment also gets an ACH payment record. Fields not sent keep their stored values. Errors use the `ErrorMessage` shape.
         */
        put: operations["upsertPayment"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/customers/{customerId}/restrictions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The caller's customer reference (the customer `id` sent at boarding).
                 * @example cust-1001
                 */
                customerId: components["parameters"]["CustomerIdPath"];
            };
            cookie?: never;
        };
        /**
         * List a customer's contact restrictions
         * @description Extension, not part of the partner contract. Every contact restriction of the customer, active and lifted, oldest first: those a call's outcome made (a dispute, a hardship request, a fraud claim, active military duty, incarceration, a threat, an accessibility need, attorney representation, bankruptcy, death; docs/partners/outcomes.md) and those recorded otherwise. Another company's customer (or an unknown one) is 404. Errors use the `ErrorMessage` shape.
         */
        get: operations["listCustomerRestrictions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/customers/{customerId}/restrictions/{restrictionId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The caller's customer reference (the customer `id` sent at boarding).
                 * @example cust-1001
                 */
                customerId: components["parameters"]["CustomerIdPath"];
                /**
                 * @description The restriction's `id` (from `GET /customers/{customerId}/restrictions` or an event).
                 * @example 6d2f9a1c-3b4e-4c5d-8e7f-0a1b2c3d4e5f
                 */
                restrictionId: components["parameters"]["RestrictionIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Clear a contact restriction
         * @description Extension, not part of the partner contract. Lifts one restriction, for example a dispute once the lender has verified the debt, recording who cleared it and the required `reason`; the restriction stays in the list, lifted. Outreach the restriction stopped is not restarted by this call: pending calls it blocked were skipped, so the lender enrolls or syncs again. Clearing never removes a consent revocation or Do Not Call: a `do_not_call` or `cease_request` restriction is the borrower's to withdraw (409), and an attorney, bankruptcy or deceased restriction reported on a call is also asserted by that call's outcome (409). Clearing a lifted restriction again answers it unchanged. An unknown customer or restriction is 404. Errors use the `ErrorMessage` shape.
         */
        delete: operations["clearCustomerRestriction"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/customers/{customerId}/promises": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The caller's customer reference (the customer `id` sent at boarding).
                 * @example cust-1001
                 */
                customerId: components["parameters"]["CustomerIdPath"];
            };
            cookie?: never;
        };
        /**
         * List a customer's promises to pay
         * @description Extension, not part of the partner contract. Every promise to pay the customer made on a call, newest first. A promise is recorded when the call's analysis gave an amount and a date that pass the checks (amount above 0 and not above the loans' balance where known, date within the company's horizon (default 60 days) of the borrower's today; docs/partners/outcomes.md#promises-to-pay); a call whose promise fails them is flagged for review instead and is not listed. Another company's customer (or an unknown one) is 404. Errors use the `ErrorMessage` shape.
         */
        get: operations["listCustomerPromises"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/promises/{promiseId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The promise's id, as listed by `GET /customers/{customerId}/promises`.
                 * @example 0193a4c2-7b1e-7d2f-9a3b-4c5d6e7f8a91
                 */
                promiseId: string;
            };
            cookie?: never;
        };
        /**
         * Get a promise to pay
         * @description Extension, not part of the partner contract. One promise to pay (docs/partners/outcomes.md#promises-to-pay). Another company's promise (or an unknown id) is 404. Errors use the `ErrorMessage` shape.
         */
        get: operations["getPromise"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/customers/{customerId}/payment-links": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The caller's customer reference (the customer `id` sent at boarding).
                 * @example cust-1001
                 */
                customerId: components["parameters"]["CustomerIdPath"];
            };
            cookie?: never;
        };
        /**
         * List a customer's payment links
         * @description Extension, not part of the partner contract. Every payment link issued for the customer, newest first: sent by text or email after a promise to pay or in a cadence's message, or given to the agent of a collections call, with when it expires and when it was opened (docs/partners/outcomes.md#pay-by-link). Another company's customer (or an unknown one) is 404. Errors use the `ErrorMessage` shape.
         */
        get: operations["listCustomerPaymentLinks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pay/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The payment link's token, as the text or email carried it: the link's id, its expiry and an HMAC-SHA256 over both keyed with the service's signing secret.
                 * @example AZrA7TtLd1CqXxv3aEcRkA.tfqc80.8bDxq3c2W0u9n1Zr5v6yEw
                 */
                token: components["parameters"]["PaymentLinkToken"];
            };
            cookie?: never;
        };
        /**
         * Follow a payment link
         * @description Extension, followed by the borrower in a browser, not by partners: no `X-API-Key`; the signed token is the link's own authorization. A valid link answers 303 to the lender's payment page (company configuration `paymentLinks.urlTemplate`, filled for the link), counts the open, and its first open sends `payment_link.opened`. Every other answer is an HTML page a person can read, never a redirect: 404 for a link that is malformed or was altered, 410 for one that expired or whose company no longer has a payment page, 400 for a request the service cannot read, 503 when the service is briefly unavailable. Every answer carries `Referrer-Policy: no-referrer`, so the token does not reach the payment page's logs (docs/partners/outcomes.md#pay-by-link).
         */
        get: operations["openPaymentLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reports/collections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The collections funnel of a period, in dollars
         * @description Extension, not part of the partner contract. What a collections team is paid for, for the company of the credential over a period of at most 371 days: calls placed, connects, right-party contacts and transfers (and transfers per destination, as GET /transfer-results counts them); promises to pay made and what became of them (open, kept, partly kept, broken, cancelled, with their amounts and what was collected); payment links sent and opened. By task type or by week (Monday to Sunday in `timezone`, every week of the period listed). Read in one statement bounded by indexes on the company and each table's time. The console's Results page (docs/operators/console.md); docs/partners/outcomes.md#results-report defines every figure. Errors use the `ErrorMessage` shape.
         */
        get: operations["getCollectionsReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/callbacks/voice/{provider}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Which provider connection the callback belongs to: `live` (the configured voice provider) or `sandbox` (the voice simulator, which test customers always reach).
                 * @example sandbox
                 */
                provider: components["parameters"]["VoiceProviderPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive a voice provider callback
         * @description Called by Retell, not by partners: no `X-API-Key`. Authenticated by the `x-retell-signature` header, `v=<unix ms>,d=<hex HMAC-SHA256 of "<raw body><ms>">` keyed with the Retell API key, checked with retell-sdk's `Retell.verify` over the exact raw bytes (constant time); a timestamp more than 5 minutes from the server's time is refused (401), so a captured delivery cannot be replayed later. Retell sends no event id: a delivery is known by its call id, event and a digest of its content, and is processed once: the same delivery again gets 409 and changes nothing. Events the service does not use are answered 202 `{ignored}`. An applied event is recorded durably and answered 202 at once; it is applied to the call within moments (a worker of the service, in receipt order per call; while callbacks keep streaming in, answering them comes first and applying waits, at most 5 seconds). Events may arrive out of order; the call only moves forward (registered → ongoing → ended → analyzed). `call_analyzed` completes the scheduled call with the call's flags and applies their effects (docs/partners/calls.md#what-flags-do); so does the `call_ended` of a call that never connected (`not_connected`: no analysis follows it). A call this provider connection did not place gives 404; a body that is not JSON, 400. Nothing is changed by a rejected callback. When the process is already handling its limit of callbacks (`OUTREACH_CALLS_CALLBACKS_IN_FLIGHT`) and 8 times as many wait for a turn, it answers 503 with `Retry-After` at once, and the provider delivers again. Errors use the `ErrorMessage` shape.
         */
        post: operations["receiveVoiceCallback"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/recordings/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Identifier of the call, as returned in call records.
                 * @example 5b7e2a91-3c4d-4e8f-9a0b-1c2d3e4f5a6b
                 */
                id: components["parameters"]["CallIdPath"];
            };
            cookie?: never;
        };
        /**
         * Download a call recording (signed link)
         * @description The target of a call's `recordingUrl`. The link is its own authorization (no `X-API-Key`): `signature` is an HMAC-SHA256 over the call id and `expires` (unix seconds) keyed with the service's signing secret, valid for one hour from when the call was read. An expired or altered link gives 403; read the call again for a fresh one. Errors use the `ErrorMessage` shape.
         */
        get: operations["getRecording"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness check
         * @description Reports that the process is up. Does not touch the database. No authentication.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness check
         * @description Reports whether the instance can serve traffic: the database is reachable and all migrations are applied. 503 otherwise, and from the moment the instance received SIGTERM (before it stops accepting connections). No authentication.
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the OpenAPI document
         * @description Returns this OpenAPI 3.1 document, bundled into one JSON object (the published contract used to generate SDKs and the mock sandbox). No authentication.
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "batch.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A batch job completed
         * @description Sent to every webhook endpoint of the company when a customer or loan batch job completes. See the Webhooks section of the API description for signing, retries and rotation.
         */
        post: operations["batchCompletedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "scheduled_call.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A scheduled call changed status
         * @description Sent to every webhook endpoint of the company when a scheduled call reaches `completed`, `failed`, `skipped` or `cancelled`, whatever ended it (its call completed, the provider refused it, the dial-time check or an earlier call's outcome ruled it out, Do Not Call, a restriction, a replacement sync, a finished cadence, a loan that closed); `data` is the call as `GET /scheduled-calls/{id}` returns it. One event per call and status (a Do Not Call that cancels five calls sends five events). Not sent while a call is `dialing`, nor when a call moves to a later time and stays `pending`.
         */
        post: operations["scheduledCallUpdatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "call.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A call was placed and its outcome is known
         * @description Sent to every webhook endpoint of the company when a placed call is over and analyzed; `data` is the call as `GET /calls/{id}` returns it (flags, transcript, summary). `recordingUrl` is a one-hour link as of the delivery attempt, or null while the recording is still being stored: read `GET /calls/{id}` for a fresh link. A `scheduled_call.updated` event for the scheduled call (now `completed`) is sent with it.
         */
        post: operations["callCompletedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "ach_return_rate.raised": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An ACH return rate rose to warning or over
         * @description Sent to every webhook endpoint of the company when recording ACH returns raises one of its NACHA return rates (`unauthorized`, `administrative`, `overall`) from `ok` to `warning`, or to `over`; `data` holds the figures at that moment, as `GET /ach/return-rates` reported them. One event per rate and rise; a level that falls is not announced, and the next rise is sent again.
         */
        post: operations["achReturnRateRaisedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "provider.alert": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An alert opened on a provider account (dialing paused, or texts held)
         * @description Sent to every webhook endpoint of the company when an alert opens on its voice provider account: Retell ended a call with `no_valid_payment`, `marked_as_spam` or `telephony_provider_permission_denied` (https://docs.retellai.com/reliability/debug-call-disconnect), or voice webhooks naming the company failed their signature check 5 or more times within a minute. From then on no call of the company is placed on that account; the calls it would have placed stay `pending` with the pause as their reason (the call that reported it is not counted as an attempt and is dialed again). One event per alert: further failures while the account is paused raise none. Dialing resumes when an operator runs `outreach voice resume --company ID`; `data` is the alert as `listProviderAlerts` returns it. The same event announces an SMS account's alert (`provider` `sms_live` or `sms_sandbox`): Twilio refused the request itself (20003, 20403, 30002), and the company's texts on that account are held until it accepts one again; dialing goes on.
         */
        post: operations["providerAlertEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "dispute.received": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The borrower disputed the debt on a call
         * @description Sent to every webhook endpoint of the company when a call's outcome carries DEBT_DISPUTE: collections outreach on the call's loan is paused (restriction `debt_dispute`) until the lender clears it with `DELETE /customers/{customerId}/restrictions/{restrictionId}`. A written dispute within the validation period is 15 U.S.C. 1692g(b); a spoken one is paused by policy. `data` is the restriction as `GET /customers/{customerId}/restrictions` lists it; `callId` names the call (`GET /calls/{id}`). Sent once per restriction, in the same transaction as the call's completion.
         */
        post: operations["disputeReceivedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "hardship.requested": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The borrower asked for hardship help on a call
         * @description Sent to every webhook endpoint of the company when a call's outcome carries HARDSHIP_REQUEST: collections outreach on the call's loan is paused (restriction `hardship_review`, policy) until the lender clears it. `data` is the restriction as `GET /customers/{customerId}/restrictions` lists it; `callId` names the call (`GET /calls/{id}`). Sent once per restriction, in the same transaction as the call's completion.
         */
        post: operations["hardshipRequestedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "fraud.claimed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fraud or identity theft was claimed on a call
         * @description Sent to every webhook endpoint of the company when a call's outcome carries FRAUD_CLAIM: all outreach to the customer stops (restriction `fraud_claim`, policy) until the lender investigates and clears it. `data` is the restriction as `GET /customers/{customerId}/restrictions` lists it; `callId` names the call (`GET /calls/{id}`). Sent once per restriction, in the same transaction as the call's completion.
         */
        post: operations["fraudClaimedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "military.reported": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Active military duty was reported on a call
         * @description Sent to every webhook endpoint of the company when a call's outcome carries MILITARY: collection calls to the customer pause (restriction `military_review`, policy) until the lender verifies the duty status, applies the SCRA (50 U.S.C. 3937, 3931) and clears it. `data` is the restriction as `GET /customers/{customerId}/restrictions` lists it; `callId` names the call (`GET /calls/{id}`). Sent once per restriction, in the same transaction as the call's completion.
         */
        post: operations["militaryReportedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "incarceration.reported": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Incarceration was reported on a call
         * @description Sent to every webhook endpoint of the company when a call's outcome carries INCARCERATED: all outreach to the customer stops (restriction `incarcerated`, policy) until the lender clears it. `data` is the restriction as `GET /customers/{customerId}/restrictions` lists it; `callId` names the call (`GET /calls/{id}`). Sent once per restriction, in the same transaction as the call's completion.
         */
        post: operations["incarcerationReportedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "abuse.reported": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A threat or abuse occurred on a call
         * @description Sent to every webhook endpoint of the company when a call's outcome carries THREAT_OR_ABUSE: calls to the customer stop (restriction `threat_or_abuse`, policy); texts and emails go on. `data` is the restriction as `GET /customers/{customerId}/restrictions` lists it; `callId` names the call (`GET /calls/{id}`). Sent once per restriction, in the same transaction as the call's completion.
         */
        post: operations["abuseReportedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "accessibility.reported": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An accessibility need was reported on a call
         * @description Sent to every webhook endpoint of the company when a call's outcome carries ACCESSIBILITY_ISSUE: calls to the customer stop (restriction `accessibility`, policy) until the lender arranges an accessible channel and clears it; texts and emails go on. `data` is the restriction as `GET /customers/{customerId}/restrictions` lists it; `callId` names the call (`GET /calls/{id}`). Sent once per restriction, in the same transaction as the call's completion.
         */
        post: operations["accessibilityReportedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "complaint.received": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The borrower complained on a call
         * @description Sent to every webhook endpoint of the company when a call's outcome carries COMPLAINT, so the lender can route it to its complaint handling; `data` is the call as `GET /calls/{id}` returns it (transcript, summary, flags). Outreach goes on: a complaint alone is neither a dispute nor a request to stop calling (policy; docs/partners/outcomes.md). Sent once per call, with its `call.completed`.
         */
        post: operations["complaintReceivedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "inbound_message.review_due": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An inbound text's revocation review is running out
         * @description Sent to every webhook endpoint of the company once, when an inbound text in the revocation review queue (`GET /inbound-messages?status=review`) is still waiting at its `warnAt` (company configuration `consent.reviewWarnBusinessDays`, default 8 business days after receipt). If nobody decides by `dueAt` (10 business days, the limit of 47 CFR 64.1200(a)(10); FCC 24-24), the service applies it as a revocation. `data` is the inbound text as `GET /inbound-messages` returns it.
         */
        post: operations["inboundMessageReviewDueEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "promise.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A promise to pay was made on a call
         * @description Sent when a call's analysis yields a promise to pay that passes the checks (amount above 0 and not above the balance where known, date within the company's horizon): the promise is recorded `open`. Sent in the transaction of the call's completion. `data` is the promise as `GET /promises/{promiseId}` returns it when the event is first sent; `callId` names the call it was made on.
         */
        post: operations["promiseCreatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "promise.kept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Payments kept a promise to pay
         * @description Sent when the payments the service hears of (`PUT /payments`, ACH settlement confirmations), dated from the day of the call to the promise's `dueDate` (the promised date plus the company's grace), cover its amount. A promise kept again after a return is sent again. `data` is the promise as `GET /promises/{promiseId}` returns it when the event is first sent; `callId` names the call it was made on.
         */
        post: operations["promiseKeptEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "promise.partially_kept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A promise to pay was partly kept
         * @description Sent when the promise's window closed (the start of the day after `dueDate`, the borrower's time) and its payments covered part of the amount, or when an ACH return lowers a kept promise whose window has closed to part of it. The rest is followed up as a broken promise: a call the next business day through the usual rules (`followUpScheduledCallId`, `followUpReason`, filled in when the follow-up sweep schedules it, within a minute). A lender that handles partial payments apart routes on this event rather than `promise.broken`. `data` is the promise as `GET /promises/{promiseId}` returns it when the event is first sent; `callId` names the call it was made on.
         */
        post: operations["promisePartiallyKeptEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "promise.broken": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A promise to pay was broken
         * @description Sent when the promise's window closed with no payment covering any of it, when an ACH return leaves a promise whose window has closed with nothing paid, or when a partly kept promise's payment is returned. Its follow-up starts: a call the next business day through the usual rules (`followUpScheduledCallId`, `followUpReason`, filled in by the follow-up sweep within a minute). `data` is the promise as `GET /promises/{promiseId}` returns it when the event is first sent; `callId` names the call it was made on.
         */
        post: operations["promiseBrokenEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "promise.reopened": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A kept promise is open again
         * @description Sent when an ACH return (`POST /ach-returns`) takes back a payment that had kept the promise while its window is still open: the promise is `open` again and is kept, or broken, by what happens before `dueDate`. `data` is the promise as `GET /promises/{promiseId}` returns it when the event is first sent; `callId` names the call it was made on.
         */
        post: operations["promiseReopenedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment_link.opened": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A borrower opened a payment link
         * @description Sent to every webhook endpoint of the company once per payment link, when the borrower first follows it (`GET /pay/{token}`) while it is valid, in the same transaction that counts the open. Later opens are counted on the link (`openCount`, `lastOpenedAt`) without another event. `data` is the link as `GET /customers/{customerId}/payment-links` lists it when the event is first sent.
         */
        post: operations["paymentLinkOpenedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /**
         * @description The borrower's preferred language, a BCP 47 tag (RFC 5646) such as `es`, `es-MX` or `en-US`. Optional. It picks the language of the customer's texts and emails (templates of that language, the service's own notices) and of the voice agent. The tag is stored as sent (trimmed, up to 35 characters) even when the service does not support it; a customer whose tag names no supported language (`en`, `es`), or who has none, gets the company's default language (configuration `defaultLanguage`, `en` unless set), and a scheduled call then says so in its `languageReason`. Never a cause of 400: like an unknown field, a value that is not a string of at most 35 characters is ignored. It also records the language preference New York City requires collectors to keep (6 RCNY 5-77, amended rules: language preference). See docs/partners/languages.md.
         * @example es-MX
         */
        CustomerLanguage: unknown;
        /**
         * @description Two-letter USPS code of a US state, the District of Columbia or a US territory with its own calling rules (PR, VI, GU, MP, AS). State-based calling rules are applied by this code, so any other value (including lowercase) gives 400 listing the allowed values.
         * @example NY
         * @enum {string}
         */
        UsStateCode: "AL" | "AK" | "AZ" | "AR" | "CA" | "CO" | "CT" | "DE" | "DC" | "FL" | "GA" | "HI" | "ID" | "IL" | "IN" | "IA" | "KS" | "KY" | "LA" | "ME" | "MD" | "MA" | "MI" | "MN" | "MS" | "MO" | "MT" | "NE" | "NV" | "NH" | "NJ" | "NM" | "NY" | "NC" | "ND" | "OH" | "OK" | "OR" | "PA" | "RI" | "SC" | "SD" | "TN" | "TX" | "UT" | "VT" | "VA" | "WA" | "WV" | "WI" | "WY" | "PR" | "VI" | "GU" | "MP" | "AS";
        /** @description Free-form extra data from the LMS. The keys below are the ones seen in the contract (all strings; `home_phone` and `cell_phone` are also used for phone rotation; a value that is a phone number of a region outside the US and its territories gives 400, as for `phoneNumber`). Other keys are accepted and stored as sent. Objects and arrays may nest at most 16 levels deep (`x-maxDepth`; deeper gives 400 naming `externalMetadata`, and in a batch only that row fails). */
        ExternalMetadata: {
            home_phone?: string;
            cell_phone?: string;
            employer_name?: string;
            employer_address?: string;
            employer_city?: string;
            employer_state?: string;
            employer_zip?: string;
            employer_department?: string;
            employer_phone?: string;
            employer_direct_line?: string;
            pay_frequency?: string;
            pay_day?: string;
        } & {
            [key: string]: unknown;
        };
        /**
         * @description Customer write payload of `POST /customers` (and of each customer-create row of
         *     `POST /customers/batch`). Upsert by `id`. Unknown fields are ignored.
         *
         *     **Required today** (`customerContract: current`, the default): `id`,
         *     `firstName`, `lastName`, `taskType`, `phoneNumber` and `timezone` always; unless
         *     `sync` is `true` also `email`, `streetAddress1`, `city`, `state` and `zipCode`.
         *     The required fields are checked on the request as sent, with or without
         *     `sync`: with `sync: true` only `email`, `streetAddress1`, `city`, `state` and
         *     `zipCode` may come from the company's LMS (see `sync`); a request missing
         *     another required field is 400 `Missing required fields: …` naming them, and
         *     the LMS is not asked.
         *
         *     **Announced contract** (not yet enforced; a company can opt in early with
         *     `customerContract: announced`): at least one of `email`/`phoneNumber`;
         *     `birthday` and `ssnLastFour` required; at least one of `timezone`/`zipCode` (an
         *     omitted timezone is derived from `zipCode`, an unresolvable ZIP gives 400);
         *     `state` always required; `test` and `loanId` removed. This schema describes
         *     today's contract; the service checks the required fields itself against the
         *     company's contract version and answers 400
         *     `Missing required fields: a, b` listing the missing fields in this order: id,
         *     firstName, lastName, timezone, phoneNumber, taskType, email, birthday,
         *     ssnLastFour, streetAddress1, city, state, zipCode.
         *
         *     Sending both `test` and `isTest` with different values gives 400; equal values
         *     (including the string form of the same boolean) are accepted.
         */
        CustomerCreate: {
            /** @description Caller's customer reference. Unique per company. */
            id: string;
            firstName?: string;
            lastName?: string;
            /** @description IANA timezone name (for example `America/Chicago`). An unknown zone gives 400. Must be a zone of the United States or its territories (current or alias name, e.g. `America/New_York`, `US/Eastern`, `Pacific/Guam`); other zones give 400. */
            timezone?: string;
            /** @description Phone number in any common format; normalized to E.164 (default region US). A number that cannot be parsed gives 400. US numbers only: the number must belong to the United States or a territory with a US state code (PR, VI, GU, MP, AS), the regions whose calling rules the scheduler applies; others (Canadian and Caribbean +1 numbers included) give 400. */
            phoneNumber?: string;
            /** @description Kind of tasks for the automated schedule. Must be in the company's task-type catalog (company configuration); otherwise 400 naming the allowed values. */
            taskType: string;
            /**
             * Format: email
             * @description Required unless `sync` is true.
             */
            email?: string;
            /**
             * Format: date
             * @description Date of birth, `YYYY-MM-DD`.
             */
            birthday?: string;
            /** @description Last four digits of the SSN. */
            ssnLastFour?: string;
            language?: components["schemas"]["CustomerLanguage"];
            /** @description Required unless `sync` is true. */
            streetAddress1?: string;
            streetAddress2?: string;
            /** @description Required unless `sync` is true. */
            city?: string;
            /** @description Two-letter state or territory code (see `UsStateCode`). Required unless `sync` is true. */
            state?: components["schemas"]["UsStateCode"];
            /** @description Required unless `sync` is true. */
            zipCode?: string;
            /** @description Marks the customer Do Not Call. */
            doNotCall?: boolean;
            /**
             * @description Marks a test customer. The strings `"true"`/`"false"` are read as booleans.
             * @enum {boolean|string}
             */
            isTest?: true | false | "true" | "false";
            /**
             * @deprecated
             * @description Deprecated alias of `isTest`, honored before its sunset (2026-10-25 00:00 UTC, the deployment's `OUTREACH_TEST_ALIAS_SUNSET`); until then responses carry `Deprecation` and `Sunset` headers. From the sunset on, a request that sends `test` (any value) is rejected with 400 naming `isTest` and changes nothing; a batch row that sends it fails alone with the same message.
             * @enum {boolean|string}
             */
            test?: true | false | "true" | "false";
            externalMetadata?: components["schemas"]["ExternalMetadata"];
            /** @description LMS loan identifiers (integers, not strings) selecting the loans to import from the company's LMS. When the company has an LMS connector, exactly these loans of this customer are read from it and saved as loan records (upsert on (`customerId`, `id`), `id` being the LMS loan id as a string) in the same transaction as the customer, so `GET /loans`-style reads, loan-driven outreach and ACH operations see them. A loan the LMS does not have, or that belongs to another customer, fails the write with 400 naming the loan; nothing is written. Without a connector the list is only stored with the customer. Always stored as sent. */
            loanIds?: number[];
            /** @description When true, the customer is read from the company's LMS (the customer `id` is the LMS customer id, e.g. LoanPro's integer id) and the optional fields the request omits are taken from it: email, birth date, SSN last four, primary address, home/cell phones (never one the LMS marks Do Not Call) and employer in `externalMetadata` (sent keys win). Fields the request sends always win. The required fields other than email and the address are checked on the request before the LMS is asked. Without an LMS connector configured for the company: 400 saying so. The LMS not answering in time or failing: 503 with `Retry-After`, nothing written. The LMS rejecting the company's credentials or answering an unreadable payload: 502 naming the configuration. The customer missing in the LMS: 404. Defaults to false. */
            sync?: boolean;
            /**
             * @deprecated
             * @description Accepted and ignored (use `loanIds`); scheduled for removal. Responses carry `Deprecation` and `Sunset` headers. Never returned.
             */
            loanId?: string;
        };
        /** @description Customer response body. Every property is always present; properties that are optional on input are `null` when not known. `phoneNumber` is normalized to E.164. `loanId` is never returned. */
        Customer: {
            /** @description Caller's customer reference. */
            id: string;
            firstName: string;
            lastName: string;
            /** Format: email */
            email: string | null;
            /** Format: date */
            birthday: string | null;
            ssnLastFour: string | null;
            /** @description The customer's language tag as sent (BCP 47); absent when the customer has none. Not necessarily a supported language: see `CustomerLanguage`. */
            language?: string | null;
            /** @description IANA timezone name. */
            timezone: string;
            /** @description E.164 phone number; null only for companies on the announced contract that sent an email instead. */
            phoneNumber: string | null;
            streetAddress1: string | null;
            streetAddress2: string | null;
            city: string | null;
            state: string | null;
            zipCode: string | null;
            doNotCall: boolean;
            isTest: boolean;
            taskType: string;
            externalMetadata: components["schemas"]["ExternalMetadata"];
        };
        /** @description Error body of `POST /customers`. Missing required fields give 400 with `Missing required fields: ` followed by the field names, comma-separated, in the order of the customer field table (id, firstName, lastName, timezone, phoneNumber, taskType, email, birthday, ssnLastFour, streetAddress1, city, state, zipCode). */
        ErrorDetailString: {
            /** @description Human-readable reason. */
            detail: string;
        };
        /** @description Error body of every operation except `POST /customers`, `POST /customers/batch` and `POST /customers/schedule/sync`. `error` repeats the HTTP status code. */
        ErrorMessage: {
            /** @description The HTTP status code of the response. */
            error: number;
            /** @description Human-readable reason. Never contains a stack trace. */
            message: string;
        };
        /** @description Partial update of a customer. Every field is optional; only fields sent are modified and omitted fields keep their values. Other fields are ignored. Not affected by the announced customer-create contract changes. */
        CustomerUpdate: {
            firstName?: string;
            lastName?: string;
            /** Format: email */
            email?: string;
            /** Format: date */
            birthday?: string;
            /** @description IANA timezone name; an unknown zone gives 400. Must be a zone of the United States or its territories (current or alias name, e.g. `America/New_York`, `US/Eastern`, `Pacific/Guam`); other zones give 400. */
            timezone?: string;
            /** @description Normalized to E.164 (default region US); unparseable gives 400. US numbers only: the number must belong to the United States or a territory with a US state code (PR, VI, GU, MP, AS), the regions whose calling rules the scheduler applies; others (Canadian and Caribbean +1 numbers included) give 400. */
            phoneNumber?: string;
            ssnLastFour?: string;
            language?: components["schemas"]["CustomerLanguage"];
            doNotCall?: boolean;
            state?: components["schemas"]["UsStateCode"];
        };
        /** @description Enrollment row of a customer batch with `scheduleMode: enroll`: the fields of `EnrollmentRequest` plus the row's own `idempotencyKey`, which makes the row idempotent exactly like a single enrollment (a resubmitted row with the same key returns its original receipt with `replayed: true`). `scheduleMode` may be omitted in the row. Unrecognized fields fail the row. */
        EnrollmentBatchRow: {
            /** @description Row idempotency key, scoped to the company. */
            idempotencyKey: string;
            /** @constant */
            scheduleMode?: "enroll";
            /** @enum {string} */
            taskType: "PendingLoanNewLead" | "PendingLoanReturning";
            /** @description Caller's customer reference; the customer is created or reused. */
            id: string;
            /** @description Caller's loan (application) reference. The application is (customer id, loanId). */
            loanId: string;
            firstName?: string;
            lastName?: string;
            /** Format: date */
            birthday?: string;
            ssnLastFour?: string;
            phoneNumber?: string;
            mobilePhone?: string;
            timezone?: string;
            daysInApplied?: number;
            daysSincePaidOff?: number;
            oneOff?: boolean;
            isTest?: boolean;
            /**
             * @deprecated
             * @description Deprecated alias of `isTest` before its sunset (2026-10-25 00:00 UTC). From the sunset on, a row that sends `test` (any value) fails alone with `invalid_request` naming `isTest`; the other rows run.
             */
            test?: boolean;
        };
        /** @description One row of a customer batch: a `CustomerCreate` payload, or an `EnrollmentBatchRow` when the batch's `scheduleMode` is `enroll`. This schema is what a row must be; the service checks it row by row, when the job runs, not at submission: a row that is invalid (not a JSON object, missing fields, conflicting `test`/`isTest`, bad phone number, ...) is reported in the job's `failures` at its index. A bad row never rejects the whole batch and never stops the valid rows. (`x-validated-per-row`: the request validator accepts any value here and leaves each row to its own check.) */
        CustomerBatchRow: components["schemas"]["CustomerCreate"] | components["schemas"]["EnrollmentBatchRow"];
        /** @description Customer batch submission. Without `scheduleMode` every row follows the customer-create workflow (the `POST /customers` payload). With `scheduleMode: enroll` every row is an enrollment row carrying its own `idempotencyKey`, and the `Idempotency-Key` header is required. 1 to 10,000 rows (empty: 400 `empty_batch`; more: 400 `batch_too_large`). */
        CustomerBatchRequest: {
            customers: components["schemas"]["CustomerBatchRow"][];
            /**
             * @description `enroll` makes every row an enrollment row; omit for customer-create rows.
             * @enum {string}
             */
            scheduleMode?: "enroll";
        };
        /** @description The customer batch was accepted and queued. This confirms acceptance only, not that every row will succeed: poll the job for per-row failures and results. */
        BatchAccepted: {
            /** Format: uuid */
            jobId: string;
            /** @description Number of submitted rows. */
            totalCustomers: number;
            /** @description Names the number of parallel batches (slices of 25 rows) and the status-poll path. */
            message: string;
        };
        /**
         * @description Error body of `POST /customers/batch` and `POST /customers/schedule/sync` (both
         *     modes). `detail.code` is a stable, machine-readable code; new codes may be added,
         *     so treat unknown codes by their HTTP status. Codes in use:
         *
         *     | code | status | meaning |
         *     |---|---|---|
         *     | `missing_required_fields` | 400 | message `Missing required fields: a, b` |
         *     | `invalid_request` | 400 / 422 | malformed JSON, wrong content type or a schema violation (400); a body that breaks enrollment rules (422) |
         *     | `missing_idempotency_key` | 400 | enrollment without `Idempotency-Key` |
         *     | `invalid_idempotency_key` | 400 | `Idempotency-Key` not matching `^[A-Za-z0-9._:-]{1,128}$` |
         *     | `idempotency_key_reused` | 422 | the key was used for a different request |
         *     | `request_in_progress` | 409 | the same request is still running; retry after `Retry-After` |
         *     | `existing_application` | 409 | an active cadence exists for another application of the customer |
         *     | `contact_restricted` | 409 | an active contact restriction (Do Not Call, cease, attorney, bankruptcy, deceased) |
         *     | `cadence_finished` | 409 | the cadence of this application has finished |
         *     | `cadence_paused` | 409 | the cadence of this application is paused |
         *     | `test_mode_mismatch` | 409 | `isTest` differs from the stored customer's test setting |
         *     | `do_not_call` | 400 | replacement sync for a Do Not Call customer without `doNotCall: false` |
         *     | `rate_limited` | 429 | company quota exceeded |
         *     | `unauthorized` | 401 | missing or unknown API key |
         *     | `empty_batch` | 400 | `customers` is empty |
         *     | `batch_too_large` | 400 | more than 10,000 rows |
         *     | `payload_too_large` | 413 | body over the size limit |
         *     | `service_unavailable` | 503 | temporarily unavailable; retry with the same key |
         */
        ErrorDetailObject: {
            detail: {
                /** @description Machine-readable error code (see the table above). */
                code: string;
                /** @description Human-readable reason. */
                message: string;
            };
        };
        /**
         * @description `pending` → `processing` → `completed` | `failed`; `cancelled` by an operator. `completed` may still include failed rows; `failed` means a fatal job-level error (see `errorMessage`).
         * @enum {string}
         */
        BatchJobStatus: "pending" | "processing" | "completed" | "failed" | "cancelled";
        /** @description A row of a customer batch that failed. */
        BatchFailure: {
            /** @description Zero-based position of the submitted row. */
            index: number;
            /** @description The row's `id`, or null when the row had none (or one longer than 255 characters, which fails the row). */
            customerId: string | null;
            /** @description The status code followed by the reason, for example `400: Missing required fields: email`, or `503: LoanPro (instance 5200776) is unavailable: …` for a row whose LMS stayed unavailable through the job's retries. */
            message: string;
        };
        /** @description Durable receipt of an origination enrollment. `scheduled`: a new cadence was created (`scheduledCallCount` counts its calls). `already_scheduled`: a matching active cadence exists for the application; no calls were created (`scheduledCallCount` 0), customer data was not updated, and `scheduleId`, `scheduledCallId` and `scheduledTime` name the existing cadence and its next call. A replay returns the original receipt unchanged. */
        OriginationReceipt: {
            /**
             * Format: uuid
             * @description Receipt identifier.
             */
            id: string;
            /** @enum {string} */
            status: "scheduled" | "already_scheduled";
            customerId: string;
            loanId: string;
            /** Format: uuid */
            scheduleId: string;
            /**
             * Format: uuid
             * @description The first scheduled call of the cadence (see `GET /scheduled-calls/{id}`).
             */
            scheduledCallId: string;
            /**
             * Format: date-time
             * @description When the first call is scheduled, after calling-window and business-day rules.
             */
            scheduledTime: string;
            scheduledCallCount: number;
        };
        /** @description Result of one finished enrollment row of a customer batch, ordered by submitted index. A row is a single enrollment whose `Idempotency-Key` is the row's `idempotencyKey`. A failed row (`status: failed`, with `code` and `message`, `origination` null) also appears in the job's `failures` at its index. */
        OriginationRowResult: {
            index: number;
            /** @description The row's `id` as sent, or null when the row had none (or one longer than 255 characters, which fails the row). */
            customerId: string | null;
            /** @description `scheduled`, `already_scheduled` or `failed` (open-ended). */
            status: string;
            /** @description The row's `loanId` as sent, or null when the row had none (or one longer than 255 characters, which fails the row). */
            loanId: string | null;
            /** @description True when the row's `idempotencyKey` returned an earlier result. */
            replayed: boolean;
            /** @description True when repeating the row with the same key may succeed: a transient failure (`request_in_progress`, or a server error after the worker's retries). False for invalid rows and business conflicts (for example `existing_application`). */
            retryable: boolean;
            /** @description Error code of a failed row (the codes of `ErrorDetailObject`, or `internal_error` for a row given up after the worker's retries), null on success. */
            code: string | null;
            /** @description Reason of a failed row, null on success. */
            message: string | null;
            /** @description The origination receipt, null when the row failed. */
            origination: components["schemas"]["OriginationReceipt"] | null;
        };
        /**
         * @description Progress of a customer batch job, scoped to the company of the API key (another
         *     company's job is 404). Jobs and row results are kept 30 days.
         *     - `processed` counts finished rows (succeeded or failed), `failed` the failed
         *       ones, `progressPercentage = processed / totalCustomers × 100`.
         *     - `failures` is sorted by index and never truncated; partial while running and
         *       final once the status is `completed` or `failed`. It is empty for jobs that ran
         *       before August 2026.
         *     - `results` holds the finished origination (enrollment) rows, ordered by index;
         *       it is empty for customer-create jobs (use `failures` and the counts).
         *     - `completed` can include failed rows: inspect `failed`, `failures` and each row
         *       result.
         */
        BatchJob: {
            /** Format: uuid */
            jobId: string;
            status: components["schemas"]["BatchJobStatus"];
            totalCustomers: number;
            processed: number;
            failed: number;
            progressPercentage: number;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            processingStartedAt: string | null;
            /** Format: date-time */
            processingCompletedAt: string | null;
            /** @description Null unless the status is `failed`. */
            errorMessage: string | null;
            failures: components["schemas"]["BatchFailure"][];
            results: components["schemas"]["OriginationRowResult"][];
        };
        /**
         * @description Replacement schedule sync (`scheduleMode` `replace` or omitted). The customer is
         *     created or updated and the configured scheduling workflow runs: active call,
         *     email and SMS schedules and their eligible pending communications are cancelled
         *     before new schedules are created. No idempotency receipt is recorded; repeating a
         *     request can change schedule IDs and restart cadence timing.
         *
         *     Required fields (checked by the service, 400 `missing_required_fields`):
         *     - `id` and `taskType` always;
         *     - `firstName`, `lastName`, `phoneNumber`, `timezone` must be available after the
         *       optional LMS fill (with `sync: true` a supported LMS can supply them);
         *     - `email`, `streetAddress1`, `city`, `state`, `zipCode` unless `sync` is true.
         *
         *     `doNotCall` and `isTest` keep the existing value when omitted. For a customer with
         *     Do Not Call set, only `doNotCall: false` proceeds (the flag is cleared and a
         *     schedule created); omitted or `true` gives 400 `do_not_call`. Conflicting `test`
         *     and `isTest` give 400. `loanIds`, `mobilePhone`, `oneOff`, `daysInApplied` and
         *     `daysSincePaidOff` are accepted and ignored when they have their documented types
         *     (those of enrollment; another type gives 400 naming the field); other unknown
         *     fields are ignored.
         */
        ScheduleSyncReplaceRequest: {
            /**
             * @description `replace` or omitted (omitting never selects enrollment).
             * @enum {string}
             */
            scheduleMode?: "replace";
            id: string;
            /** @description Must be in the company's task-type catalog. */
            taskType: string;
            firstName?: string;
            lastName?: string;
            /** @description IANA timezone name. Must be a zone of the United States or its territories (current or alias name, e.g. `America/New_York`, `US/Eastern`, `Pacific/Guam`); other zones give 400. */
            timezone?: string;
            /** @description Normalized to E.164 (default region US). US numbers only: the number must belong to the United States or a territory with a US state code (PR, VI, GU, MP, AS), the regions whose calling rules the scheduler applies; others (Canadian and Caribbean +1 numbers included) give 400. */
            phoneNumber?: string;
            /** Format: email */
            email?: string;
            /** Format: date */
            birthday?: string;
            ssnLastFour?: string;
            language?: components["schemas"]["CustomerLanguage"];
            streetAddress1?: string;
            streetAddress2?: string;
            city?: string;
            state?: components["schemas"]["UsStateCode"];
            zipCode?: string;
            doNotCall?: boolean;
            /** @enum {boolean|string} */
            isTest?: true | false | "true" | "false";
            /**
             * @deprecated
             * @description Deprecated alias of `isTest` before its sunset (2026-10-25 00:00 UTC; responses carry `Deprecation` and `Sunset`). From the sunset on, a request that sends `test` (any value) is rejected with 400 naming `isTest` and changes nothing.
             * @enum {boolean|string}
             */
            test?: true | false | "true" | "false";
            externalMetadata?: components["schemas"]["ExternalMetadata"];
            /** @description When true, the customer is read from the company's LMS (`id` is the LMS customer id) and the fields the request omits are taken from it, as in `POST /customers` (sent fields win; `timezone` is derived from the ZIP code when none is sent); `firstName`, `lastName`, `phoneNumber` and `timezone` must then be available in the merged record and the schedule is planned from it. `loanIds` are not imported in this mode. Without an LMS connector: 400 `lms_not_configured`; the LMS unavailable: 503 with `Retry-After`; credentials rejected or unreadable payload: 502; customer missing in the LMS: 404. Nothing is written in any of these cases. Defaults to false. */
            sync?: boolean;
            /** @description External loan reference for configured LMS workflows; no write-back by itself. */
            loanId?: string;
            /** @description Ignored in replacement mode (typed as in `CustomerCreate`; a value of another type gives 400). */
            loanIds?: number[];
            /** @description Ignored in replacement mode (typed as in `EnrollmentRequest`; a value of another type gives 400). */
            mobilePhone?: string;
            /** @description Ignored in replacement mode (typed as in `EnrollmentRequest`; a value of another type gives 400). */
            oneOff?: boolean;
            /** @description Ignored in replacement mode (typed as in `EnrollmentRequest`; a value of another type gives 400). */
            daysInApplied?: number;
            /** @description Ignored in replacement mode (typed as in `EnrollmentRequest`; a value of another type gives 400). */
            daysSincePaidOff?: number;
        };
        /**
         * @description Origination enrollment (`scheduleMode: enroll`) of `POST /customers/schedule/sync`.
         *     Requires the `Idempotency-Key` header. Unrecognized fields are rejected and the
         *     flags cannot be null (422 `invalid_request` naming the field). The application is
         *     identified by (`id`, `loanId`); the customer is created or reused, so no separate
         *     customer-create or scheduled-call request is needed. When the customer does not
         *     exist yet, `firstName`, `lastName`, `timezone` and `phoneNumber` or `mobilePhone`
         *     are needed to create it (422 `invalid_request` naming the field otherwise).
         *
         *     - `PendingLoanNewLead`: creates the configured new-lead cadence. `daysInApplied`
         *       gives application-age context and does not skip cadence steps.
         *     - `PendingLoanReturning`: `daysSincePaidOff` selects the returning cadence
         *       relative to the previous payoff; when omitted, an initial call is created under
         *       the normal returning flow (possibly with mobile fallback) and no payoff-based
         *       cadence. `oneOff: true` creates exactly one scheduled call without mobile
         *       fallback; it must not be sent with `PendingLoanNewLead` (422), nor may
         *       `daysSincePaidOff`.
         *
         *     An existing customer is reused as stored: enrollment never updates it, its stored
         *     phone number and zone are called (a `mobilePhone` in the request adds the fallback
         *     number for this cadence), and the request's other customer fields only shape the
         *     response. A customer with an active cadence for another application gets 409
         *     `existing_application`; the application's own cadence answers `already_scheduled`
         *     (active), 409 `cadence_paused` or 409 `cadence_finished`; a cancelled cadence (by
         *     a contact restriction or a replacement sync) does not block a new enrollment.
         *     When the scheduler refuses: an active restriction or calling rules that leave no
         *     allowed time give 409 `contact_restricted`; a configuration or input it cannot use
         *     (no usable phone, no cadence for `daysSincePaidOff`) gives 422 naming the field.
         *
         *     When both `test` and `isTest` are omitted the flag is false, and it must match an
         *     existing customer's test setting (409 `test_mode_mismatch`). Enrollment does not
         *     mark an application funded, cancel or restart a cadence, or write notes and flags
         *     back to the LMS; changing the idempotency key does not restart a completed
         *     cadence. Calling windows, business days, contact restrictions, phone rotation
         *     and transfer routing cannot be overridden.
         * @example {
         *       "scheduleMode": "enroll",
         *       "taskType": "PendingLoanNewLead",
         *       "id": "cust-1001",
         *       "loanId": "loan-5001",
         *       "firstName": "Maria",
         *       "lastName": "Alvarez",
         *       "birthday": "1988-04-12",
         *       "ssnLastFour": "4321",
         *       "phoneNumber": "(512) 555-0143",
         *       "timezone": "America/Chicago",
         *       "daysInApplied": 2,
         *       "isTest": false
         *     }
         * @example {
         *       "scheduleMode": "enroll",
         *       "taskType": "PendingLoanReturning",
         *       "id": "cust-1002",
         *       "loanId": "loan-5002",
         *       "firstName": "James",
         *       "lastName": "Okafor",
         *       "mobilePhone": "+17045550188",
         *       "timezone": "America/New_York",
         *       "daysSincePaidOff": 45,
         *       "oneOff": true
         *     }
         */
        EnrollmentRequest: {
            /** @constant */
            scheduleMode: "enroll";
            /**
             * @description `PendingLoanNewLead` for new leads, `PendingLoanReturning` for returning borrowers.
             * @enum {string}
             */
            taskType: "PendingLoanNewLead" | "PendingLoanReturning";
            /** @description Caller's customer reference. */
            id: string;
            /** @description Caller's loan (application) reference. */
            loanId: string;
            firstName?: string;
            lastName?: string;
            /** Format: date */
            birthday?: string;
            ssnLastFour?: string;
            language?: components["schemas"]["CustomerLanguage"];
            /** @description Normalized to E.164 (default region US). US numbers only: the number must belong to the United States or a territory with a US state code (PR, VI, GU, MP, AS), the regions whose calling rules the scheduler applies; others (Canadian and Caribbean +1 numbers included) give 422. */
            phoneNumber?: string;
            /** @description Mobile number; used as `phoneNumber` when that is omitted, and for mobile fallback. Same regions as `phoneNumber`. */
            mobilePhone?: string;
            /** @description IANA timezone name. Must be a zone of the United States or its territories (current or alias name, e.g. `America/New_York`, `US/Eastern`, `Pacific/Guam`); other zones give 422. */
            timezone?: string;
            /** @description Days since the application was made (context only). */
            daysInApplied?: number;
            /** @description Days since the borrower's previous loan was paid off. `PendingLoanReturning` only (422 with `PendingLoanNewLead`). */
            daysSincePaidOff?: number;
            /** @description Exactly one scheduled call, no mobile fallback. `PendingLoanReturning` only. */
            oneOff?: boolean;
            /** @description Marks a test customer; defaults to false. */
            isTest?: boolean;
            /**
             * @deprecated
             * @description Deprecated alias of `isTest` before its sunset (2026-10-25 00:00 UTC; responses carry `Deprecation` and `Sunset`). From the sunset on, a request that sends `test` (any value) is rejected with 422 naming `isTest` and enrolls nothing.
             */
            test?: boolean;
        };
        /** @description Body of `POST /customers/schedule/sync`. `scheduleMode: enroll` selects origination enrollment (`EnrollmentRequest`); `replace` or omitted selects replacement sync (`ScheduleSyncReplaceRequest`). */
        ScheduleSyncRequest: components["schemas"]["ScheduleSyncReplaceRequest"] | components["schemas"]["EnrollmentRequest"];
        /** @description Result of a replacement sync: the stored customer (optional fields may be null) plus the schedule outcome. Some integrations need an eligible active loan; without one the customer is saved and no schedule is created (`scheduleCreated: false`), so a 200 alone does not prove a schedule exists. */
        ScheduleSyncReplaceResponse: {
            id: string;
            firstName: string;
            lastName: string;
            /** Format: email */
            email?: string | null;
            /** Format: date */
            birthday?: string | null;
            ssnLastFour?: string | null;
            timezone?: string | null;
            /** @description E.164 phone number. */
            phoneNumber?: string | null;
            streetAddress1?: string | null;
            streetAddress2?: string | null;
            city?: string | null;
            state?: string | null;
            zipCode?: string | null;
            doNotCall?: boolean | null;
            isTest?: boolean | null;
            taskType?: string | null;
            externalMetadata?: components["schemas"]["ExternalMetadata"] | null;
            origination?: never;
            scheduleCreated: boolean;
            /** @description Initial task counter, generally one per created schedule. */
            tasksCreated: number;
            /**
             * @description Currently always 0.
             * @constant
             */
            existingTasksRemoved: 0;
        };
        /** @description Result of an enrollment. The customer fields are built from the normalized request (`phoneNumber` falls back to `mobilePhone`; `doNotCall` is always false); they are not a read of the stored record. `tasksCreated` equals `origination.scheduledCallCount` when the status is `scheduled`, otherwise 0. A replay (`Idempotency-Replayed: true`) returns the original body. */
        EnrollmentResponse: {
            id: string;
            firstName: string | null;
            lastName: string | null;
            /** Format: date */
            birthday?: string | null;
            ssnLastFour?: string | null;
            /** @description E.164 phone number. */
            phoneNumber?: string | null;
            timezone?: string | null;
            /** @enum {string} */
            taskType?: "PendingLoanNewLead" | "PendingLoanReturning";
            /** @constant */
            doNotCall?: false;
            isTest?: boolean;
            origination: components["schemas"]["OriginationReceipt"];
            scheduleCreated: boolean;
            tasksCreated: number;
            /** @constant */
            existingTasksRemoved: 0;
        };
        /** @description 200 body of `POST /customers/schedule/sync`: `EnrollmentResponse` (has `origination`) in enrollment mode, `ScheduleSyncReplaceResponse` otherwise. */
        ScheduleSyncResponse: components["schemas"]["ScheduleSyncReplaceResponse"] | components["schemas"]["EnrollmentResponse"];
        /** @description Legacy scheduled-call creation. `scheduleType` is the identifier assigned to the company's integration (company configuration); it is not a `taskType` and not a value of the task-type catalog. Unsupported identifiers give 400. */
        ScheduledCallsCreate: {
            scheduleType: string;
        };
        /** @description A scheduled call created by the legacy create-scheduled-calls operation. */
        ScheduledCallCreated: {
            id: string;
            customerId: string;
            /** Format: date-time */
            scheduledTime: string;
            /**
             * @description See `ScheduledCall.status`.
             * @enum {string}
             */
            status: "pending" | "dialing" | "completed" | "failed" | "skipped" | "cancelled";
        };
        /** @description Extension, not part of the partner contract. Whether the customer may be contacted at `at` on each channel and each number or address, read by the same scheduler code as the dial-time check (calls) and the send-time check (texts, emails). */
        ContactEligibility: {
            customerId: string;
            /**
             * Format: date-time
             * @description The instant the answer is for (the request's `at`, or now).
             */
            at: string;
            /** @description The loan the answer is about (per-debt caps count its attempts); null for any. */
            loanId: string | null;
            /**
             * @description The purpose the rules were applied for: the loan's task type when `loanId` is given and the loan has one, else the customer's.
             * @enum {string}
             */
            purpose: "origination" | "collections";
            /** @description One entry per channel and number or address: each of the customer's numbers for calls, the primary number for SMS, the email address for email. */
            channels: {
                /** @enum {string} */
                channel: "call" | "sms" | "email";
                /** @description E.164 number or email address. */
                address: string;
                /** @description True when an attempt may go at `at`. */
                allowed: boolean;
                /**
                 * Format: date-time
                 * @description `at` itself when allowed; else the next instant every rule allows; null when none is allowed within the search horizon or a stop has no end of its own (a restriction, an opt-out).
                 */
                nextAllowedAt: string | null;
                /** @description Every rule that does not allow an attempt at `at` (empty when allowed). */
                blocking: {
                    /** @description Rule id in the rule catalog (`sms-opt-out`, `email-suppressed` and `channel-frequency` for channel stops). */
                    rule: string;
                    source: string;
                    /** @description What the rule found. A call lacking the consent its purpose needs (it would be held, not ended) starts with `consent-required: `. */
                    detail: string;
                    /**
                     * Format: date-time
                     * @description The earliest instant this rule alone could allow; null when it has no end of its own.
                     */
                    until: string | null;
                }[];
                /** @description Each frequency cap that applies: attempts counted in the window ending at `at` (pending later attempts also count when a time is checked), its limit, and when the oldest counted attempt leaves the window. */
                budgets: {
                    rule: string;
                    source: string;
                    used: number;
                    limit: number;
                    /** @description e.g. `7-day` (7 × 24 h + 1 h, covering a DST week) or `24-hour`. */
                    window: string;
                    /** Format: date-time */
                    nextFreesAt: string | null;
                }[];
            }[];
        };
        /** @description Extension, not part of the partner contract. The consent a call relies on: an event the partner or the customer recorded in the ledger (`recorded`), the company's attestation of written consent in its configuration (`attestation`: the form and its version as `evidenceRef`, the customer's enrollment as `capturedAt`), or what the number's source carries by default (`company-default`: the application number carries express consent; see docs/partners/consent.md, "Where a number came from"). */
        ConsentBasis: {
            /** @enum {string} */
            origin: "recorded" | "company-default" | "attestation";
            /**
             * @description `express_written` is prior express written consent (telemarketing).
             * @enum {string}
             */
            type: "express" | "express_written";
            /** @description Where the consent came from: the recorded event's source (`loan_application`, `api`, `inbound_text`, `call`…), `company_attestation`, or for the default the number's source (`application`, `application_mobile`; `supplied_by_lender` where the customer record is not read). */
            source: string;
            /**
             * Format: date-time
             * @description When the consent was given; for the default and the attestation, when the customer was enrolled.
             */
            capturedAt: string | null;
            /** @description The partner's reference to the evidence (a signed form, a recording); null when none. */
            evidenceRef: string | null;
            /**
             * Format: uuid
             * @description The ledger event; null for the default and the attestation.
             */
            consentEventId: string | null;
        };
        /** @description Extension, not part of the partner contract. The consent of one number or address on one channel now: the latest event of the ledger, else the company's default for a number the lender supplied. */
        CurrentConsent: {
            address: string;
            /** @enum {string} */
            channel: "call" | "sms" | "email";
            /**
             * @description `not_recorded`: no event and no company default (a task type whose supplied numbers carry none; an email address, which needs no recorded consent to be emailed).
             * @enum {string}
             */
            state: "granted" | "revoked" | "not_recorded";
            /** @description What a call or text would rely on; null unless granted. */
            basis: components["schemas"]["ConsentBasis"] | null;
            /** Format: date-time */
            revokedAt: string | null;
            revocationSource: string | null;
        };
        /** @description Extension, not part of the partner contract. One event of the consent ledger, which is append-only: a grant or a revocation of consent to one channel of a number or email address. */
        ConsentEvent: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            action: "grant" | "revoke";
            /** @description The number (E.164) or the email address (lower case). */
            address: string;
            /** @enum {string} */
            channel: "call" | "sms" | "email";
            /**
             * @description The consent granted; null for a revocation.
             * @enum {string|null}
             */
            type: "express" | "express_written" | null;
            /** @description How it was given or revoked: `loan_application`, `api`, `inbound_text` (an SMS STOP or START), `sms_provider_opt_out` (Twilio refused a text with 21610: the number opted out of that sender at Twilio), `call` (a Do Not Call request on a call), `email_unsubscribe` (the opt-out link), or the partner's own word. */
            source: string;
            /**
             * Format: date-time
             * @description When the customer gave or revoked it (the state at an instant counts the events captured by then).
             */
            capturedAt: string;
            /**
             * Format: date-time
             * @description When the service recorded it.
             */
            recordedAt: string;
            evidenceRef: string | null;
        };
        /** @description Extension, not part of the partner contract. A customer's consent: the current state of each number (calls, texts) and email address, and every event of the ledger behind it, oldest first. */
        ConsentLedger: {
            customerId: string;
            /**
             * Format: date-time
             * @description The instant `current` is for (now).
             */
            at: string;
            current: components["schemas"]["CurrentConsent"][];
            events: components["schemas"]["ConsentEvent"][];
        };
        /** @description Extension, not part of the partner contract. A grant or a revocation to record. The address must be one of the customer's numbers (channels `call`, `sms`) or its email address (channel `email`). */
        ConsentEventInput: {
            /** @enum {string} */
            action: "grant" | "revoke";
            /** @description A number in any US format (stored as E.164), or the email address. */
            address: string;
            /** @enum {string} */
            channel: "call" | "sms" | "email";
            /**
             * @description Required for a grant; not allowed with a revocation.
             * @enum {string}
             */
            type?: "express" | "express_written";
            /** @description How it was given or revoked, e.g. `loan_application`, `api`, `web_form`, `call`. */
            source: string;
            /**
             * Format: date-time
             * @description When the customer gave or revoked it; default now; not in the future. Required for a grant of `express_written` (400 without it).
             */
            capturedAt?: string;
            /** @description Your reference to the evidence (a signed form's id, a recording). Required, non-empty, for a grant of `express_written` (47 CFR 64.1200(f)(9): a signed written agreement; 400 without it). */
            evidenceRef?: string | null;
        };
        /** @description Body of `PUT /customers/{customerId}/consents` (extension, not part of the partner contract). */
        ConsentRecordRequest: {
            events: components["schemas"]["ConsentEventInput"][];
        };
        /** @description Optional body of `POST /customers/{customerId}/cancel-communications`. */
        CancelCommunicationsRequest: {
            /** @description Why the lender stops the communications; kept on every cancelled item. */
            reason?: string;
        };
        /** @description How many pending items of each kind the request cancelled. */
        CommunicationsCancelled: {
            /** @description Scheduled calls cancelled (each sent a `scheduled_call.updated` event). */
            calls: number;
            /** @description Scheduled emails cancelled. */
            emails: number;
            /** @description Scheduled texts (SMS) cancelled. */
            texts: number;
        };
        /** @description Extension, not part of the partner contract. What the company's outreach did on one day (in `timezone`): calls placed by hour and outcome, the connect, right-party-contact and transfer rates, texts and emails sent, the calls the rules held back or skipped (top reasons with their citations), and the calls due next. The console's Today page shows it (docs/operators/console.md). */
        DailyActivity: {
            /** Format: date */
            date: string;
            timezone: string;
            /**
             * Format: date-time
             * @description Start of the day in `timezone`.
             */
            from: string;
            /**
             * Format: date-time
             * @description End of the day in `timezone` (exclusive).
             */
            to: string;
            /** @description Calls placed, counted by local hour and outcome; only non-zero counts. */
            callsByHour: {
                hour: number;
                /**
                 * @description From the call's flags, the first that applies: `transferred` (SUCCESSFUL_TRANSFER or TRANSFER), `right_party` (RPC), `wrong_number` (WRONG_NUMBER), `connected` (CONNECT), `voicemail` (VOICEMAIL), `no_answer` (NO_ANSWER); `in_progress` while no result arrived (the call is not analyzed yet), `other` for an analyzed call without any of these flags.
                 * @enum {string}
                 */
                outcome: "transferred" | "right_party" | "connected" | "voicemail" | "no_answer" | "wrong_number" | "in_progress" | "other";
                calls: number;
            }[];
            rates: {
                placed: number;
                /** @description Calls with CONNECT (a person or a machine answered). */
                connected: number;
                /** @description Calls with RPC. */
                rightParty: number;
                /** @description Calls with SUCCESSFUL_TRANSFER or TRANSFER. */
                transferred: number;
                /** @description connected / placed (0 when none were placed). */
                connectRate: number;
                rightPartyRate: number;
                transferRate: number;
            };
            messages: {
                textsSent: number;
                emailsSent: number;
            };
            /** @description Calls due this day that did not go (skipped or cancelled), by the rule that stopped them, most first. */
            heldBack: {
                rule: string;
                /** @description The rule's citation. */
                source: string;
                calls: number;
                /** @description What the rule found for one of these calls. */
                example: string;
            }[];
            /** @description The next pending calls, soonest first. */
            dueNext: {
                scheduledCallId: string;
                customerId: string;
                /** Format: date-time */
                scheduledTime: string;
                taskType: string;
            }[];
        };
        /** @description One transfer destination's transfers in a period (GET /transfer-results, GET /reports/collections). */
        TransferDestinationResult: {
            /** @description Where the call was transferred (a number or a SIP URI). */
            destination: string;
            /** @description Transfers started (`transfer_started`). */
            attempted: number;
            /** @description Transfers that connected (`transfer_bridged`). */
            bridged: number;
            /** @description Transfers cancelled or that failed to connect (`transfer_cancelled`). */
            failed: number;
            /** @description Failed transfers whose call then bridged to another destination. */
            fellBack: number;
        };
        /** @description Transfers per destination in a period (GET /transfer-results). */
        TransferResults: {
            /** Format: date-time */
            from: string;
            /** Format: date-time */
            to: string;
            data: components["schemas"]["TransferDestinationResult"][];
        };
        /** @description The company's go-live checklist (GET /go-live-checklist), as `outreach doctor` prints it. */
        GoLiveChecklist: {
            /** @description Every check passes. */
            ready: boolean;
            checks: {
                id: string;
                title: string;
                ok: boolean;
                detail: string;
                /** @description What to change when the check fails. */
                fix?: string;
            }[];
        };
        /** @description Extension, not part of the partner contract. One batch job of the company, as listed by `GET /batches`: its kind, status and counts. The job's rows (failures by row, results) are read from `statusPath`. */
        BatchSummary: {
            /** Format: uuid */
            jobId: string;
            /**
             * @description `customer_create` (`POST /customers/batch` of customers), `enrollment` (`POST /customers/batch` of enrollments), `loan_upsert` (`POST /loans/batch`).
             * @enum {string}
             */
            kind: "customer_create" | "enrollment" | "loan_upsert";
            status: components["schemas"]["BatchJobStatus"];
            total: number;
            processed: number;
            failed: number;
            progressPercentage: number;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            processingCompletedAt: string | null;
            /** @description Where the job's progress and rows are read (`/customers/batch/{jobId}` or `/loans/batch/{jobId}`). */
            statusPath: string;
        };
        /** @description An inbound text (SMS) whose words the revocation classifier could not read for sure (docs/partners/consent.md, "Unsure replies: the review queue"): it waits for an operator's decision, measured against the 10-business-day limit of 47 CFR 64.1200(a)(10) (FCC 24-24). One record per company that texted the number. */
        InboundMessage: {
            /** Format: uuid */
            id: string;
            /** @description The sender's number (E.164). */
            fromPhoneNumber: string;
            /** @description The text as received. */
            body: string;
            /** @description The classifier rule that found it unsure (`stop-word`: a stop word not clearly about the contact; `harassment`: hostility or "wrong number" with no stop word). */
            rule: string;
            /**
             * @description `review`: waiting; `revoked`: decided a revocation (by an operator, or applied at the limit); `kept`: decided not a revocation, consent stands.
             * @enum {string}
             */
            status: "review" | "revoked" | "kept";
            /** Format: date-time */
            receivedAt: string;
            /**
             * Format: date-time
             * @description When `inbound_message.review_due` is sent if still waiting (company configuration `consent.reviewWarnBusinessDays`, default 8 business days).
             */
            warnAt: string;
            /**
             * Format: date-time
             * @description The limit: 10 business days after receipt (weekdays that are not US federal holidays, UTC dates). Still waiting then, it is applied as a revocation.
             */
            dueAt: string;
            /**
             * Format: date-time
             * @description When `inbound_message.review_due` was published; null before.
             */
            warnedAt: string | null;
            /** Format: date-time */
            reviewedAt: string | null;
            /** @description Who decided: the operator named in the decision, or `system:review-limit` when the limit ran out. */
            reviewedBy: string | null;
            note: string | null;
        };
        /** @description An operator's decision on an inbound text in review. */
        InboundMessageReview: {
            /**
             * @description `revocation`: the reply revokes consent; the number is opted out of texts and its consent revoked now (calls too, unless the company's `consent.revocationScope` is `channel`). `not_revocation`: consent stands.
             * @enum {string}
             */
            decision: "revocation" | "not_revocation";
            /** @description Who decided (name or email of the operator); kept with the decision. */
            reviewedBy: string;
            /** @description Why, in the operator's words. */
            note?: string;
        };
        /** @description Extension, not part of the partner contract. One event sent (or being sent) to one of the company's webhook endpoints: its attempts, the last answer, and whether it was delivered, is still retried (`pending`, with `nextAttemptAt`) or was given up (`dead`) (docs/partners/webhooks.md). */
        WebhookDelivery: {
            /** @description The delivery's `webhook-id` (`msg_…`), the same on every attempt. */
            id: string;
            endpointId: string;
            eventType: string;
            /** @description The id of what the event is about (a call, a scheduled call, a batch job…). */
            subjectId: string;
            /** @enum {string} */
            status: "pending" | "delivered" | "dead";
            attempts: number;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            lastAttemptAt: string | null;
            /** @description The endpoint's HTTP status at the last attempt; null when none answered. */
            lastStatusCode: number | null;
            lastError: string | null;
            /** Format: date-time */
            deliveredAt: string | null;
            /**
             * Format: date-time
             * @description When a pending delivery is tried next; null otherwise.
             */
            nextAttemptAt: string | null;
        };
        /** @description ACH authorization state of a payment method: `active`, `revoked`, or `none` (never authorized; always `none` for debit cards), with its history. */
        AchAuthorization: {
            /** @enum {string} */
            status: "active" | "revoked" | "none";
            /**
             * Format: date-time
             * @description When the current (or last) authorization was captured.
             */
            authorizedAt: string | null;
            /**
             * Format: date-time
             * @description When it was revoked; null unless the status is `revoked`.
             */
            revokedAt: string | null;
            /** @description Every capture and revocation, oldest first; entries are never edited. A revocation is recorded once: repeating it (or resubmitting the ACH return that caused it) adds nothing. */
            history: {
                /** @enum {string} */
                event: "captured" | "revoked";
                /**
                 * @description `authorization_workflow`: `createAchAuthorization`; `revocation_request`: `updateAchAuthorization` with `revokeAuthorization: true`; `ach_return`: a return whose code means the authorization is gone (R05, R07, R10, R11, R29, R51).
                 * @enum {string}
                 */
                source: "authorization_workflow" | "revocation_request" | "ach_return";
                /**
                 * Format: date-time
                 * @description When the customer authorized (as sent), or when the revocation was recorded.
                 */
                occurredAt: string;
                /**
                 * @description How a captured authorization was obtained; null for revocations.
                 * @enum {string|null}
                 */
                method: "written" | "electronic" | "recorded_call" | null;
                /** @description The caller's evidence reference sent with the capture. */
                evidenceRef: string | null;
                /** @description The return code of an `ach_return` revocation. */
                returnCode: string | null;
            }[];
        };
        /** @description Extension, not part of the partner contract. A payment method of a customer. */
        PaymentMethod: {
            /**
             * Format: uuid
             * @description Issued by this API; use it as `paymentMethodId`.
             */
            id: string;
            /** @description Caller's customer reference. */
            customerId: string;
            /** @enum {string} */
            type: "bank_account" | "debit_card";
            /** @description At most one method of a customer is the default. A revoked authorization or an unusable account removes the default status; nothing restores it automatically. */
            isDefault: boolean;
            /** @description Last four digits of the account or card number (follows an applied C01/C03/C06/C07 correction). */
            last4: string;
            /**
             * @description Bank accounts only; null for debit cards.
             * @enum {string|null}
             */
            accountType?: "checking" | "savings" | null;
            /** @description Debit cards only; null for bank accounts. */
            brand?: string | null;
            achAuthorization: components["schemas"]["AchAuthorization"];
            /** @description Set when an ACH return showed that the account cannot be debited (R02, R03, R04, R16, R20); null otherwise. It stays set: register the customer's new account as a new payment method. */
            unusableForAch: null | {
                returnCode: string;
                /** Format: date-time */
                since: string;
            };
            /** Format: date-time */
            createdAt: string;
        };
        /** @description A bank account payment method. */
        BankAccountCreate: {
            /** @constant */
            type: "bank_account";
            /** @description ABA routing number, 9 digits with a valid check digit (400 otherwise; NACHA would return it R28). */
            routingNumber: string;
            /** @description Account number, 4 to 17 digits. */
            accountNumber: string;
            /** @enum {string} */
            accountType: "checking" | "savings";
            /** @description Makes this the customer's only default payment method. Defaults to false. */
            isDefault?: boolean;
        };
        /** @description A debit card payment method (reference data only; no card number). */
        DebitCardCreate: {
            /** @constant */
            type: "debit_card";
            /** @description Last four digits of the card. */
            last4: string;
            /** @description Card network, for example `visa` or `mastercard`. */
            brand: string;
            /** @description Makes this the customer's only default payment method. Defaults to false. */
            isDefault?: boolean;
        };
        /**
         * @description Extension, not part of the partner contract. Registers a payment method of a
         *     customer: a `BankAccountCreate` (`type: bank_account`) or a `DebitCardCreate`
         *     (`type: debit_card`). Full account numbers are stored for ACH use and never
         *     returned; card numbers are never accepted. A new bank account has no ACH
         *     authorization until one is captured with `POST .../ach-authorizations`.
         *     `isDefault: true` makes it the customer's only default method.
         */
        PaymentMethodCreate: components["schemas"]["BankAccountCreate"] | components["schemas"]["DebitCardCreate"];
        /**
         * @description Revocation of the ACH authorization of one bank-account payment method. Only that
         *     method changes, never another method or every method of the customer.
         *
         *     | Current state | `revokeAuthorization` | Result |
         *     |---|---|---|
         *     | active | `true` | revoked; the method's default status is removed; 200 |
         *     | revoked | `true` | revoked (idempotent); 200 |
         *     | none (no active or historical authorization) | `true` | 409 |
         *     | active | `false` | active (no-op); 200 |
         *     | revoked | `false` | 422; consent is never restored by this operation |
         *     | none | `false` | none (no-op); 200 |
         *     | any | omitted or `null` | unchanged; 200 |
         *
         *     A revoked authorization becomes active again only when a new customer
         *     authorization is captured (`POST .../ach-authorizations`).
         */
        AchAuthorizationUpdate: {
            /** @description `true` revokes; `false`, omitted or `null` change nothing (see the table). */
            revokeAuthorization?: boolean | null;
        };
        /** @description ACH authorization status of a payment method after the update. */
        AchAuthorizationStatus: {
            /** @description Caller's customer reference. */
            customerId: string;
            /** Format: uuid */
            paymentMethodId: string;
            /** @description True when the method's ACH authorization is revoked. */
            revokeAuthorization: boolean;
        };
        /** @description Extension, not part of the partner contract: the separate authorization workflow. Records a new customer ACH authorization for a bank-account payment method; the authorization becomes `active`, clearing a revoked one. */
        AchAuthorizationCapture: {
            /**
             * Format: date-time
             * @description When the customer gave the authorization; defaults to the time of the request. More than 5 minutes ahead of the server clock gives 400.
             */
            authorizedAt?: string;
            /**
             * @description How the authorization was obtained.
             * @enum {string}
             */
            method: "written" | "electronic" | "recorded_call";
            /** @description Caller's reference to the stored evidence (signed form, consent record, recording). */
            evidenceRef?: string;
        };
        /** @description A stored loan. Every property is always present; fields never sent are null. */
        Loan: {
            /** @description Caller's loan reference. */
            id: string;
            /** @description Caller's customer reference. */
            customerId: string;
            /** @description Loan type (allowed values depend on company configuration). */
            type: string | null;
            applicationStatus: string | null;
            servicingStatus: string | null;
            /** Format: date */
            originationDate: string | null;
            /** Format: date */
            startDate: string | null;
            /**
             * Format: date
             * @description Next due date.
             */
            dueDate: string | null;
            /** Format: date */
            chargeoffDate: string | null;
            totalBalance: number | null;
            amountDue: number | null;
            originalFundedAmount: number | null;
            originalTotalOwed: number | null;
            interestRate: number | null;
            apr: number | null;
            payoffAmount: number | null;
            totalPayoffAmount: number | null;
            balanceAtTransfer: number | null;
            preTransferPayments: number | null;
            chargeoffAmount: number | null;
            paymentPlanMinPercentage: number | null;
            paymentPlanMaxPercentage: number | null;
            isSettled: boolean | null;
            autopayEnabled: boolean | null;
            isVisibleInBorrowerPortal: boolean | null;
            daysPastDueAtBoarding: number | null;
            daysSinceOriginationAtBoarding: number | null;
            /** @description Free-form data from the LMS, stored as sent. */
            externalLmsMetadata: {
                [key: string]: unknown;
            } | null;
            /** Format: uuid */
            portfolioId: string | null;
            /** @description Kind of tasks for the loan's schedule (company configuration). */
            taskType: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /**
         * @description ACH transaction status. When an ACH return exists on a submission, the payment transaction's status becomes `RETURNED`.
         * @enum {string}
         */
        AchStatus: "PENDING" | "SUBMITTED" | "PROCESSED" | "COMPLETED" | "FAILED" | "RETURNED" | "CANCELED";
        /** @description The payment transaction, including reversal data received with ACH returns. */
        PaymentTransaction: {
            /** @description Transaction status; `RETURNED` once an ACH return exists. Null when never reported. */
            status: components["schemas"]["AchStatus"] | null;
            /** Format: date */
            payment_date: string | null;
            /** @description Amount in dollars. */
            payment_amount: number | null;
            payment_type: string | null;
            system_source: string | null;
            payment_reversed: boolean;
            /** Format: date */
            payment_reverse_date: string | null;
            payment_reverse_reason_code: string | null;
            payment_reverse_comments: string | null;
            debit_status: string | null;
            debit_decline_reason: string | null;
            overall_return_code: string | null;
        };
        /** @description The ACH payment record of a payment paid by ACH. */
        AchPayment: {
            status: components["schemas"]["AchStatus"];
            /** Format: date */
            ach_submitted_date: string | null;
            /** Format: date */
            ach_settlement_date: string | null;
            /** Format: date */
            ach_return_date: string | null;
            ach_return_code: string | null;
            /** Format: date-time */
            updated_at: string;
        };
        /** @description Risk tracking computed when the record was created. ACH returns and debit declines count; corrections do not. Windows end on the event's date (the return date, else the correction date, else the day it was received) and include this return. */
        ReturnRisk: {
            /** @description Returns on the same payment method in the last 60 days (on this payment when it names no method). */
            returnsForMethodLast60Days: number;
            /** @description Returns for the customer, on any payment, in the last 180 days. */
            returnsForCustomerLast180Days: number;
            /** @description Re-presentments of this payment already made in the last 180 days: the earlier R01/R09 returns of the same payment (each was followed by the re-presentment now returned). NACHA allows at most 2. */
            representmentsLast180Days: number;
        };
        /** @description What the return means for further collection, from NACHA semantics (Operating Rules, Appendix Four and Five). `category` (open-ended) is one of `retry` (R01, R09), `account_unusable` (R02, R03, R04, R16, R20; the method gets `unusableForAch`), `authorization_revoked` (R05, R07, R10, R11, R29, R51; the method's ACH authorization becomes revoked), `stop_payment` (R08), `correction` (C01–C13), `debit_decline` or `other` (other return codes). An `account_unusable` or `authorization_revoked` return also removes the method's default status. */
        ReturnAction: {
            category: string;
            /** @description True only for R01/R09 with fewer than 2 re-presentments so far, within 180 days of the payment date (Nacha Operating Rules, Reinitiation of Returned Entries), on a method whose authorization is not revoked and whose account is not unusable. */
            retryAllowed: boolean;
            accountUnusable: boolean;
            authorizationRevoked: boolean;
            /** @description Stop payment on this item only; the method is unchanged. */
            stopPayment: boolean;
            /** @description The corrected account and/or routing number replaced the stored ones (C01, C02, C03, C06, C07 on a bank account). C04, C05 and C08–C13 are recorded only: nothing stored carries a name, transaction code or addenda. */
            correctionApplied: boolean;
        };
        /** @description One return-history record created by `POST /ach-returns`: one per distinct return, correction or decline of the payment (see `AchReturnSubmission` for the dedupe key). */
        AchReturnRecord: {
            /** Format: uuid */
            id: string;
            ach_return_code: string | null;
            ach_return_reason: string | null;
            /** Format: date */
            ach_return_date: string | null;
            ach_correction_code: string | null;
            ach_corrected_aba_number: string | null;
            /** @description Shown as `****` and the last four digits; full account numbers are never returned. */
            ach_corrected_account_number: string | null;
            /** Format: date */
            ach_correction_date: string | null;
            debit_status: string | null;
            debit_decline_reason: string | null;
            overall_return_code: string | null;
            risk: components["schemas"]["ReturnRisk"];
            action: components["schemas"]["ReturnAction"];
            /** Format: date-time */
            created_at: string;
        };
        /** @description A settlement confirmation of the payment (`POST /ach-confirms`). */
        AchSettlementRecord: {
            processor_transaction_id: string;
            /** Format: date */
            ach_settlement_date: string;
            system_source: string | null;
            /** Format: date-time */
            created_at: string;
        };
        /**
         * @description What NACHA still allows for a payment returned R01 (insufficient funds) or R09
         *     (uncollected funds): the Nacha Operating Rules, Reinitiation of Returned
         *     Entries, allow an entry returned R01/R09 to be
         *     re-presented at most two times after the return of the original entry, within
         *     180 days of the original entry. Every R01/R09 return of the payment after the
         *     first is the return of a re-presentment. The original entry's date is the payment
         *     date (else the settlement date), as for the return's `action.retryAllowed`; after
         *     `window_ends` none remain. The payment method's state (a revoked authorization,
         *     an unusable account) is shown on the method and on each return's action, not
         *     here.
         */
        RepresentmentStatus: {
            /** @description Re-presentments already made and returned. */
            representments_made: number;
            /** @description Re-presentments NACHA still allows (0 once two were made or the window has ended). */
            representments_remaining: number;
            /**
             * Format: date
             * @description The last day of the 180-day window; null when the original entry's date is unknown.
             */
            window_ends: string | null;
            /** @description More than two re-presentments were made (and returned) for this payment. */
            over_limit: boolean;
        };
        /** @description Extension, not part of the partner contract. A payment with its transaction, ACH payment record (null when the payment is not an ACH payment), return history and settlement confirmations (each oldest first), and for a payment returned R01/R09 the re-presentments NACHA still allows (`representment`, absent otherwise). */
        Payment: {
            customer_id: string;
            loan_id: string;
            payment_id: string;
            /** Format: uuid */
            payment_method_id: string | null;
            transaction: components["schemas"]["PaymentTransaction"];
            ach_payment: components["schemas"]["AchPayment"] | null;
            return_history: components["schemas"]["AchReturnRecord"][];
            settlements: components["schemas"]["AchSettlementRecord"][];
            representment?: components["schemas"]["RepresentmentStatus"];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** @description Catalog of origination task-type names. It does not confirm that the company has the task types enabled; enrollment with a disabled type gives 422. */
        TaskTypeCatalog: {
            taskTypes: string[];
        };
        /**
         * @description A loan of an existing customer, upserted on (`customerId`, `id`): resubmitting updates rather than duplicates, and creates or refreshes the loan's schedule. Only `id` and `customerId` are required; dates are `YYYY-MM-DD`; amounts are numbers in dollars.
         *     Amounts and rates are kept exactly: each must have at most 15 significant digits (every such decimal survives a JSON parser unchanged) and lie strictly between -10^12 and 10^12. It is stored as that decimal (its shortest form: `12.50` is stored and returned as `12.5`) on every database. A number with more significant digits, which could not be kept exactly, or out of range gives 400 naming the field (in a batch only that row fails). Unknown fields are ignored. Allowed values of `type`, `applicationStatus` and `servicingStatus` depend on the company's LMS.
         */
        LoanInput: {
            /** @description Caller's loan reference, unique per customer. */
            id: string;
            /** @description Caller's reference of an existing customer (unknown customer gives 404). */
            customerId: string;
            /** @description Loan type (allowed values depend on company configuration). */
            type?: string;
            applicationStatus?: string;
            servicingStatus?: string;
            /** Format: date */
            originationDate?: string;
            /** Format: date */
            startDate?: string;
            /**
             * Format: date
             * @description Next due date.
             */
            dueDate?: string;
            /** Format: date */
            chargeoffDate?: string;
            totalBalance?: number;
            amountDue?: number;
            originalFundedAmount?: number;
            originalTotalOwed?: number;
            interestRate?: number;
            apr?: number;
            payoffAmount?: number;
            totalPayoffAmount?: number;
            balanceAtTransfer?: number;
            preTransferPayments?: number;
            chargeoffAmount?: number;
            paymentPlanMinPercentage?: number;
            paymentPlanMaxPercentage?: number;
            isSettled?: boolean;
            autopayEnabled?: boolean;
            isVisibleInBorrowerPortal?: boolean;
            daysPastDueAtBoarding?: number;
            daysSinceOriginationAtBoarding?: number;
            /** @description Free-form data from the LMS, stored as sent. Objects and arrays may nest at most 16 levels deep (deeper gives 400 naming the field; in a batch only that row fails). */
            externalLmsMetadata?: {
                [key: string]: unknown;
            };
            /** Format: uuid */
            portfolioId?: string;
            /** @description Kind of tasks for the loan's schedule. Must be in the company's task-type catalog (company configuration); otherwise 400 naming the allowed values. */
            taskType?: string;
        };
        /** @description One row of a loan batch: a `LoanInput`. This schema is what a row must be; the service checks it row by row, when the job runs, not at submission: an invalid row (not a JSON object, a bad field, or an unknown `customerId`) is reported in the job's `failures` at its index without affecting the other rows. Create customers first, for example with the customer batch. (`x-validated-per-row`: the request validator accepts any value here and leaves each row to its own check.) */
        LoanBatchRow: components["schemas"]["LoanInput"];
        /** @description Loan batch submission. Each row has the semantics of `POST /loans` (same fields, validation, upsert on (`customerId`, `id`) and schedule creation). Every (`customerId`, `id`) pair must be unique within one request; a repeated pair rejects the whole request with 400 before anything is queued. 1 to 10,000 rows; low thousands per request are recommended. Rows run in slices of 25, in parallel. */
        LoanBatchRequest: {
            loans: components["schemas"]["LoanBatchRow"][];
        };
        /** @description The loan batch was accepted and queued. Poll `GET /loans/batch/{jobId}` for progress and failed rows. */
        LoanBatchAccepted: {
            /** Format: uuid */
            jobId: string;
            /** @description Number of submitted rows. */
            totalLoans: number;
            /** @description Names the number of parallel batches (slices of 25 rows) and the status-poll path. */
            message: string;
        };
        /** @description A row of a loan batch that failed. */
        LoanBatchFailure: {
            /** @description Zero-based position of the submitted row. */
            index: number;
            /** @description The row's `customerId`, or null when the row had none (or one longer than 255 characters, which fails the row). */
            customerId: string | null;
            /** @description The row's `id`, or null when the row had none (or one longer than 255 characters, which fails the row). */
            loanId: string | null;
            /** @description The status code followed by the reason, for example `404: Customer cust-1002 not found`. */
            message: string;
        };
        /** @description Progress of a loan batch job, scoped to the company of the API key (another company's job is 404). Same semantics as `BatchJob`, with `totalLoans` instead of `totalCustomers` and failure items carrying the loan `id` as `loanId`. `results` is always empty for loan jobs. */
        LoanBatchJob: {
            /** Format: uuid */
            jobId: string;
            status: components["schemas"]["BatchJobStatus"];
            totalLoans: number;
            processed: number;
            failed: number;
            progressPercentage: number;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            processingStartedAt: string | null;
            /** Format: date-time */
            processingCompletedAt: string | null;
            /** @description Null unless the status is `failed`. */
            errorMessage: string | null;
            failures: components["schemas"]["LoanBatchFailure"][];
            /**
             * @description Always empty for loan batch jobs (loan rows report only their failures).
             * @constant
             */
            results: never[];
        };
        /**
         * @description A call made to the customer. `recordingUrl` is a fresh pre-signed link valid for
         *     one hour, or null when no recording exists.
         *
         *     `flags` are post-processing outcome flags. The list is open-ended: other values
         *     can occur, so do not reject unknown ones. Known values: NO_ANSWER, VOICEMAIL,
         *     CONNECT, LIVE_CONNECT, VOICEMAIL_CONNECT, AUTO_SYSTEM_CONNECT, MESSAGE_LEFT, RPC,
         *     THIRD_PARTY_CONTACT, WRONG_NUMBER, CUSTOMER_HANGUP, DNC, COMPLAINT,
         *     THREAT_OR_ABUSE, DECEASED, INCARCERATED, MILITARY, BANKRUPTCY, HARDSHIP_REQUEST,
         *     DEBT_DISPUTE, ATTORNEY_REP, FRAUD_CLAIM, ACCESSIBILITY_ISSUE, CALLBACK_REQUEST,
         *     TRANSFER_FAILED, VOICEMAIL_FULL, VOICEMAIL_NOT_SET_UP, CIP_PASSED, CIP_FAILED,
         *     CIP_PARTIAL, CIP_REFUSED, SUCCESSFUL_TRANSFER, FALLBACK_TRANSFER, TRANSFER.
         */
        Call: {
            id: string;
            customerId: string;
            /** @description Number called, E.164. */
            toPhoneNumber: string;
            /** @description Extension, not part of the partner contract. The caller id the call was placed from, E.164: one of the company's configured caller ids, else the operator's number; null when it was not recorded. */
            fromPhoneNumber?: string | null;
            /** @description Transcript of the conversation; empty when nothing was said. */
            transcript: string;
            /** Format: uri */
            recordingUrl: string | null;
            /**
             * Format: date-time
             * @description When the call occurred.
             */
            timestamp: string;
            flags: string[];
            /** @description Machine-generated summary of the conversation; empty when there was none. */
            summarization: string;
        };
        /** @description Extension, not part of the partner contract. One rule's part in a scheduling decision: the rule's id in the rule catalog (docs/partners/calls.md, "Rule catalog"), its citation, and what it found for this call. */
        RuleReason: {
            /** @description Rule id, e.g. `federal-holiday`, `calling-window`, `regf-call-frequency`, `restriction-do-not-call`, `tcpa-consent-revoked`, `tcpa-consent-required`, `tcpa-written-consent-required`, `tcpa-reassigned-number`, `nyc-electronic-consent-required` (docs/partners/consent.md). Ends that no calling rule decided use their own ids: `schedule-replaced`, `cadence-finished`, `loan-outreach`, `voice-provider`, `customer-deleted`, `lms-dial-check` (the lender's LMS read again before a collections call: docs/partners/lms.md), `unclassified`, `unrecorded`. */
            rule: string;
            /** @description The rule's citation (regulation, statute, or the company setting it comes from). */
            source: string;
            /** @description What the rule found for this call, in words. */
            detail: string;
        };
        /** @description Extension, not part of the partner contract. Why a `pending` call is held rather than placed: it lacks the consent its purpose needs (`reason` `consent-required`), e.g. an AI-voice origination call to a number without prior express written consent (47 CFR 64.1200(a)(2); FCC 24-17), or a number the Reassigned Numbers Database answered "no data" for since its consent date (`tcpa-reassigned-number`; 47 CFR 64.1200(m)). `rule`, `source` and `detail` are the consent rule that held it, its citation and what was found. The call stays `pending` (the partner contract's statuses do not change): it is looked at again a day later, and at once when consent is recorded (`PUT /customers/{customerId}/consents`) or the company attests written consent in its configuration; it is then planned as usual. */
        ScheduledCallHold: {
            /** @enum {string} */
            reason: "consent-required";
            /** @description The consent rule, e.g. `tcpa-written-consent-required`, `tcpa-consent-required`, `tcpa-reassigned-number`. */
            rule: string;
            /** @description The rule's citation. */
            source: string;
            /** @description What the rule found for this call, in words. */
            detail: string;
        };
        /** @description A call planned by the scheduler. Status: `pending` (waiting for its time; the dispatcher may move it later when the calling rules do not allow it when due; a call lacking the consent its purpose needs stays pending and carries `hold`), `dialing` (claimed by the dispatcher: being placed or in progress at the voice provider), `completed` (the call took place and was analyzed; `callId` and `postProcessingFlags` set), `failed` (the voice provider did not place it, or a placed call brought no result: the provider reported an error, did not know the call, or had no result by the configured deadline), `skipped` (the calling rules no longer allowed it when it was due, for example a contact restriction or a frequency cap with no allowed time left) or `cancelled` (stopped while pending, for example by Do Not Call, a contact restriction, a finished cadence or a replacement sync). Transitions: pending → dialing → completed | failed | skipped; pending → cancelled | skipped; dialing → pending only when the dial-time check moves it before anything was dialed; failed → completed only for a placed call given up for lack of a result whose real result arrives later (its flags and their effects then apply). */
        ScheduledCall: {
            id: string;
            customerId: string;
            /** Format: date-time */
            scheduledTime: string;
            /** @enum {string} */
            status: "pending" | "dialing" | "completed" | "failed" | "skipped" | "cancelled";
            /** @description The call (`GET /calls/{id}`); present once the voice provider has placed it. */
            callId?: string;
            /** @description Flags of the associated call (same open-ended values as `Call.flags`); empty until executed. */
            postProcessingFlags: string[];
            /** @description Extension, not part of the partner contract. Why the call is at `scheduledTime`: each rule that moved it from the time its cadence step wished for, in order: when it was planned, then at later re-checks (dial time, an earlier call's outcome). Absent when no rule moved it. */
            timingReasons?: components["schemas"]["RuleReason"][];
            /** @description Extension, not part of the partner contract. Present when the customer's `language` names no supported language: rule `language-fallback`, and the company default used instead. */
            languageReason?: components["schemas"]["RuleReason"];
            /** @description Extension, not part of the partner contract. Present while a `pending` call is held for the consent its purpose needs (docs/partners/consent.md). */
            hold?: components["schemas"]["ScheduledCallHold"];
            /** @description Extension, not part of the partner contract. Why a `skipped`, `cancelled` or `failed` call ended: the rule that ruled it out (or the event that stopped it) with its citation. Absent for other statuses. */
            endReason?: components["schemas"]["RuleReason"];
        };
        /** @description An email sent to the customer. */
        Email: {
            customerId: string;
            subject: string;
            content: string;
            /**
             * Format: date-time
             * @description When the email was sent.
             */
            timestamp: string;
        };
        /** @description A text message (SMS) sent to the customer (extension). `status` follows the provider's delivery reports and never moves backwards: `sent` (handed to the provider), `delivered`, `undelivered` or `failed` (with `statusReason`, the provider's error code and meaning). */
        Text: {
            /** Format: uuid */
            id: string;
            customerId: string;
            /** @description E.164. */
            toPhoneNumber: string;
            /** @description The text as sent, including the opt-out instruction. */
            content: string;
            /** @enum {string} */
            status: "sent" | "delivered" | "undelivered" | "failed";
            statusReason: string | null;
            /**
             * Format: date-time
             * @description When the text was handed to the provider.
             */
            timestamp: string;
        };
        /** @description A delivery report from the SMS provider (Twilio Messaging status callback parameters, form-encoded). Other parameters the provider adds are ignored. */
        SmsStatusCallback: {
            MessageSid: string;
            SmsSid?: string;
            AccountSid?: string;
            /** @description queued, accepted, sending, sent, delivered, undelivered or failed. */
            MessageStatus: string;
            SmsStatus?: string;
            ErrorCode?: string;
            From?: string;
            To?: string;
        };
        /** @description A text received on one of the service's numbers (Twilio Messaging inbound webhook parameters, form-encoded). Other parameters the provider adds are ignored. */
        SmsInbound: {
            MessageSid?: string;
            AccountSid?: string;
            From: string;
            To?: string;
            Body: string;
        };
        /** @description The result of following an email opt-out link. */
        EmailOptOut: {
            /** @enum {string} */
            status: "unsubscribed";
            /** @description The address that gets no more emails from the company. */
            address: string;
        };
        /**
         * @description ACH return, correction (notification of change) or debit-decline information
         *     from the LMS. The payment is located by (`customer_id`, `loan_id`, `payment_id`)
         *     within the company (404 otherwise). Effects:
         *     1. the payment transaction gets the reversal data; its status becomes `RETURNED`
         *        when `ach_return_code` is present (and then `payment_reversed`, the reversal
         *        date and reason code default to the return's), otherwise it follows
         *        `ach_status` when sent;
         *     2. an existing ACH payment record gets the ACH dates, the return code and date,
         *        and the status mapped from `ach_status` (`RETURNED` when a return code is present);
         *        a payment without an ACH record does not get one;
         *     3. a return-history record stores the return code and reason, correction data,
         *        risk tracking and action metadata (NACHA Operating Rules, Appendix Four and
         *        Five: R01/R09 retry allowed; R02/R03/R04/R16/R20 account unusable;
         *        R05/R07/R10/R11/R29/R51 authorization revoked; R08 stop payment; C01–C13
         *        corrections applied to the payment method where they carry account data).
         *
         *     One history record per event. The event and its dedupe key within the payment:
         *     a return is (`ach_return_code`, `ach_return_date`); otherwise a notification of
         *     change is (`ach_correction_code`, `ach_correction_date`); otherwise a debit decline
         *     (a submission with `debit_decline_reason`) is (`debit_status`,
         *     `debit_decline_reason`); otherwise a bare `overall_return_code` is that code.
         *     Resubmitting an event answers 200 ("already recorded"), updates the transaction and
         *     ACH record again, adds no history record and does not re-apply its effect on the
         *     payment method. A submission with none of these updates the records only.
         *
         *     Validation (400, nothing changes): return codes `R01`–`R29` and `R51`, change codes
         *     `C01`–`C13`; `ach_return_code` needs `ach_return_date` (and `ach_return_date` needs
         *     a code); `ach_correction_code` needs `ach_correction_date` and the corrected data
         *     its code carries (C01/C06 the account number, C02 the routing number, C03/C07
         *     both); corrected data needs a code; no date after today (UTC); a return not before
         *     the payment date or the ACH submitted date, a reversal not before the payment
         *     date, a settlement not before the submission, a correction not before the
         *     original entry (sent values first, stored ones otherwise); amounts with at most
         *     two decimals, at most 99999999.99. Only the identifiers are required. Unknown
         *     fields are ignored.
         */
        AchReturnSubmission: {
            /** @description Caller's customer reference. */
            customer_id: string;
            /** @description Caller's loan reference. */
            loan_id: string;
            /** @description Caller's payment reference. */
            payment_id: string;
            /** @description The system that produced the event (for example the LMS name). */
            system_source?: string;
            /** Format: date */
            payment_date?: string;
            /** @description Amount in dollars, at most two decimal places and at most 99999999.99 (the NACHA amount field); stored as exact cents. More precision gives 400. */
            payment_amount?: number;
            payment_type?: string;
            payment_reversed?: boolean;
            /** Format: date */
            payment_reverse_date?: string;
            payment_reverse_reason_code?: string;
            payment_reverse_comments?: string;
            /** Format: date */
            ach_submitted_date?: string;
            /** Format: date */
            ach_settlement_date?: string;
            ach_status?: components["schemas"]["AchStatus"];
            /** @description NACHA return reason code: `R01` to `R29` as in the contract, and `R51` (an authorization return: the method's ACH authorization becomes revoked). Any other code gives 400 rather than being recorded with no meaning. */
            ach_return_code?: string;
            /**
             * Format: date
             * @description Required with `ach_return_code`; anchors the risk windows and the dedupe key.
             */
            ach_return_date?: string;
            ach_return_reason?: string;
            /** @description NACHA notification-of-change code, `C01` to `C13` (others give 400). */
            ach_correction_code?: string;
            /** @description Corrected routing number (C02, C03, C07); 9 digits with a valid ABA check digit. */
            ach_corrected_aba_number?: string;
            /** @description Corrected account number (C01, C03, C06, C07); 4 to 17 digits. */
            ach_corrected_account_number?: string;
            /**
             * Format: date
             * @description Required with `ach_correction_code`.
             */
            ach_correction_date?: string;
            debit_status?: string;
            /** @description Present for a debit-card decline; the decline is recorded in the return history. */
            debit_decline_reason?: string;
            /** @description Combined return code across ACH and debit card. */
            overall_return_code?: string;
        };
        /**
         * @description Extension, not part of the partner contract. What a newly recorded return did about outreach, when the company's outreach on a return (`ach.returnOutreach`, off by default) applies to it: a return code the configuration lists (all by default) on a collections loan. `enrolled`: the customer was enrolled in the configured task type's call cadence, planned under every contact rule (calling window, holidays, Reg F caps, restrictions). `already_enrolled`: this loan's cadence is already active; nothing was added. `not_enrolled`: a rule refused the enrollment (`reason`: a contact restriction, no allowed call time, another active cadence of the customer, a finished cadence for this loan, a closed loan); the return is recorded all the same. Absent on a resubmitted return, on corrections and declines, and when outreach does not apply. See docs/partners/ach.md, "Outreach on a return".
         * @example {
         *       "status": "enrolled",
         *       "task_type": "PaymentReturned",
         *       "schedule_id": "0f8b6a52-3c1e-4f0a-9d7e-2b5c8e1a4d60",
         *       "scheduled_call_id": "5d2e9c14-7a3b-4e8f-b1c6-9a0d3f7e2b18",
         *       "scheduled_time": "2026-03-24T14:00:00Z",
         *       "scheduled_call_count": 3
         *     }
         */
        AchReturnOutreach: {
            /** @enum {string} */
            status: "enrolled" | "already_enrolled" | "not_enrolled";
            /** @description The configured task type whose cadence the customer is (or would have been) enrolled in. */
            task_type: string;
            /** @description The cadence's schedule; with `enrolled` and `already_enrolled`. */
            schedule_id?: string;
            /** @description The first scheduled call (read it with `getScheduledCall`); with `enrolled`. */
            scheduled_call_id?: string;
            /**
             * Format: date-time
             * @description When the first call is scheduled (UTC); with `enrolled`.
             */
            scheduled_time?: string;
            /** @description Calls the cadence scheduled; with `enrolled`. */
            scheduled_call_count?: number;
            /** @description Why the customer was not enrolled; with `not_enrolled`. */
            reason?: string;
        };
        /** @description Outcome of an ACH return submission. */
        AchReturnResult: {
            success: boolean;
            message: string;
            /** @description Extension, not part of the partner contract. Outreach on a return (returns only; never on a confirmation): present when the company's `ach.returnOutreach` applies to a newly recorded return. */
            outreach?: components["schemas"]["AchReturnOutreach"];
        };
        /** @description One row of an ACH return batch: an `AchReturnSubmission`. Rows are not checked at submission: each is validated when it runs, and an invalid row (not a JSON object, a missing or mistyped field, a rule of `AchReturnSubmission` broken) is reported at its index with the 400 the single operation would answer. (`x-validated-per-row`: the request validator accepts any value here; the published type is exact, so generated clients reject a misspelled row.) */
        AchReturnBatchRow: components["schemas"]["AchReturnSubmission"];
        /** @description A batch of ACH returns: 1 to 1,000 rows, each an `AchReturnSubmission` (`POST /ach-returns`). Rows are checked when they run: an invalid row fails at its index without affecting the others. */
        AchReturnBatchRequest: {
            returns: components["schemas"]["AchReturnBatchRow"][];
        };
        /** @description One row's outcome. On success, `message` is what the single operation (`POST /ach-returns`, `POST /ach-confirms`) would answer; on failure, `error` is the status code and `message` the reason that operation would have answered (400 for an invalid row, 404 for a payment not found in the company, 409 for a processor transaction already confirmed for another payment). */
        AchBatchRowResult: {
            /** @description Zero-based position of the submitted row. */
            index: number;
            success: boolean;
            /** @description The status code the single operation would have answered; present only when `success` is false. */
            error?: number;
            message: string;
            /** @description Extension, not part of the partner contract. Outreach on a return (returns only; never on a confirmation): present when the company's `ach.returnOutreach` applies to a newly recorded return. */
            outreach?: components["schemas"]["AchReturnOutreach"];
        };
        /** @description Outcome of an ACH batch (`POST /ach-returns/batch`, `POST /ach-confirms/batch`); `results` has one entry per submitted row, in order. */
        AchBatchResult: {
            /** @description Rows that succeeded (including events already recorded, which change nothing). */
            applied: number;
            /** @description Rows that failed and changed nothing. */
            failed: number;
            results: components["schemas"]["AchBatchRowResult"][];
        };
        /**
         * @description A settlement confirmation from the LMS or the ACH processor: the debit of one
         *     payment settled. The payment is located by (`customer_id`, `loan_id`,
         *     `payment_id`) within the company (404 otherwise), like a return. Effects: a
         *     settlement record (`settlements` on `getPayment`) keeps the processor transaction
         *     and the settlement date; the payment's ACH record (created when the payment has
         *     none) gets the settlement date and the settled status `COMPLETED`, and so does
         *     the transaction's status.
         *
         *     Order of events (NACHA: an entry settles on its settlement date; a return follows
         *     and reverses it):
         *     - a confirmation after a return whose settlement date is on or before the return
         *       date is a late report of the returned entry's settlement: the settlement date
         *       and the record are kept, the payment stays `RETURNED`;
         *     - a confirmation dated after the return is the settlement of a re-presented entry
         *       (R01/R09): the payment is `COMPLETED` again and no longer reversed; the return
         *       history keeps the return;
         *     - a return after a confirmation (`POST /ach-returns`) makes the payment `RETURNED`;
         *       the settlement date and the settlement record stay.
         *
         *     A processor transaction id is confirmed once per company: confirming it again for
         *     the same payment answers 200 ("already recorded") and changes nothing; for another
         *     payment it is 409. Validation (400, nothing changes): `ach_settlement_date` not
         *     after today (UTC) and not before the ACH submitted date. Unknown fields are
         *     ignored.
         */
        AchConfirmSubmission: {
            /** @description Caller's customer reference. */
            customer_id: string;
            /** @description Caller's loan reference. */
            loan_id: string;
            /** @description Caller's payment reference. */
            payment_id: string;
            /** @description The ACH processor's identifier of the settled entry (unique per company). */
            processor_transaction_id: string;
            /**
             * Format: date
             * @description The day the entry settled.
             */
            ach_settlement_date: string;
            /** @description The system that produced the confirmation (for example the processor's name). */
            system_source?: string;
        };
        /** @description Outcome of a settlement confirmation. */
        AchConfirmResult: {
            success: boolean;
            message: string;
        };
        /** @description One row of a settlement confirmation batch: an `AchConfirmSubmission`. Rows are not checked at submission: each is validated when it runs, and an invalid row is reported at its index with the 400 the single operation would answer. (`x-validated-per-row`: the request validator accepts any value here; the published type is exact, so generated clients reject a misspelled row.) */
        AchConfirmBatchRow: components["schemas"]["AchConfirmSubmission"];
        /** @description A batch of settlement confirmations: 1 to 1,000 rows, each an `AchConfirmSubmission` (`POST /ach-confirms`). Rows are checked when they run: an invalid row fails at its index without affecting the others. */
        AchConfirmBatchRequest: {
            confirms: components["schemas"]["AchConfirmBatchRow"][];
        };
        /**
         * @description `over`: the rate exceeds the threshold; `warning`: at or above 80 % of it; `ok`: below.
         * @enum {string}
         */
        AchReturnRateLevel: "ok" | "warning" | "over";
        /** @description One return rate against its NACHA level. */
        AchReturnRate: {
            /** @description Debit entries of the window returned with a code of this rate. */
            numerator: number;
            /** @description Debit entries of the window. */
            denominator: number;
            /** @description numerator / denominator as a fraction (0.005 is 0.5 %), rounded to 6 decimals; 0 with no entries. */
            rate: number;
            /** @description The NACHA level as a fraction (0.005, 0.03 or 0.15). */
            threshold: number;
            level: components["schemas"]["AchReturnRateLevel"];
        };
        /** @description The company's ACH return rates over the trailing 60 days (see `getAchReturnRates`). */
        AchReturnRates: {
            /**
             * Format: date
             * @description First day of the window (59 days before `window_end`).
             */
            window_start: string;
            /**
             * Format: date
             * @description Last day of the window (today, UTC).
             */
            window_end: string;
            rates: {
                unauthorized: components["schemas"]["AchReturnRate"];
                administrative: components["schemas"]["AchReturnRate"];
                overall: components["schemas"]["AchReturnRate"];
            };
        };
        /**
         * @description A contact the lender made or had outside this service: a call, text or email by
         *     its own agents or another vendor, or an inbound conversation. Each counts toward
         *     the frequency rules this service applies before its own calls and messages
         *     (docs/partners/contact-attempts.md):
         *     - an **outbound** contact counts toward every cap of its channel: Reg F's 7 calls
         *       in 7 days per debt (12 CFR 1006.14(b)(2)(i)(A), calls only), Massachusetts'
         *       2 per 7 days (940 CMR 7.04(1)(f), calls and texts), New York City's 3 per 7
         *       days, Washington's 3 per week and 2 a day to a mobile (RCW 19.16.250(13)(a),
         *       (18)), and the solicitation limits of Florida, Oklahoma and Maryland for
         *       marketing contacts;
         *     - a **telephone conversation** (`channel: call`, `conversation: true`, either
         *       direction) starts Reg F's 7-day quiet period for the debt (1006.14(b)(2)(i)(B));
         *     - an **inbound** contact (the customer called or wrote) is not an attempt to
         *       reach them and counts toward no cap.
         *
         *     A contact without `loanId` counts toward every loan of the customer; without
         *     `purpose`, toward both purposes' rules (the stricter reading). The contact shows
         *     in contact eligibility, the console timeline and the examiner's export.
         *
         *     `attemptId` is the lender's own id of the contact, unique within the company:
         *     submitting it again with the same content answers 200 and changes nothing; with
         *     different content it is 409. Validation (400, nothing changes): `occurredAt` not
         *     more than 5 minutes after the time of the request. An unknown customer is 404.
         *     `loanId` need not be a boarded loan (`POST /loans`): it is matched with the loan
         *     id of the enrollments and calls, exactly as sent. Unknown fields are ignored.
         */
        ContactAttemptSubmission: {
            /** @description The lender's own id of the contact (unique per company; the idempotency key). */
            attemptId: string;
            /** @description Caller's customer reference. */
            customerId: string;
            /** @description Caller's loan reference (the debt the contact was about). Omitted = every loan of the customer. */
            loanId?: string;
            /**
             * @description How the contact was made.
             * @enum {string}
             */
            channel: "call" | "sms" | "email";
            /**
             * @description outbound = the lender reached out; inbound = the customer called or wrote.
             * @default outbound
             * @enum {string}
             */
            direction: "outbound" | "inbound";
            /**
             * @description What the contact was about. Omitted = counted toward both purposes' rules.
             * @enum {string}
             */
            purpose?: "collections" | "origination";
            /**
             * Format: date-time
             * @description When the call was placed or the message sent or received (ISO 8601 with offset or Z).
             */
            occurredAt: string;
            /**
             * @description What happened. Recorded as reported; every outbound contact counts whatever its outcome (an unanswered call is a call placed).
             * @enum {string}
             */
            outcome: "no_answer" | "busy" | "voicemail" | "connected" | "sent" | "delivered" | "failed" | "received" | "other";
            /** @description Whether a conversation with the customer took place. On a call it starts Reg F's 7-day quiet period for the debt. */
            conversation: boolean;
            /** @description The number or email address used (recorded for the examiner's export). */
            address?: string;
            /** @description The system or vendor that made the contact (for example `in-house-dialer`). */
            source?: string;
        };
        /** @description Outcome of recording one outside contact. */
        ContactAttemptResult: {
            success: boolean;
            message: string;
        };
        /** @description One row of an outside-contact batch: a `ContactAttemptSubmission`. Rows are not checked at submission: each is validated when it runs, and an invalid row is reported at its index with the 400 the single operation would answer. (`x-validated-per-row`: the request validator accepts any value here; the published type is exact, so generated clients reject a misspelled row.) */
        ContactAttemptBatchRow: components["schemas"]["ContactAttemptSubmission"];
        /** @description A batch of outside contacts: 1 to 1,000 rows, each a `ContactAttemptSubmission` (`POST /contact-attempts`). Rows are checked when they run: an invalid row fails at its index without affecting the others. */
        ContactAttemptBatchRequest: {
            attempts: components["schemas"]["ContactAttemptBatchRow"][];
        };
        /** @description One row's outcome. On success, `message` is what `POST /contact-attempts` would answer; on failure, `error` is the status code and `message` the reason that operation would have answered (400 for an invalid row, 404 for an unknown customer, 409 for an attempt id already recorded with other content). */
        ContactAttemptRowResult: {
            /** @description Zero-based position of the submitted row. */
            index: number;
            success: boolean;
            /** @description The status code the single operation would have answered; present only when `success` is false. */
            error?: number;
            message: string;
        };
        /** @description Outcome of `POST /contact-attempts/batch`; `results` has one entry per submitted row, in order. */
        ContactAttemptBatchResult: {
            /** @description Rows that succeeded (including contacts already recorded, which change nothing). */
            applied: number;
            /** @description Rows that failed and changed nothing. */
            failed: number;
            results: components["schemas"]["ContactAttemptRowResult"][];
        };
        /** @description A contact the lender reported (`POST /contact-attempts`), as recorded. See `ContactAttemptSubmission` for what each field means and which rules count it. */
        ContactAttempt: {
            attemptId: string;
            customerId: string;
            loanId: string | null;
            /** @enum {string} */
            channel: "call" | "sms" | "email";
            /** @enum {string} */
            direction: "outbound" | "inbound";
            /** @enum {string|null} */
            purpose: "collections" | "origination" | null;
            /** Format: date-time */
            occurredAt: string;
            outcome: string;
            conversation: boolean;
            address: string | null;
            source: string | null;
            /**
             * Format: date-time
             * @description When this service recorded the report.
             */
            recordedAt: string;
        };
        /** @description An alert on one of the company's provider accounts. A voice account: the provider said the account cannot place calls (a Retell disconnection reason: `no_valid_payment`, `marked_as_spam`, `telephony_provider_permission_denied`), or voice webhooks naming the company failed their signature check 5 or more times within a minute (`webhook_signature_failures`; both numbers are operator settings). While an alert is open, no call of the company is placed on that account (calls of test customers are paused only by the sandbox's own alerts): claimed calls go back to `pending` with the pause as their reason, until an operator resumes dialing (`outreach voice resume --company ID`). An SMS account (`sms_live`, `sms_sandbox`): Twilio refused the request itself (20003 Permission Denied, 20403 Forbidden, 30002 Account suspended); the company's texts on that account are held (retried every 15 minutes, none failed) and the alert closes by itself when the account accepts a text again (docs/operators/sms-provider.md). It pauses no dialing. */
        ProviderAlert: {
            id: string;
            /**
             * @description Whose account: `live` (the company's own Retell account, else the operator's) or `sandbox` (the simulator test customers reach; its alerts pause only calls to test customers); `sms_live` (the company's own Twilio account, else the operator's) or `sms_sandbox` (the SMS simulator of test customers' texts).
             * @enum {string}
             */
            provider: "live" | "sandbox" | "sms_live" | "sms_sandbox";
            /**
             * @description What raised it.
             * @enum {string}
             */
            kind: "no_valid_payment" | "marked_as_spam" | "telephony_provider_permission_denied" | "webhook_signature_failures" | "sms_permission_denied" | "sms_account_suspended";
            /** @description What was seen, and what to check. */
            detail: string;
            /** @description The provider's call that reported it (null for signature failures). */
            provider_call_id: string | null;
            /** Format: date-time */
            raised_at: string;
            /**
             * @description `open`: dialing on the voice account is paused (texts on the SMS account are held); `resumed`: an operator resumed dialing, or the SMS account accepted a text again.
             * @enum {string}
             */
            status: "open" | "resumed";
            /** Format: date-time */
            resumed_at: string | null;
            /** @description Who resumed dialing (the operator named by `outreach voice resume --by`), or `sms: the account accepted a text` for an SMS account's alert. */
            resumed_by: string | null;
        };
        /** @description The company's provider account alerts (voice and SMS), newest first (at most 20). */
        ProviderAlerts: {
            /** @description Whether dialing on the company's voice account is paused now (a voice account's alert is open; an SMS account's alert holds only texts). */
            paused: boolean;
            data: components["schemas"]["ProviderAlert"][];
        };
        /** @description Extension, not part of the partner contract. Creates or updates the payment that ACH operations act on, keyed by (`customer_id`, `loan_id`, `payment_id`) within the company. The customer and loan must exist (404 otherwise). Fields not sent keep their stored values. `ach_status` creates or updates the payment's ACH record (and is the transaction's latest status); ACH dates without `ach_status` need an existing ACH record (400 otherwise). Unknown fields are ignored. */
        PaymentUpsert: {
            customer_id: string;
            loan_id: string;
            payment_id: string;
            /**
             * Format: uuid
             * @description The customer's payment method used for the payment (404 if unknown).
             */
            payment_method_id?: string;
            /** Format: date */
            payment_date?: string;
            /** @description Amount in dollars, at most two decimal places and at most 99999999.99 (400 otherwise); stored as exact cents. */
            payment_amount?: number;
            /** @description For example `ach` or `debit_card`. */
            payment_type?: string;
            system_source?: string;
            ach_status?: components["schemas"]["AchStatus"];
            /** Format: date */
            ach_submitted_date?: string;
            /** Format: date */
            ach_settlement_date?: string;
        };
        /** @description A contact restriction on the customer (or on one of their loans): while active, the outreach it covers does not happen (docs/partners/outcomes.md lists which call flag makes which restriction, and what each one stops). A lifted restriction stays on the record with who lifted it and why. */
        Restriction: {
            id: string;
            customerId: string;
            /** @description The loan it covers; null when it covers every loan of the customer. */
            loanId: string | null;
            /**
             * @description What it is. `debt_dispute`, `hardship_review` and `military_review` stop collections outreach only; `threat_or_abuse` and `accessibility` stop calls only (texts and emails go on); every other kind stops all outreach.
             * @enum {string}
             */
            kind: "do_not_call" | "cease_request" | "attorney_representation" | "bankruptcy" | "deceased" | "debt_dispute" | "hardship_review" | "fraud_claim" | "military_review" | "incarcerated" | "threat_or_abuse" | "accessibility";
            /** @description Who asserted it (`call_outcome` for a flag on a call, `operator`, `lms`). */
            source: string;
            /** @description Why it was made, e.g. the flag and the call it was reported on. */
            reason: string | null;
            /** @description The call (`GET /calls/{id}`) whose outcome made it, if any. */
            callId: string | null;
            /** Format: date-time */
            createdAt: string;
            /**
             * Format: date-time
             * @description When it was cleared; null while active.
             */
            liftedAt: string | null;
            /** @description Who cleared it (`api_key`, or `console:<email>`). */
            liftedBy: string | null;
            /** @description The reason given when it was cleared. */
            liftReason: string | null;
        };
        /** @description The customer's restrictions, active and lifted, oldest first. */
        RestrictionList: {
            customerId: string;
            restrictions: components["schemas"]["Restriction"][];
        };
        /** @description A promise to pay made on a call (docs/partners/outcomes.md#promises-to-pay). Amounts are decimal strings in US dollars with two places. */
        Promise: {
            id: string;
            customerId: string;
            /** @description The customer's loan when they have exactly one; otherwise null. */
            loanId: string | null;
            /** @description The call the promise was made on (`GET /calls/{callId}`). */
            callId: string;
            amount: string;
            /**
             * Format: date
             * @description The date promised, in the borrower's calendar.
             */
            promisedDate: string;
            /**
             * @description `open` until payments settle it. `kept` when payments dated from the day of the call to `dueDate` cover the amount; once the window closes, `partially_kept` when they cover part of it and `broken` when they cover none (both are followed up with a call). An ACH return of a payment that kept it makes it `open` again, or `broken`/`partially_kept` once the window has closed. `cancelled` is reserved (never written today).
             * @enum {string}
             */
            status: "open" | "kept" | "partially_kept" | "broken" | "cancelled";
            /** @description What the payments counted in its window cover (at most the amount). */
            paidAmount: string;
            /**
             * Format: date
             * @description The last date a payment counts: the promised date plus the company's grace (`promises.graceDays`, default 3 days), in the borrower's calendar. Null only for a promise recorded before the lifecycle existed.
             */
            dueDate: string | null;
            /** @description The call scheduled to follow up a broken (or partly kept) promise (`GET /scheduled-calls/{id}`); null until one is scheduled, or when the rules allow none (`followUpReason` says why). */
            followUpScheduledCallId: string | null;
            /** @description Why the follow-up call is at its time, or why there is none; null before the promise breaks. */
            followUpReason: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /** @description The customer's promises to pay, newest first. */
        PromiseList: {
            customerId: string;
            promises: components["schemas"]["Promise"][];
        };
        /** @description A payment link the service issued (docs/partners/outcomes.md#pay-by-link): the borrower follows its short URL (`GET /pay/{token}`) to the lender's payment page. Amounts are decimal strings in US dollars with two places. */
        PaymentLink: {
            /** @description The link's id; the payment page's `{reference}`. */
            id: string;
            customerId: string;
            /** @description The loan the link is for; null when the customer has none or several (a promise without one loan). */
            loanId: string | null;
            /** @description The amount the link is for: the promised amount after a promise, else the loan's `amountDue`; null when that was unknown. */
            amount: string | null;
            /** @description The task type of the call or message it came with. */
            taskType: string;
            /**
             * @description How the borrower got it: a text, an email, or from the agent on a call.
             * @enum {string}
             */
            channel: "sms" | "email" | "call";
            /**
             * @description `promise`: sent after a promise to pay; `message`: in a cadence's message whose template uses `{{paymentLink}}`; `call`: given to the agent of a collections call as the `payment_link` dynamic variable.
             * @enum {string}
             */
            source: "promise" | "message" | "call";
            /** @description The promise it followed (`GET /promises/{promiseId}`), for `source` `promise`. */
            promiseId: string | null;
            /** @description The text or email that carries it (GET /texts or /emails of the customer), for `sms` and `email`. */
            scheduledMessageId: string | null;
            /** @description The scheduled call whose agent was given it, for `call`. */
            scheduledCallId: string | null;
            /** Format: date-time */
            createdAt: string;
            /**
             * Format: date-time
             * @description After this instant the link shows an "expired" page instead of the payment page.
             */
            expiresAt: string;
            /**
             * Format: date-time
             * @description When the borrower first opened it (the `payment_link.opened` event); null until then.
             */
            firstOpenedAt: string | null;
            /** Format: date-time */
            lastOpenedAt: string | null;
            /** @description Opens of the link while it was valid. */
            openCount: number;
        };
        /** @description The customer's payment links, newest first. */
        PaymentLinkList: {
            customerId: string;
            paymentLinks: components["schemas"]["PaymentLink"][];
        };
        /** @description A count of promises and their amount, a decimal string in US dollars with two places. */
        CollectionsAmount: {
            count: number;
            amount: string;
        };
        /** @description One group's collections funnel (or the period's totals). Calls count by when they were placed; promises by when they were made, with what became of them since (their status now); payment links by when they were issued. */
        CollectionsFigures: {
            /** @description Calls placed (handed to the voice provider). */
            attempts: number;
            /** @description Placed calls a person or a voicemail answered (flag `CONNECT`). */
            connects: number;
            /** @description Placed calls on which the borrower confirmed who they are (flag `RPC`). */
            rightPartyContacts: number;
            /** @description Placed calls transferred to the lender's people (flag `SUCCESSFUL_TRANSFER` or `TRANSFER`). */
            transfers: number;
            /** @description Promises to pay made in the period; `amount` is what was promised. */
            promises: components["schemas"]["CollectionsAmount"];
            /** @description Of those, still open; `amount` is what was promised. */
            open: components["schemas"]["CollectionsAmount"];
            /** @description Of those, kept; `amount` is what was paid. */
            kept: components["schemas"]["CollectionsAmount"];
            /** @description Of those, partly kept; `amount` is what was paid. */
            partiallyKept: components["schemas"]["CollectionsAmount"];
            /** @description Of those, broken; `amount` is what was promised. */
            broken: components["schemas"]["CollectionsAmount"];
            /** @description Of those, cancelled; `amount` is what was promised. */
            cancelled: components["schemas"]["CollectionsAmount"];
            /** @description Paid against the period's promises (kept and partly kept), US dollars. */
            collected: string;
            /** @description Payment links issued in the period: `sent`, those whose text or email the provider accepted (and did not report failed); `opened`, those the borrower opened at least once (links given to an agent included). */
            links: {
                sent: number;
                opened: number;
            };
        };
        /** @description The collections funnel of a period (docs/partners/outcomes.md#results-report): one row per task type, or per week (every week of the period, empty ones included), the totals, and the period's transfers per destination. */
        CollectionsReport: {
            /** Format: date */
            from: string;
            /** Format: date */
            to: string;
            timezone: string;
            /** @enum {string} */
            groupBy: "taskType" | "week";
            rows: ({
                /** @description The task type (`groupBy=taskType`; `(unknown)` for promises whose call was removed), or the week's Monday as YYYY-MM-DD in `timezone` (`groupBy=week`). */
                group: string;
            } & components["schemas"]["CollectionsFigures"])[];
            totals: components["schemas"]["CollectionsFigures"];
            /** @description The period's transfers per destination, read from the record the transfer webhooks write (the same figures as GET /transfer-results for the period's instants), ordered by destination. */
            transfersByDestination: components["schemas"]["TransferDestinationResult"][];
        };
        /** @description A Retell webhook exactly as Retell sends it (https://docs.retellai.com/features/webhook-overview): the event and the whole call object as of the event, with no event id. The service applies `call_started`, `call_ended` and `call_analyzed`; any other event (`transcript_updated`, `transfer_started`, `transfer_bridged`, `transfer_cancelled`, `transfer_ended`, and any Retell adds) is acknowledged and ignored. `call.metadata.scheduled_call_id` names the scheduled call the service sent when it created the call; an applied event without it is a 400. */
        VoiceCallbackEvent: {
            /**
             * @example call_started
             * @example call_ended
             * @example call_analyzed
             * @example transcript_updated
             */
            event: string;
            /** @description Retell's call object (retell-sdk's `PhoneCallResponse`); the fields the service reads are listed in docs/operators/voice-provider.md. */
            call: {
                call_id: string;
                /** @description registered, not_connected, ongoing, ended or error. */
                call_status?: string;
                metadata?: {
                    scheduled_call_id?: string;
                } & {
                    [key: string]: unknown;
                };
            } & {
                [key: string]: unknown;
            };
        };
        /** @description An applied event (`eventId`): authenticated and recorded durably in the callback inbox; the service applies it shortly after (in receipt order per call; a call never moves backwards, so an event arriving after a later state changes nothing). Retell sends no event id: `eventId` is the call id, the event and a digest of the delivery's content, so a redelivery is recognised. An event the service does not use (`ignored`, naming it): authenticated and acknowledged, nothing recorded. */
        VoiceCallbackReceipt: {
            eventId: string;
        } | {
            ignored: string;
        };
        /** @description The process is up. */
        Health: {
            /** @constant */
            status: "ok";
        };
        /** @description Readiness to serve traffic: the database is reachable, migrations are current and the instance is not shutting down. */
        Readiness: {
            /** @enum {string} */
            status: "ready" | "unavailable";
            /** @enum {string} */
            database: "ok" | "unreachable";
            /**
             * @description `unknown` when the database cannot be reached.
             * @enum {string}
             */
            migrations: "current" | "pending" | "unknown";
            /** @description Present (true) once the instance received SIGTERM: it still answers requests for `OUTREACH_SHUTDOWN_DELAY_MS` so a load balancer can take it out of rotation, then drains open connections and exits. */
            shuttingDown?: boolean;
        };
        /** @description This OpenAPI 3.1 document, bundled into one JSON object. */
        OpenApiDocument: {
            openapi: string;
            info: Record<string, never>;
            paths: Record<string, never>;
        };
        /** @description Body of `batch.completed`: sent once when a customer or loan batch job reaches `completed` (every row finished; failed rows are listed in `failures`). */
        WebhookBatchCompleted: {
            /** @constant */
            type: "batch.completed";
            /**
             * Format: date-time
             * @description When the event happened (the same on every attempt).
             */
            timestamp: string;
            data: {
                /**
                 * @description `customers` for `POST /customers/batch` jobs (both modes), `loans` for `POST /loans/batch`.
                 * @enum {string}
                 */
                kind: "customers" | "loans";
                /** @description The job exactly as `GET /customers/batch/{jobId}` or `GET /loans/batch/{jobId}` returns it. */
                job: components["schemas"]["BatchJob"] | components["schemas"]["LoanBatchJob"];
            };
        };
        /** @description Body of `scheduled_call.updated`: sent when a scheduled call reaches `completed`, `failed`, `skipped` or `cancelled` (for example `cancelled` by Do Not Call or a replacement sync, `skipped` by the dial-time check). */
        WebhookScheduledCallUpdated: {
            /** @constant */
            type: "scheduled_call.updated";
            /**
             * Format: date-time
             * @description When the change happened (the same on every attempt).
             */
            timestamp: string;
            data: components["schemas"]["ScheduledCall"];
        };
        /** @description Body of `call.completed`: sent when a placed call is over and its analysis came back (the scheduled call is then `completed` with the call's flags). */
        WebhookCallCompleted: {
            /** @constant */
            type: "call.completed";
            /**
             * Format: date-time
             * @description When the call completed (the same on every attempt).
             */
            timestamp: string;
            data: components["schemas"]["Call"];
        };
        /** @description Body of `ach_return_rate.raised`: sent once when recording ACH returns raises one of the company's return rates to `warning` or `over` (see `getAchReturnRates`). */
        WebhookAchReturnRateRaised: {
            /** @constant */
            type: "ach_return_rate.raised";
            /**
             * Format: date-time
             * @description When the level rose (the same on every attempt).
             */
            timestamp: string;
            data: {
                /**
                 * @description Which rate rose.
                 * @enum {string}
                 */
                name: "unauthorized" | "administrative" | "overall";
                previous_level: components["schemas"]["AchReturnRateLevel"];
                /** Format: date */
                window_start: string;
                /** Format: date */
                window_end: string;
                numerator: number;
                denominator: number;
                rate: number;
                threshold: number;
                level: components["schemas"]["AchReturnRateLevel"];
            };
        };
        /** @description Body of `provider.alert`: sent once when an alert opens on one of the company's provider accounts (a voice account: dialing pauses; an SMS account: texts are held; see `listProviderAlerts`). */
        WebhookProviderAlert: {
            /** @constant */
            type: "provider.alert";
            /**
             * Format: date-time
             * @description When the alert was raised (the same on every attempt).
             */
            timestamp: string;
            data: components["schemas"]["ProviderAlert"];
        };
        /** @description Body of `dispute.received`: `data` is the restriction the call's outcome made, as `GET /customers/{customerId}/restrictions` lists it. */
        WebhookDisputeReceived: {
            /** @constant */
            type: "dispute.received";
            /**
             * Format: date-time
             * @description When the restriction was made (the same on every attempt).
             */
            timestamp: string;
            data: components["schemas"]["Restriction"];
        };
        /** @description Body of `hardship.requested`: `data` is the restriction the call's outcome made, as `GET /customers/{customerId}/restrictions` lists it. */
        WebhookHardshipRequested: {
            /** @constant */
            type: "hardship.requested";
            /**
             * Format: date-time
             * @description When the restriction was made (the same on every attempt).
             */
            timestamp: string;
            data: components["schemas"]["Restriction"];
        };
        /** @description Body of `fraud.claimed`: `data` is the restriction the call's outcome made, as `GET /customers/{customerId}/restrictions` lists it. */
        WebhookFraudClaimed: {
            /** @constant */
            type: "fraud.claimed";
            /**
             * Format: date-time
             * @description When the restriction was made (the same on every attempt).
             */
            timestamp: string;
            data: components["schemas"]["Restriction"];
        };
        /** @description Body of `military.reported`: `data` is the restriction the call's outcome made, as `GET /customers/{customerId}/restrictions` lists it. */
        WebhookMilitaryReported: {
            /** @constant */
            type: "military.reported";
            /**
             * Format: date-time
             * @description When the restriction was made (the same on every attempt).
             */
            timestamp: string;
            data: components["schemas"]["Restriction"];
        };
        /** @description Body of `incarceration.reported`: `data` is the restriction the call's outcome made, as `GET /customers/{customerId}/restrictions` lists it. */
        WebhookIncarcerationReported: {
            /** @constant */
            type: "incarceration.reported";
            /**
             * Format: date-time
             * @description When the restriction was made (the same on every attempt).
             */
            timestamp: string;
            data: components["schemas"]["Restriction"];
        };
        /** @description Body of `abuse.reported`: `data` is the restriction the call's outcome made, as `GET /customers/{customerId}/restrictions` lists it. */
        WebhookAbuseReported: {
            /** @constant */
            type: "abuse.reported";
            /**
             * Format: date-time
             * @description When the restriction was made (the same on every attempt).
             */
            timestamp: string;
            data: components["schemas"]["Restriction"];
        };
        /** @description Body of `accessibility.reported`: `data` is the restriction the call's outcome made, as `GET /customers/{customerId}/restrictions` lists it. */
        WebhookAccessibilityReported: {
            /** @constant */
            type: "accessibility.reported";
            /**
             * Format: date-time
             * @description When the restriction was made (the same on every attempt).
             */
            timestamp: string;
            data: components["schemas"]["Restriction"];
        };
        /** @description Body of `complaint.received`: `data` is the call the complaint was made on, as `GET /calls/{id}` returns it. */
        WebhookComplaintReceived: {
            /** @constant */
            type: "complaint.received";
            /**
             * Format: date-time
             * @description When the call completed (the same on every attempt).
             */
            timestamp: string;
            data: components["schemas"]["Call"];
        };
        /** @description Body of `inbound_message.review_due`: sent once when an inbound text has waited in the revocation review queue until its warning time (default 8 business days; the limit is 10, 47 CFR 64.1200(a)(10)). */
        WebhookInboundMessageReviewDue: {
            /** @constant */
            type: "inbound_message.review_due";
            /**
             * Format: date-time
             * @description When the warning was raised (the same on every attempt).
             */
            timestamp: string;
            data: components["schemas"]["InboundMessage"];
        };
        /** @description Body of `promise.created` (docs/partners/outcomes.md#promises-to-pay). */
        WebhookPromiseCreated: {
            /** @constant */
            type: "promise.created";
            /**
             * Format: date-time
             * @description When the promise changed (the same on every attempt).
             */
            timestamp: string;
            data: components["schemas"]["Promise"];
        };
        /** @description Body of `promise.kept` (docs/partners/outcomes.md#promises-to-pay). */
        WebhookPromiseKept: {
            /** @constant */
            type: "promise.kept";
            /**
             * Format: date-time
             * @description When the promise changed (the same on every attempt).
             */
            timestamp: string;
            data: components["schemas"]["Promise"];
        };
        /** @description Body of `promise.partially_kept` (docs/partners/outcomes.md#promises-to-pay). */
        WebhookPromisePartiallyKept: {
            /** @constant */
            type: "promise.partially_kept";
            /**
             * Format: date-time
             * @description When the promise changed (the same on every attempt).
             */
            timestamp: string;
            data: components["schemas"]["Promise"];
        };
        /** @description Body of `promise.broken` (docs/partners/outcomes.md#promises-to-pay). */
        WebhookPromiseBroken: {
            /** @constant */
            type: "promise.broken";
            /**
             * Format: date-time
             * @description When the promise changed (the same on every attempt).
             */
            timestamp: string;
            data: components["schemas"]["Promise"];
        };
        /** @description Body of `promise.reopened` (docs/partners/outcomes.md#promises-to-pay). */
        WebhookPromiseReopened: {
            /** @constant */
            type: "promise.reopened";
            /**
             * Format: date-time
             * @description When the promise changed (the same on every attempt).
             */
            timestamp: string;
            data: components["schemas"]["Promise"];
        };
        /** @description Body of `payment_link.opened`: sent once per link, when the borrower first opens it (docs/partners/outcomes.md#pay-by-link). */
        WebhookPaymentLinkOpened: {
            /** @constant */
            type: "payment_link.opened";
            /**
             * Format: date-time
             * @description When the link was first opened (the same on every attempt).
             */
            timestamp: string;
            data: components["schemas"]["PaymentLink"];
        };
    };
    responses: {
        /** @description Missing required fields (listed in field-table order), a phone number that cannot be parsed, an unknown IANA timezone, a `taskType` outside the company's catalog, conflicting `test` and `isTest`, `test` after its 2026-10-25 sunset, an unresolvable ZIP code (announced contract), `sync: true` for a company without an LMS connector, a `loanIds` loan that the company's LMS does not have for this customer, a body that is not valid JSON, or a schema violation. */
        BadRequestDetailString: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorDetailString"];
            };
        };
        /** @description The `X-API-Key` header is missing or the key is unknown or disabled. */
        UnauthorizedDetailString: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "detail": "Missing or invalid X-API-Key header"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorDetailString"];
            };
        };
        /** @description The request body is over the size limit. */
        PayloadTooLargeDetailString: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "detail": "Request body exceeds the size limit"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorDetailString"];
            };
        };
        /** @description The request body's encoding cannot be read: a `Content-Type` charset it is not read in (send UTF-8), or a `Content-Encoding` other than `gzip`, `deflate` and `br`. Nothing was changed. */
        UnsupportedMediaTypeDetailString: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "detail": "unsupported charset \"LATIN1\""
                 *     }
                 */
                "application/json": components["schemas"]["ErrorDetailString"];
            };
        };
        /** @description The request is malformed (body that is not valid JSON, wrong content type) or breaks the schema (missing or mistyped field, parameter out of range). */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorMessage"];
            };
        };
        /** @description The `X-API-Key` header is missing or the key is unknown or disabled. */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": 401,
                 *       "message": "Missing or invalid X-API-Key header"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorMessage"];
            };
        };
        /** @description A resource named in the path does not exist in the company of the API key. Resources of another company are reported the same way. */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": 404,
                 *       "message": "Customer cust-1001 not found"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorMessage"];
            };
        };
        /** @description The database is briefly unreachable (code `service_unavailable`). Nothing was changed; repeat the same request after `Retry-After` seconds. The service reconnects by itself. */
        ServiceUnavailable: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": 503,
                 *       "message": "The service is briefly unavailable; retry the same request"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorMessage"];
            };
        };
        /** @description The request body is over the size limit. */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": 413,
                 *       "message": "Request body exceeds the size limit"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorMessage"];
            };
        };
        /** @description The request body's encoding cannot be read: a `Content-Type` charset it is not read in (send UTF-8), or a `Content-Encoding` other than `gzip`, `deflate` and `br`. Nothing was changed. */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": 415,
                 *       "message": "unsupported charset \"LATIN1\""
                 *     }
                 */
                "application/json": components["schemas"]["ErrorMessage"];
            };
        };
        /** @description The `X-API-Key` header is missing or the key is unknown or disabled (code `unauthorized`). */
        UnauthorizedDetailObject: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "detail": {
                 *         "code": "unauthorized",
                 *         "message": "Missing or invalid X-API-Key header"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorDetailObject"];
            };
        };
        /** @description A request with the same `Idempotency-Key` is still running (code `request_in_progress`). Repeat the same request after `Retry-After`. */
        RequestInProgress: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "detail": {
                 *         "code": "request_in_progress",
                 *         "message": "A request with this Idempotency-Key is still being processed; retry after the Retry-After delay"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorDetailObject"];
            };
        };
        /** @description The request body is over the size limit (code `payload_too_large`). */
        PayloadTooLargeDetailObject: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "detail": {
                 *         "code": "payload_too_large",
                 *         "message": "Request body exceeds the size limit"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorDetailObject"];
            };
        };
        /** @description The request body's encoding cannot be read (code `invalid_request`): a `Content-Type` charset it is not read in (send UTF-8), or a `Content-Encoding` other than `gzip`, `deflate` and `br`. Nothing was changed. */
        UnsupportedMediaTypeDetailObject: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "detail": {
                 *         "code": "invalid_request",
                 *         "message": "unsupported charset \"LATIN1\""
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorDetailObject"];
            };
        };
        /** @description The company's quota for this operation is exhausted (code `rate_limited`; shared by all keys of the company). Wait for `Retry-After`, then repeat the same request with the same `Idempotency-Key`. */
        TooManyRequestsDetailObject: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "detail": {
                 *         "code": "rate_limited",
                 *         "message": "Rate limit exceeded; retry after 42 seconds"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorDetailObject"];
            };
        };
        /** @description The database is briefly unreachable (code `service_unavailable`). Nothing was changed; repeat the same request after `Retry-After` seconds. The service reconnects by itself. */
        ServiceUnavailableDetailObject: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "detail": {
                 *         "code": "service_unavailable",
                 *         "message": "The service is briefly unavailable; retry the same request"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorDetailObject"];
            };
        };
        /** @description The inbound text was already decided (by another operator, or applied as a revocation when its limit ran out); a decision is recorded once. */
        InboundMessageAlreadyReviewed: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": 409,
                 *       "message": "Inbound message 0193a4c2-7b1e-7d2f-9a3b-4c5d6e7f8a90 was already reviewed"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorMessage"];
            };
        };
        /** @description The company's quota for this operation is exhausted (shared by all keys of the company). Wait for `Retry-After`, then repeat the same request. */
        TooManyRequests: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": 429,
                 *       "message": "Rate limit of 10 batch submissions per minute exceeded; retry after 42 seconds"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorMessage"];
            };
        };
        /** @description The `X-Twilio-Signature` header is missing or does not match the request made with the provider's credentials. Nothing was changed. */
        InvalidSignature: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": 401,
                 *       "message": "Invalid X-Twilio-Signature"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorMessage"];
            };
        };
        /** @description No payment (`customer_id`, `loan_id`, `payment_id`) in the company of the API key. */
        PaymentNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": 404,
                 *       "message": "Payment pay-9001 of loan loan-5001 for customer cust-1001 not found"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorMessage"];
            };
        };
        /** @description The processor transaction id was already confirmed for another payment of the company. */
        AchConflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": 409,
                 *       "message": "Processor transaction txn-77812 was already confirmed for another payment"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorMessage"];
            };
        };
        /** @description The attempt id was already recorded for the company with different content. */
        ContactAttemptConflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": 409,
                 *       "message": "Contact attempt dialer-88412 was already recorded with different content (occurredAt)"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorMessage"];
            };
        };
        /** @description The request could not be read, for example a body that is not valid JSON was sent with it. The operational endpoints take no parameters and no body; this response exists only for such malformed requests. */
        OpsBadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": 400,
                 *       "message": "Request body is not valid JSON: Unexpected end of JSON input"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorMessage"];
            };
        };
        /** @description Any 2xx acknowledges the event; the body is ignored. Anything else (or no answer within 10 seconds) is retried. */
        WebhookAccepted: {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
        };
    };
    parameters: {
        /**
         * @description The caller's customer reference (the customer `id` sent at boarding).
         * @example cust-1001
         */
        CustomerReferencePath: string;
        /**
         * @description Required when `scheduleMode` is `enroll` (missing: 400 `missing_idempotency_key`; not matching the pattern: 400 `invalid_idempotency_key`); not used otherwise. Scoped to the company and kept at least 30 days. The same key with the same request returns the original result (`Idempotency-Replayed: true`); the same key with a different request gives 422 `idempotency_key_reused`. Generate a new key per logical request (for example a UUID) and reuse it only for retries of that request.
         * @example enroll-cust-1001-loan-5001
         */
        IdempotencyKey: string;
        /**
         * @description UUID of the batch job, returned by the batch submission.
         * @example 8d0f6f0e-2f7a-4b8e-9c3a-1e2d3c4b5a69
         */
        JobIdPath: string;
        /**
         * @description The caller's customer reference (the customer `id` sent at boarding).
         * @example cust-1001
         */
        CustomerIdPath: string;
        /**
         * @description Maximum number of records to return (1 to 500).
         * @example 100
         */
        Limit: number;
        /**
         * @description Zero-based position of the first record to return (at most 1,000,000; page with `limit`).
         * @example 0
         */
        Offset: number;
        /** @description Extension, not part of the partner contract. Keyset paging: the opaque value of the previous page's `Next-Cursor` header; the page then starts right after the last record of that page, in the list's own order, at the same cost at any depth (an `offset` reads and skips every record before the page). Valid only for the same list (operation, company and customer) that issued it; `limit` may change between pages, `offset` must then be absent or 0. A malformed or foreign cursor gives 400. The parameter has no example because a cursor is only valid for the list that issued it. */
        Cursor: string;
        /**
         * @description Id of an inbound text in the review queue, from `GET /inbound-messages`.
         * @example 0193a4c2-7b1e-7d2f-9a3b-4c5d6e7f8a90
         */
        InboundMessageIdPath: string;
        /**
         * @description Id of a webhook delivery (the `webhook-id` header it is sent with), from `GET /webhook-deliveries`.
         * @example msg_01a21a132bcd753dbc98c045b6e2774e
         */
        DeliveryIdPath: string;
        /**
         * @description UUID of the payment method, issued by this API.
         * @example 3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f
         */
        PaymentMethodIdPath: string;
        /**
         * @description The caller's loan reference (the loan `id` sent at boarding).
         * @example loan-5001
         */
        LoanIdPath: string;
        /**
         * @description The caller's payment reference (`payment_id`).
         * @example pay-9001
         */
        PaymentIdPath: string;
        /**
         * @description Identifier of the call, as returned in call records.
         * @example 5b7e2a91-3c4d-4e8f-9a0b-1c2d3e4f5a6b
         */
        CallIdPath: string;
        /**
         * @description Identifier of the scheduled call, as returned in scheduled-call records and origination receipts.
         * @example 6e1d9c3b-7a2f-4d5e-8b9c-0f1e2d3c4b5a
         */
        ScheduledCallIdPath: string;
        /**
         * @description Base64 HMAC-SHA1, keyed with the provider account's auth token, of the full callback URL followed by every form parameter as name+value sorted by name. Requests without a valid signature are rejected with 401 (verified with the official library's `twilio.validateRequest`).
         * @example 0/KCTR6DLpKmkAf8muzZqo1nDgQ=
         */
        TwilioSignature: string;
        /**
         * @description The company whose own Twilio account (company configuration `channels.sms.provider`) signed this request. The service adds it to the StatusCallback of every text it sends through a company's own account; for inbound texts, the lender puts it in the number's webhook URL. Without it the signature is checked with the operator's and the sandbox's credentials.
         * @example 3f2a9c1e-5b7d-4e8f-a1b2-c3d4e5f60718
         */
        SmsCompanyQuery: string;
        /**
         * @description The signed token of the opt-out link in the email (company and address, HMAC-SHA256).
         * @example WyJjMGE4MDEyMS03YWMwLTQ1NjItODdkZi0xYTJiM2M0ZDVlNmYiLCJhZGFAZXhhbXBsZS5jb20iXQ.rP3x0jbeM6bKJ9m2j2XvTn7o2tQ5m8kYQ2m8r0d7s1c
         */
        OptOutToken: string;
        /**
         * @description The restriction's `id` (from `GET /customers/{customerId}/restrictions` or an event).
         * @example 6d2f9a1c-3b4e-4c5d-8e7f-0a1b2c3d4e5f
         */
        RestrictionIdPath: string;
        /**
         * @description The payment link's token, as the text or email carried it: the link's id, its expiry and an HMAC-SHA256 over both keyed with the service's signing secret.
         * @example AZrA7TtLd1CqXxv3aEcRkA.tfqc80.8bDxq3c2W0u9n1Zr5v6yEw
         */
        PaymentLinkToken: string;
        /**
         * @description Which provider connection the callback belongs to: `live` (the configured voice provider) or `sandbox` (the voice simulator, which test customers always reach).
         * @example sandbox
         */
        VoiceProviderPath: "live" | "sandbox";
        /**
         * @description Unique message id, the same on every attempt of one delivery
         * @example deduplicate on it.:msg_2b0f5c7e9a3d4b1c8e6f0a2d4c6b8e1f
         */
        WebhookId: string;
        /**
         * @description Seconds since the epoch when this attempt was signed; reject values far from your clock (Standard Webhooks suggests 5 minutes).
         * @example 1796742003
         */
        WebhookTimestamp: string;
        /**
         * @description Space-separated `v1,<base64 HMAC-SHA256>` signatures of `{webhook-id}.{webhook-timestamp}.{body}`, one per active secret (two during a rotation); accept the request if any matches.
         * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
         */
        WebhookSignature: string;
    };
    requestBodies: never;
    headers: {
        /**
         * @description Sent when the request used a deprecated field (`test` or `loanId`). RFC 9745 structured date (`@` followed by Unix seconds) at which the field was deprecated (2026-09-25).
         * @example @1790294400
         */
        Deprecation: string;
        /**
         * @description Sent together with `Deprecation`. RFC 8594 HTTP-date after which the deprecated field is no longer accepted (`test`: 2026-10-25).
         * @example Sun, 25 Oct 2026 00:00:00 GMT
         */
        Sunset: string;
        /**
         * @description Number of seconds to wait before repeating the same request.
         * @example 42
         */
        RetryAfter: number;
        /**
         * @description Address of the created batch job, to poll for progress. Absolute when the server is configured with a public base URL, otherwise relative to the server.
         * @example /customers/batch/8d0f6f0e-2f7a-4b8e-9c3a-1e2d3c4b5a69
         */
        Location: string;
        /**
         * @description `true` when this response is the stored result of an earlier request with the same `Idempotency-Key` (a replay); counts and identifiers are the original ones. Absent (or `false`) on a first execution.
         * @example true
         */
        IdempotencyReplayed: "true" | "false";
        /**
         * @description Remaining quota of the company's policy, as an HTTP structured field (IETF draft-ietf-httpapi-ratelimit-headers): `r` is the remaining number of requests in the window and `t` the seconds until the quota resets.
         * @example "batch";r=0;t=42
         */
        RateLimit: string;
        /**
         * @description The quota policy applied to this request, as an HTTP structured field (IETF draft-ietf-httpapi-ratelimit-headers): `q` is the number of requests allowed per window of `w` seconds. Batch submissions: 10 per 60 seconds per company; schedule sync and enrollment: 60 per 60 seconds per company.
         * @example "batch";q=10;w=60
         */
        RateLimitPolicy: string;
        /**
         * @description Extension, not part of the partner contract. Present when more records follow this page: pass it as `cursor` to get the next page (keyset paging). Absent on the last page. The response body keeps the contract's shape (an array).
         * @example eyJ2IjoxLCJrIjpbIjIwMjYtMDMtMDJUMTk6MzA6MDUuMDAwWiIsIjFhMmIzYzRkIl19
         */
        NextCursor: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    createCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "cust-1001",
                 *       "firstName": "Maria",
                 *       "lastName": "Alvarez",
                 *       "timezone": "America/Chicago",
                 *       "phoneNumber": "(512) 555-0143",
                 *       "taskType": "PendingLoanNewLead",
                 *       "email": "maria.alvarez@example.com",
                 *       "birthday": "1988-04-12",
                 *       "ssnLastFour": "4321",
                 *       "streetAddress1": "1200 Congress Ave",
                 *       "streetAddress2": "Apt 4B",
                 *       "city": "Austin",
                 *       "state": "TX",
                 *       "zipCode": "78701",
                 *       "doNotCall": false,
                 *       "isTest": false,
                 *       "externalMetadata": {
                 *         "employer_name": "Lone Star Logistics",
                 *         "pay_frequency": "biweekly",
                 *         "pay_day": "friday"
                 *       },
                 *       "loanIds": [
                 *         5001
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CustomerCreate"];
            };
        };
        responses: {
            /** @description Customer with this `id` already existed and was updated. */
            200: {
                headers: {
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Customer"];
                };
            };
            /** @description Customer created. */
            201: {
                headers: {
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Customer"];
                };
            };
            400: components["responses"]["BadRequestDetailString"];
            401: components["responses"]["UnauthorizedDetailString"];
            /** @description With `sync: true`, the customer `id` does not exist in the company's LMS. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "detail": "Customer 1001 not found in LoanPro (instance 5200776)"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorDetailString"];
                };
            };
            413: components["responses"]["PayloadTooLargeDetailString"];
            415: components["responses"]["UnsupportedMediaTypeDetailString"];
            /** @description The company's LMS rejected the credentials in the company configuration, or answered a payload that cannot be read. Nothing was written; an operator must fix the LMS configuration (`outreach company config set`). */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "detail": "LoanPro (instance 5200776) rejected the credentials in this company's LMS configuration (lms.token, lms.instanceId): HTTP 401. An operator must update them with `outreach company config set`."
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorDetailString"];
                };
            };
            /** @description The company's LMS did not answer in time or kept failing after the service's retries. Nothing was written; repeat the request after `Retry-After`. */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "detail": "LoanPro (instance 5200776) is unavailable: no answer within 5000 ms (customer 1001; 3 attempts); retry later"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorDetailString"];
                };
            };
        };
    };
    getCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The caller's customer reference (the customer `id` sent at boarding).
                 * @example cust-1001
                 */
                id: components["parameters"]["CustomerReferencePath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The customer. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Customer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The caller's customer reference (the customer `id` sent at boarding).
                 * @example cust-1001
                 */
                id: components["parameters"]["CustomerReferencePath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "maria.alvarez@example.com",
                 *       "phoneNumber": "+15125550143",
                 *       "doNotCall": false
                 *     }
                 */
                "application/json": components["schemas"]["CustomerUpdate"];
            };
        };
        responses: {
            /** @description The updated customer. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Customer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createCustomerBatch: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Required when `scheduleMode` is `enroll` (missing: 400 `missing_idempotency_key`; not matching the pattern: 400 `invalid_idempotency_key`); not used otherwise. Scoped to the company and kept at least 30 days. The same key with the same request returns the original result (`Idempotency-Replayed: true`); the same key with a different request gives 422 `idempotency_key_reused`. Generate a new key per logical request (for example a UUID) and reuse it only for retries of that request.
                 * @example enroll-cust-1001-loan-5001
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CustomerBatchRequest"];
            };
        };
        responses: {
            /** @description Batch accepted and queued. */
            202: {
                headers: {
                    Location: components["headers"]["Location"];
                    "Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "jobId": "8d0f6f0e-2f7a-4b8e-9c3a-1e2d3c4b5a69",
                     *       "totalCustomers": 2,
                     *       "message": "Batch job created with 1 parallel batches. Poll GET /customers/batch/8d0f6f0e-2f7a-4b8e-9c3a-1e2d3c4b5a69 for status."
                     *     }
                     */
                    "application/json": components["schemas"]["BatchAccepted"];
                };
            };
            /** @description Empty batch (`empty_batch`), more than 10,000 rows (`batch_too_large`), enrollment mode without `Idempotency-Key` (`missing_idempotency_key`) or with a malformed one (`invalid_idempotency_key`), or a body that is not valid JSON or not an object with a `customers` array (`invalid_request`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetailObject"];
                };
            };
            401: components["responses"]["UnauthorizedDetailObject"];
            409: components["responses"]["RequestInProgress"];
            413: components["responses"]["PayloadTooLargeDetailObject"];
            415: components["responses"]["UnsupportedMediaTypeDetailObject"];
            /** @description The `Idempotency-Key` was already used for a different submission (`idempotency_key_reused`). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "detail": {
                     *         "code": "idempotency_key_reused",
                     *         "message": "Idempotency-Key was already used with a different request body"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorDetailObject"];
                };
            };
            429: components["responses"]["TooManyRequestsDetailObject"];
            503: components["responses"]["ServiceUnavailableDetailObject"];
        };
    };
    getCustomerBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID of the batch job, returned by the batch submission.
                 * @example 8d0f6f0e-2f7a-4b8e-9c3a-1e2d3c4b5a69
                 */
                jobId: components["parameters"]["JobIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The batch job. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BatchJob"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description No batch job with this id in the company of the API key. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": 404,
                     *       "message": "Batch job 8d0f6f0e-2f7a-4b8e-9c3a-1e2d3c4b5a69 not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    syncCustomerSchedule: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Required when `scheduleMode` is `enroll` (missing: 400 `missing_idempotency_key`; not matching the pattern: 400 `invalid_idempotency_key`); not used otherwise. Scoped to the company and kept at least 30 days. The same key with the same request returns the original result (`Idempotency-Replayed: true`); the same key with a different request gives 422 `idempotency_key_reused`. Generate a new key per logical request (for example a UUID) and reuse it only for retries of that request.
                 * @example enroll-cust-1001-loan-5001
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "scheduleMode": "replace",
                 *       "id": "cust-1001",
                 *       "taskType": "PendingLoanNewLead",
                 *       "firstName": "Maria",
                 *       "lastName": "Alvarez",
                 *       "timezone": "America/Chicago",
                 *       "phoneNumber": "(512) 555-0143",
                 *       "email": "maria.alvarez@example.com",
                 *       "streetAddress1": "1200 Congress Ave",
                 *       "city": "Austin",
                 *       "state": "TX",
                 *       "zipCode": "78701",
                 *       "loanId": "loan-5001"
                 *     }
                 */
                "application/json": components["schemas"]["ScheduleSyncRequest"];
            };
        };
        responses: {
            /** @description Enrollment scheduled, already scheduled or replayed (`EnrollmentResponse`), or replacement sync done (`ScheduleSyncReplaceResponse`). */
            200: {
                headers: {
                    "Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScheduleSyncResponse"];
                };
            };
            /** @description Missing required fields (`missing_required_fields`; when `firstName`, `lastName`, `phoneNumber` or `timezone` is among them the message says where they could come from: no LMS connector configured, `sync: true`, or not in the request nor in the LMS), `sync: true` for a company without an LMS connector (`lms_not_configured`), Do Not Call conflict in replacement sync (`do_not_call`), conflicting `test` and `isTest`, an unknown timezone or unparseable phone number, a body that is not valid JSON or not an object (`invalid_request`), or enrollment without a valid `Idempotency-Key` (`missing_idempotency_key`, `invalid_idempotency_key`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetailObject"];
                };
            };
            401: components["responses"]["UnauthorizedDetailObject"];
            /** @description Replacement sync with `sync: true`: the customer `id` does not exist in the company's LMS (`not_found`). Nothing was written. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "detail": {
                     *         "code": "not_found",
                     *         "message": "Customer 1001 not found in LoanPro (instance 5200776)"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorDetailObject"];
                };
            };
            /** @description Enrollment conflict, stored under the idempotency key (a new key does not bypass it): `existing_application`, `contact_restricted` (an active restriction or Do Not Call, a restricting call outcome such as DNC or ATTORNEY_REP, or calling rules — frequency caps, quiet periods — that leave no allowed call time within the scheduling horizon), `cadence_finished`, `cadence_paused`, `test_mode_mismatch`; or `request_in_progress` while the same request is still running (with `Retry-After`; repeat the same request). */
            409: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "Idempotency-Replayed": components["headers"]["IdempotencyReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetailObject"];
                };
            };
            413: components["responses"]["PayloadTooLargeDetailObject"];
            415: components["responses"]["UnsupportedMediaTypeDetailObject"];
            /** @description The enrollment body breaks enrollment rules (`invalid_request` naming the field): unrecognized field, null flag, value out of bounds, `oneOff` or `daysSincePaidOff` with `PendingLoanNewLead`, conflicting `test` and `isTest`, an unparseable phone number or unknown timezone, a task type the company has not enabled, missing data to create a new customer, a `daysSincePaidOff` no configured cadence covers, a customer without a usable phone number, or `test` after 2026-10-25. Or the `Idempotency-Key` was used for a different request (`idempotency_key_reused`). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetailObject"];
                };
            };
            429: components["responses"]["TooManyRequestsDetailObject"];
            /** @description Replacement sync with `sync: true`: the company's LMS rejected the credentials in the company configuration (`lms_credentials_rejected`, `lms_credentials_unreadable`), answered a payload that cannot be read (`lms_bad_response`), or refused the request for another reason than an unknown id, such as a LoanPro 409 for an endpoint typo (`lms_request_rejected`: check `lms.baseUrl`). Nothing was written. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "detail": {
                     *         "code": "lms_credentials_rejected",
                     *         "message": "LoanPro (instance 5200776) rejected the credentials in this company's LMS configuration (lms.token, lms.instanceId): HTTP 401. An operator must update them with `outreach company config set`."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorDetailObject"];
                };
            };
            /** @description Temporarily unavailable (`service_unavailable`): the database, or, for replacement sync with `sync: true`, the company's LMS (no answer in time or failing after the service's retries; nothing was written). Repeat the same request (with the same `Idempotency-Key` in enrollment mode) after `Retry-After`. */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "detail": {
                     *         "code": "service_unavailable",
                     *         "message": "Service temporarily unavailable; retry with the same Idempotency-Key"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorDetailObject"];
                };
            };
        };
    };
    createScheduledCalls: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The caller's customer reference (the customer `id` sent at boarding).
                 * @example cust-1001
                 */
                customerId: components["parameters"]["CustomerIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "scheduleType": "lms-welcome-call"
                 *     }
                 */
                "application/json": components["schemas"]["ScheduledCallsCreate"];
            };
        };
        responses: {
            /** @description The created scheduled calls. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "6e1d9c3b-7a2f-4d5e-8b9c-0f1e2d3c4b5a",
                     *         "customerId": "cust-1001",
                     *         "scheduledTime": "2026-03-03T15:00:00Z",
                     *         "status": "pending"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["ScheduledCallCreated"][];
                };
            };
            /** @description Unsupported `scheduleType`, a body that is not valid JSON, or a schema violation. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": 400,
                     *       "message": "Unsupported scheduleType: lms-welcome-cal; supported: default, lms-welcome-call"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            /** @description The customer cannot be called under the rules (a contact restriction such as Do Not Call, no usable phone number, no stored time zone, or no allowed time within the scheduling horizon). Nothing was created. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": 409,
                     *       "message": "No call can be scheduled for customer cust-1001: the customer is marked Do Not Call (TCPA 47 CFR 64.1200(d))"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getContactEligibility: {
        parameters: {
            query?: {
                /** @description The instant to answer for (RFC 3339 with offset or Z); default now. */
                at?: string;
                /** @description The loan the contact would be about (as scheduled calls name it): per-debt caps (Reg F, Massachusetts) count its attempts, and the task type of its loan record, when there is one, decides the purpose. */
                loanId?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The caller's customer reference (the customer `id` sent at boarding).
                 * @example cust-1001
                 */
                customerId: components["parameters"]["CustomerIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The customer's contact eligibility. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactEligibility"];
                };
            };
            /** @description A query parameter is malformed (`at` not an RFC 3339 instant, an empty `loanId`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": 400,
                     *       "message": "Request validation failed: query/at must match format \"date-time\""
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description No such customer in the company of the API key. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": 404,
                     *       "message": "Customer cust-9 not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getCustomerConsents: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The caller's customer reference (the customer `id` sent at boarding).
                 * @example cust-1001
                 */
                customerId: components["parameters"]["CustomerIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The customer's consent and its ledger. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsentLedger"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    recordCustomerConsents: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The caller's customer reference (the customer `id` sent at boarding).
                 * @example cust-1001
                 */
                customerId: components["parameters"]["CustomerIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "events": [
                 *         {
                 *           "action": "grant",
                 *           "address": "(512) 555-0143",
                 *           "channel": "call",
                 *           "type": "express_written",
                 *           "source": "loan_application",
                 *           "capturedAt": "2026-12-01T15:00:00Z",
                 *           "evidenceRef": "application-88231/consent.pdf"
                 *         },
                 *         {
                 *           "action": "revoke",
                 *           "address": "maria.alvarez@example.com",
                 *           "channel": "email",
                 *           "source": "api",
                 *           "capturedAt": "2026-12-02T09:00:00Z"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ConsentRecordRequest"];
            };
        };
        responses: {
            /** @description The customer's consent and its ledger after the request. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "customerId": "cust-1001",
                     *       "at": "2026-12-08T17:30:00.000Z",
                     *       "current": [
                     *         {
                     *           "address": "+15125550143",
                     *           "channel": "call",
                     *           "state": "revoked",
                     *           "basis": null,
                     *           "revokedAt": "2026-12-02T09:00:00.000Z",
                     *           "revocationSource": "api"
                     *         },
                     *         {
                     *           "address": "+15125550143",
                     *           "channel": "sms",
                     *           "state": "revoked",
                     *           "basis": null,
                     *           "revokedAt": "2026-12-02T09:00:00.000Z",
                     *           "revocationSource": "api"
                     *         },
                     *         {
                     *           "address": "maria.alvarez@example.com",
                     *           "channel": "email",
                     *           "state": "revoked",
                     *           "basis": null,
                     *           "revokedAt": "2026-12-02T09:00:00.000Z",
                     *           "revocationSource": "api"
                     *         }
                     *       ],
                     *       "events": [
                     *         {
                     *           "id": "3f0c2a9e-5b7d-4c1e-9a8f-2d6b4e8c1a70",
                     *           "action": "grant",
                     *           "address": "+15125550143",
                     *           "channel": "call",
                     *           "type": "express_written",
                     *           "source": "loan_application",
                     *           "capturedAt": "2026-12-01T15:00:00.000Z",
                     *           "recordedAt": "2026-12-08T17:30:00.000Z",
                     *           "evidenceRef": "application-88231/consent.pdf"
                     *         },
                     *         {
                     *           "id": "9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
                     *           "action": "revoke",
                     *           "address": "maria.alvarez@example.com",
                     *           "channel": "email",
                     *           "type": null,
                     *           "source": "api",
                     *           "capturedAt": "2026-12-02T09:00:00.000Z",
                     *           "recordedAt": "2026-12-08T17:30:00.000Z",
                     *           "evidenceRef": null
                     *         },
                     *         {
                     *           "id": "2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a",
                     *           "action": "revoke",
                     *           "address": "+15125550143",
                     *           "channel": "call",
                     *           "type": null,
                     *           "source": "api",
                     *           "capturedAt": "2026-12-02T09:00:00.000Z",
                     *           "recordedAt": "2026-12-08T17:30:00.000Z",
                     *           "evidenceRef": null
                     *         },
                     *         {
                     *           "id": "4e5f6a7b-8c9d-4e0f-9a1b-2c3d4e5f6a7b",
                     *           "action": "revoke",
                     *           "address": "+15125550143",
                     *           "channel": "sms",
                     *           "type": null,
                     *           "source": "api",
                     *           "capturedAt": "2026-12-02T09:00:00.000Z",
                     *           "recordedAt": "2026-12-08T17:30:00.000Z",
                     *           "evidenceRef": null
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ConsentLedger"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The body is well-formed but an event cannot be recorded: the address is not one of the customer's numbers or its email address, the channel does not fit the address, a grant has no type or a revocation has one, or `capturedAt` is in the future. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    cancelCustomerCommunications: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The caller's customer reference (the customer `id` sent at boarding).
                 * @example cust-1001
                 */
                customerId: components["parameters"]["CustomerIdPath"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "reason": "Borrower filed for bankruptcy"
                 *     }
                 */
                "application/json": components["schemas"]["CancelCommunicationsRequest"];
            };
        };
        responses: {
            /** @description What this request cancelled (zeros when nothing was pending). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CommunicationsCancelled"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getDailyActivity: {
        parameters: {
            query?: {
                /** @description The day (YYYY-MM-DD) in `timezone`; default the service's today there. */
                date?: string;
                /** @description IANA time zone of the day and its hours; default `America/New_York`. */
                timezone?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The day's activity. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DailyActivity"];
                };
            };
            /** @description A query parameter is malformed (`date` not a date, an unknown `timezone`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": 400,
                     *       "message": "Unknown time zone \"Mars/Olympus\""
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            401: components["responses"]["Unauthorized"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getTransferResults: {
        parameters: {
            query: {
                /**
                 * @description Start of the period (included).
                 * @example 2026-12-08T05:00:00.000Z
                 */
                from: string;
                /**
                 * @description End of the period (excluded); after `from`.
                 * @example 2026-12-09T05:00:00.000Z
                 */
                to: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The counts per destination. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "from": "2026-12-08T05:00:00.000Z",
                     *       "to": "2026-12-09T05:00:00.000Z",
                     *       "data": [
                     *         {
                     *           "destination": "+12025550100",
                     *           "attempted": 12,
                     *           "bridged": 9,
                     *           "failed": 3,
                     *           "fellBack": 2
                     *         },
                     *         {
                     *           "destination": "sip:overflow@lender.example",
                     *           "attempted": 2,
                     *           "bridged": 2,
                     *           "failed": 0,
                     *           "fellBack": 0
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["TransferResults"];
                };
            };
            /** @description A query parameter is missing or malformed, or `to` is not after `from`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": 400,
                     *       "message": "transferResults: from must be before to"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            401: components["responses"]["Unauthorized"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getGoLiveChecklist: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The checklist. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ready": false,
                     *       "checks": [
                     *         {
                     *           "id": "voice.account",
                     *           "title": "Voice account key is valid",
                     *           "ok": true,
                     *           "detail": "the company's own Retell account answers with calls.provider.apiKey"
                     *         },
                     *         {
                     *           "id": "voice.caller-ids",
                     *           "title": "Caller ids are numbers of the account",
                     *           "ok": false,
                     *           "detail": "not numbers of the account: +12125550120",
                     *           "fix": "buy or import them in Retell (Phone Numbers), or remove them from calls.callerIds"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["GoLiveChecklist"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listBatches: {
        parameters: {
            query?: {
                /**
                 * @description Maximum number of records to return (1 to 500).
                 * @example 100
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Zero-based position of the first record to return (at most 1,000,000; page with `limit`).
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The batch jobs, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "jobId": "8d0f6f0e-2f7a-4b8e-9c3a-1e2d3c4b5a69",
                     *         "kind": "customer_create",
                     *         "status": "completed",
                     *         "total": 2,
                     *         "processed": 2,
                     *         "failed": 1,
                     *         "progressPercentage": 100,
                     *         "createdAt": "2026-03-02T15:04:05Z",
                     *         "processingCompletedAt": "2026-03-02T15:04:09Z",
                     *         "statusPath": "/customers/batch/8d0f6f0e-2f7a-4b8e-9c3a-1e2d3c4b5a69"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["BatchSummary"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listInboundMessages: {
        parameters: {
            query?: {
                /**
                 * @description Only inbound texts of this status; all when absent.
                 * @example review
                 */
                status?: "review" | "revoked" | "kept";
                /**
                 * @description Maximum number of records to return (1 to 500).
                 * @example 100
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Zero-based position of the first record to return (at most 1,000,000; page with `limit`).
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /** @description Extension, not part of the partner contract. Keyset paging: the opaque value of the previous page's `Next-Cursor` header; the page then starts right after the last record of that page, in the list's own order, at the same cost at any depth (an `offset` reads and skips every record before the page). Valid only for the same list (operation, company and customer) that issued it; `limit` may change between pages, `offset` must then be absent or 0. A malformed or foreign cursor gives 400. The parameter has no example because a cursor is only valid for the list that issued it. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The inbound texts, newest first. */
            200: {
                headers: {
                    "Next-Cursor": components["headers"]["NextCursor"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "0193a4c2-7b1e-7d2f-9a3b-4c5d6e7f8a90",
                     *         "fromPhoneNumber": "+15125550143",
                     *         "body": "Cancel my payment, I already paid",
                     *         "rule": "stop-word",
                     *         "status": "review",
                     *         "receivedAt": "2026-12-01T15:00:00.000Z",
                     *         "warnAt": "2026-12-11T15:00:00.000Z",
                     *         "dueAt": "2026-12-15T15:00:00.000Z",
                     *         "warnedAt": null,
                     *         "reviewedAt": null,
                     *         "reviewedBy": null,
                     *         "note": null
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["InboundMessage"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    reviewInboundMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Id of an inbound text in the review queue, from `GET /inbound-messages`.
                 * @example 0193a4c2-7b1e-7d2f-9a3b-4c5d6e7f8a90
                 */
                inboundMessageId: components["parameters"]["InboundMessageIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "decision": "not_revocation",
                 *       "reviewedBy": "ana.ruiz@lender.example",
                 *       "note": "Asked to cancel a payment, not the texts"
                 *     }
                 */
                "application/json": components["schemas"]["InboundMessageReview"];
            };
        };
        responses: {
            /** @description The inbound text with the decision. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0193a4c2-7b1e-7d2f-9a3b-4c5d6e7f8a90",
                     *       "fromPhoneNumber": "+15125550143",
                     *       "body": "Cancel my payment, I already paid",
                     *       "rule": "stop-word",
                     *       "status": "kept",
                     *       "receivedAt": "2026-12-01T15:00:00.000Z",
                     *       "warnAt": "2026-12-11T15:00:00.000Z",
                     *       "dueAt": "2026-12-15T15:00:00.000Z",
                     *       "warnedAt": null,
                     *       "reviewedAt": "2026-12-02T10:12:00.000Z",
                     *       "reviewedBy": "ana.ruiz@lender.example",
                     *       "note": "Asked to cancel a payment, not the texts"
                     *     }
                     */
                    "application/json": components["schemas"]["InboundMessage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["InboundMessageAlreadyReviewed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Only deliveries of this status; all when absent. */
                status?: "pending" | "delivered" | "dead";
                /**
                 * @description Maximum number of records to return (1 to 500).
                 * @example 100
                 */
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deliveries, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "msg_01a21a132bcd753dbc98c045b6e2774e",
                     *         "endpointId": "0193a4b0-1111-7e3f-8a9b-0c1d2e3f4a5b",
                     *         "eventType": "call.completed",
                     *         "subjectId": "0193a4a9-2222-7e3f-8a9b-0c1d2e3f4a5b",
                     *         "status": "dead",
                     *         "attempts": 9,
                     *         "createdAt": "2026-11-30T15:02:00.000Z",
                     *         "lastAttemptAt": "2026-12-01T15:01:00.000Z",
                     *         "lastStatusCode": 500,
                     *         "lastError": "HTTP 500",
                     *         "deliveredAt": null,
                     *         "nextAttemptAt": null
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["WebhookDelivery"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    redeliverWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Id of a webhook delivery (the `webhook-id` header it is sent with), from `GET /webhook-deliveries`.
                 * @example msg_01a21a132bcd753dbc98c045b6e2774e
                 */
                deliveryId: components["parameters"]["DeliveryIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued to be sent again. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listPaymentMethods: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The caller's customer reference (the customer `id` sent at boarding).
                 * @example cust-1001
                 */
                customerId: components["parameters"]["CustomerIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The customer's payment methods. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
                     *         "customerId": "cust-1001",
                     *         "type": "bank_account",
                     *         "isDefault": true,
                     *         "last4": "6789",
                     *         "accountType": "checking",
                     *         "brand": null,
                     *         "achAuthorization": {
                     *           "status": "active",
                     *           "authorizedAt": "2026-03-02T15:35:00Z",
                     *           "revokedAt": null,
                     *           "history": [
                     *             {
                     *               "event": "captured",
                     *               "source": "authorization_workflow",
                     *               "occurredAt": "2026-03-02T15:35:00Z",
                     *               "method": "electronic",
                     *               "evidenceRef": "consent-7781",
                     *               "returnCode": null
                     *             }
                     *           ]
                     *         },
                     *         "unusableForAch": null,
                     *         "createdAt": "2026-03-02T15:30:00Z"
                     *       },
                     *       {
                     *         "id": "e5f6a7b8-c9d0-4e1f-8a2b-3c4d5e6f7a8b",
                     *         "customerId": "cust-1001",
                     *         "type": "debit_card",
                     *         "isDefault": false,
                     *         "last4": "4242",
                     *         "accountType": null,
                     *         "brand": "visa",
                     *         "achAuthorization": {
                     *           "status": "none",
                     *           "authorizedAt": null,
                     *           "revokedAt": null,
                     *           "history": []
                     *         },
                     *         "unusableForAch": null,
                     *         "createdAt": "2026-03-02T15:40:00Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["PaymentMethod"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createPaymentMethod: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The caller's customer reference (the customer `id` sent at boarding).
                 * @example cust-1001
                 */
                customerId: components["parameters"]["CustomerIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "bank_account",
                 *       "routingNumber": "111000025",
                 *       "accountNumber": "000123456789",
                 *       "accountType": "checking",
                 *       "isDefault": true
                 *     }
                 */
                "application/json": components["schemas"]["PaymentMethodCreate"];
            };
        };
        responses: {
            /** @description The created payment method. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
                     *       "customerId": "cust-1001",
                     *       "type": "bank_account",
                     *       "isDefault": true,
                     *       "last4": "6789",
                     *       "accountType": "checking",
                     *       "brand": null,
                     *       "achAuthorization": {
                     *         "status": "none",
                     *         "authorizedAt": null,
                     *         "revokedAt": null,
                     *         "history": []
                     *       },
                     *       "unusableForAch": null,
                     *       "createdAt": "2026-03-02T15:30:00Z"
                     *     }
                     */
                    "application/json": components["schemas"]["PaymentMethod"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateAchAuthorization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The caller's customer reference (the customer `id` sent at boarding).
                 * @example cust-1001
                 */
                customerId: components["parameters"]["CustomerIdPath"];
                /**
                 * @description UUID of the payment method, issued by this API.
                 * @example 3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f
                 */
                paymentMethodId: components["parameters"]["PaymentMethodIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "revokeAuthorization": true
                 *     }
                 */
                "application/json": components["schemas"]["AchAuthorizationUpdate"];
            };
        };
        responses: {
            /** @description The authorization state after the request. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "customerId": "cust-1001",
                     *       "paymentMethodId": "3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
                     *       "revokeAuthorization": true
                     *     }
                     */
                    "application/json": components["schemas"]["AchAuthorizationStatus"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description The customer, or the payment method of that customer, does not exist in the company of the API key. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": 404,
                     *       "message": "Payment method 3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f not found for customer cust-1001"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description Nothing to revoke (the method never had an ACH authorization). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": 409,
                     *       "message": "Payment method 3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f has no ACH authorization to revoke"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The method is not a bank account, or `false` was sent for a revoked authorization (consent is never restored here). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createAchAuthorization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The caller's customer reference (the customer `id` sent at boarding).
                 * @example cust-1001
                 */
                customerId: components["parameters"]["CustomerIdPath"];
                /**
                 * @description UUID of the payment method, issued by this API.
                 * @example 3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f
                 */
                paymentMethodId: components["parameters"]["PaymentMethodIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "authorizedAt": "2026-03-02T15:35:00Z",
                 *       "method": "electronic",
                 *       "evidenceRef": "consent-7781"
                 *     }
                 */
                "application/json": components["schemas"]["AchAuthorizationCapture"];
            };
        };
        responses: {
            /** @description The authorization was captured; the updated payment method. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
                     *       "customerId": "cust-1001",
                     *       "type": "bank_account",
                     *       "isDefault": true,
                     *       "last4": "6789",
                     *       "accountType": "checking",
                     *       "brand": null,
                     *       "achAuthorization": {
                     *         "status": "active",
                     *         "authorizedAt": "2026-03-02T15:35:00Z",
                     *         "revokedAt": null,
                     *         "history": [
                     *           {
                     *             "event": "captured",
                     *             "source": "authorization_workflow",
                     *             "occurredAt": "2026-03-02T15:35:00Z",
                     *             "method": "electronic",
                     *             "evidenceRef": "consent-7781",
                     *             "returnCode": null
                     *           }
                     *         ]
                     *       },
                     *       "unusableForAch": null,
                     *       "createdAt": "2026-03-02T15:30:00Z"
                     *     }
                     */
                    "application/json": components["schemas"]["PaymentMethod"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description The customer, or the payment method of that customer, does not exist in the company of the API key. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": 404,
                     *       "message": "Payment method 3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f not found for customer cust-1001"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The payment method is not a bank account. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": 422,
                     *       "message": "Payment method e5f6a7b8-c9d0-4e1f-8a2b-3c4d5e6f7a8b is not a bank account"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listCustomerLoans: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The caller's customer reference (the customer `id` sent at boarding).
                 * @example cust-1001
                 */
                customerId: components["parameters"]["CustomerIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The customer's loans (empty when it has none). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "9001",
                     *         "customerId": "1001",
                     *         "type": "installment",
                     *         "applicationStatus": "Past Due",
                     *         "servicingStatus": "Open",
                     *         "originationDate": "2026-05-01",
                     *         "startDate": "2026-06-01",
                     *         "dueDate": "2026-12-01",
                     *         "chargeoffDate": null,
                     *         "totalBalance": 1980.55,
                     *         "amountDue": 212.4,
                     *         "originalFundedAmount": 2500,
                     *         "originalTotalOwed": null,
                     *         "interestRate": 24.99,
                     *         "apr": 27.31,
                     *         "payoffAmount": 2011.02,
                     *         "totalPayoffAmount": null,
                     *         "balanceAtTransfer": null,
                     *         "preTransferPayments": null,
                     *         "chargeoffAmount": null,
                     *         "paymentPlanMinPercentage": null,
                     *         "paymentPlanMaxPercentage": null,
                     *         "isSettled": null,
                     *         "autopayEnabled": true,
                     *         "isVisibleInBorrowerPortal": null,
                     *         "daysPastDueAtBoarding": 12,
                     *         "daysSinceOriginationAtBoarding": null,
                     *         "externalLmsMetadata": {
                     *           "lms": "loanpro",
                     *           "loanId": 9001,
                     *           "displayId": "LN-9001",
                     *           "loanClass": "consumer",
                     *           "statusDate": "2026-11-20"
                     *         },
                     *         "portfolioId": null,
                     *         "taskType": null,
                     *         "createdAt": "2026-11-22T15:10:00Z",
                     *         "updatedAt": "2026-11-22T15:10:00Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Loan"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getPayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The caller's customer reference (the customer `id` sent at boarding).
                 * @example cust-1001
                 */
                customerId: components["parameters"]["CustomerIdPath"];
                /**
                 * @description The caller's loan reference (the loan `id` sent at boarding).
                 * @example loan-5001
                 */
                loanId: components["parameters"]["LoanIdPath"];
                /**
                 * @description The caller's payment reference (`payment_id`).
                 * @example pay-9001
                 */
                paymentId: components["parameters"]["PaymentIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "customer_id": "cust-1001",
                     *       "loan_id": "loan-5001",
                     *       "payment_id": "pay-9001",
                     *       "payment_method_id": "3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
                     *       "transaction": {
                     *         "status": "RETURNED",
                     *         "payment_date": "2026-03-20",
                     *         "payment_amount": 125.5,
                     *         "payment_type": "ach",
                     *         "system_source": "acme-lms",
                     *         "payment_reversed": true,
                     *         "payment_reverse_date": "2026-03-24",
                     *         "payment_reverse_reason_code": "R01",
                     *         "payment_reverse_comments": "Insufficient funds",
                     *         "debit_status": null,
                     *         "debit_decline_reason": null,
                     *         "overall_return_code": null
                     *       },
                     *       "ach_payment": {
                     *         "status": "RETURNED",
                     *         "ach_submitted_date": "2026-03-20",
                     *         "ach_settlement_date": "2026-03-23",
                     *         "ach_return_date": "2026-03-24",
                     *         "ach_return_code": "R01",
                     *         "updated_at": "2026-03-24T17:05:00Z"
                     *       },
                     *       "return_history": [
                     *         {
                     *           "id": "d4e5f6a7-b8c9-4d0e-8f1a-2b3c4d5e6f7a",
                     *           "ach_return_code": "R01",
                     *           "ach_return_reason": "Insufficient Funds",
                     *           "ach_return_date": "2026-03-24",
                     *           "ach_correction_code": null,
                     *           "ach_corrected_aba_number": null,
                     *           "ach_corrected_account_number": null,
                     *           "ach_correction_date": null,
                     *           "debit_status": null,
                     *           "debit_decline_reason": null,
                     *           "overall_return_code": null,
                     *           "risk": {
                     *             "returnsForMethodLast60Days": 1,
                     *             "returnsForCustomerLast180Days": 1,
                     *             "representmentsLast180Days": 0
                     *           },
                     *           "action": {
                     *             "category": "retry",
                     *             "retryAllowed": true,
                     *             "accountUnusable": false,
                     *             "authorizationRevoked": false,
                     *             "stopPayment": false,
                     *             "correctionApplied": false
                     *           },
                     *           "created_at": "2026-03-24T17:05:00Z"
                     *         }
                     *       ],
                     *       "settlements": [
                     *         {
                     *           "processor_transaction_id": "txn-77812",
                     *           "ach_settlement_date": "2026-03-23",
                     *           "system_source": "acme-processor",
                     *           "created_at": "2026-03-23T20:00:00Z"
                     *         }
                     *       ],
                     *       "representment": {
                     *         "representments_made": 0,
                     *         "representments_remaining": 2,
                     *         "window_ends": "2026-09-16",
                     *         "over_limit": false
                     *       },
                     *       "created_at": "2026-03-20T18:00:00Z",
                     *       "updated_at": "2026-03-24T17:05:00Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Payment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description The payment does not exist in the company of the API key. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": 404,
                     *       "message": "Payment pay-9001 of loan loan-5001 for customer cust-1001 not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listOriginationTaskTypes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The task-type catalog. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "taskTypes": [
                     *         "PendingLoanNewLead",
                     *         "PendingLoanReturning"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["TaskTypeCatalog"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createLoan: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "loan-5001",
                 *       "customerId": "cust-1001",
                 *       "type": "installment",
                 *       "applicationStatus": "approved",
                 *       "servicingStatus": "current",
                 *       "originationDate": "2026-02-20",
                 *       "startDate": "2026-02-23",
                 *       "dueDate": "2026-03-20",
                 *       "totalBalance": 1180.5,
                 *       "amountDue": 125.5,
                 *       "originalFundedAmount": 1000,
                 *       "originalTotalOwed": 1506,
                 *       "interestRate": 0.2999,
                 *       "apr": 0.3249,
                 *       "payoffAmount": 1152.25,
                 *       "totalPayoffAmount": 1180.5,
                 *       "isSettled": false,
                 *       "autopayEnabled": true,
                 *       "isVisibleInBorrowerPortal": true,
                 *       "daysPastDueAtBoarding": 0,
                 *       "daysSinceOriginationAtBoarding": 10,
                 *       "externalLmsMetadata": {
                 *         "branch": "online"
                 *       },
                 *       "portfolioId": "c2d3e4f5-a6b7-4c8d-9e0f-1a2b3c4d5e6f",
                 *       "taskType": "PendingLoanNewLead"
                 *     }
                 */
                "application/json": components["schemas"]["LoanInput"];
            };
        };
        responses: {
            /** @description A loan with this (`customerId`, `id`) already existed and was updated. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Loan"];
                };
            };
            /** @description Loan created. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Loan"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description The `customerId` names no customer of the company. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": 404,
                     *       "message": "Customer cust-1001 not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createLoanBatch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "loans": [
                 *         {
                 *           "id": "loan-5001",
                 *           "customerId": "cust-1001",
                 *           "type": "installment",
                 *           "servicingStatus": "current",
                 *           "originationDate": "2026-02-20",
                 *           "dueDate": "2026-03-20",
                 *           "totalBalance": 1180.5,
                 *           "amountDue": 125.5
                 *         },
                 *         {
                 *           "id": "loan-5002",
                 *           "customerId": "cust-1002",
                 *           "type": "installment",
                 *           "applicationStatus": "pending",
                 *           "originalFundedAmount": 800
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["LoanBatchRequest"];
            };
        };
        responses: {
            /** @description Batch accepted and queued. */
            202: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "jobId": "9e1a7f2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b",
                     *       "totalLoans": 2,
                     *       "message": "Batch job created with 1 parallel batches. Poll GET /loans/batch/9e1a7f2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b for status."
                     *     }
                     */
                    "application/json": components["schemas"]["LoanBatchAccepted"];
                };
            };
            /** @description A repeated (`customerId`, `id`) pair (naming the pair and its indexes; nothing queued), an empty or oversized `loans` array, a body that is not valid JSON, or a body that is not an object with a `loans` array. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getLoanBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID of the batch job, returned by the batch submission.
                 * @example 8d0f6f0e-2f7a-4b8e-9c3a-1e2d3c4b5a69
                 */
                jobId: components["parameters"]["JobIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The loan batch job. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "jobId": "9e1a7f2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b",
                     *       "status": "completed",
                     *       "totalLoans": 2,
                     *       "processed": 2,
                     *       "failed": 1,
                     *       "progressPercentage": 100,
                     *       "createdAt": "2026-03-02T15:20:00Z",
                     *       "processingStartedAt": "2026-03-02T15:20:01Z",
                     *       "processingCompletedAt": "2026-03-02T15:20:03Z",
                     *       "errorMessage": null,
                     *       "failures": [
                     *         {
                     *           "index": 1,
                     *           "customerId": "cust-1002",
                     *           "loanId": "loan-5002",
                     *           "message": "404: Customer cust-1002 not found"
                     *         }
                     *       ],
                     *       "results": []
                     *     }
                     */
                    "application/json": components["schemas"]["LoanBatchJob"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description No loan batch job with this id in the company of the API key. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": 404,
                     *       "message": "Batch job 9e1a7f2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listCustomerCalls: {
        parameters: {
            query?: {
                /**
                 * @description Maximum number of records to return (1 to 500).
                 * @example 100
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Zero-based position of the first record to return (at most 1,000,000; page with `limit`).
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /** @description Extension, not part of the partner contract. Keyset paging: the opaque value of the previous page's `Next-Cursor` header; the page then starts right after the last record of that page, in the list's own order, at the same cost at any depth (an `offset` reads and skips every record before the page). Valid only for the same list (operation, company and customer) that issued it; `limit` may change between pages, `offset` must then be absent or 0. A malformed or foreign cursor gives 400. The parameter has no example because a cursor is only valid for the list that issued it. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path: {
                /**
                 * @description The caller's customer reference (the customer `id` sent at boarding).
                 * @example cust-1001
                 */
                customerId: components["parameters"]["CustomerIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The customer's calls. */
            200: {
                headers: {
                    "Next-Cursor": components["headers"]["NextCursor"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "5b7e2a91-3c4d-4e8f-9a0b-1c2d3e4f5a6b",
                     *         "customerId": "cust-1001",
                     *         "toPhoneNumber": "+15125550143",
                     *         "transcript": "Agent: Hi Maria, this is Acme Lending about your application. Customer: Yes, I can finish it today.",
                     *         "recordingUrl": "http://localhost:3000/recordings/5b7e2a91-3c4d-4e8f-9a0b-1c2d3e4f5a6b?expires=1772553600&signature=9f2c1a",
                     *         "timestamp": "2026-03-03T15:00:12Z",
                     *         "flags": [
                     *           "CONNECT",
                     *           "LIVE_CONNECT",
                     *           "RPC"
                     *         ],
                     *         "summarization": "The customer confirmed she will complete her loan application today."
                     *       },
                     *       {
                     *         "id": "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
                     *         "customerId": "cust-1001",
                     *         "toPhoneNumber": "+15125550143",
                     *         "transcript": "",
                     *         "recordingUrl": null,
                     *         "timestamp": "2026-03-02T19:30:05Z",
                     *         "flags": [
                     *           "NO_ANSWER"
                     *         ],
                     *         "summarization": ""
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Call"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getCall: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Identifier of the call, as returned in call records.
                 * @example 5b7e2a91-3c4d-4e8f-9a0b-1c2d3e4f5a6b
                 */
                id: components["parameters"]["CallIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The call. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "5b7e2a91-3c4d-4e8f-9a0b-1c2d3e4f5a6b",
                     *       "customerId": "cust-1001",
                     *       "toPhoneNumber": "+15125550143",
                     *       "fromPhoneNumber": "+15125550120",
                     *       "transcript": "Agent: Hi Maria, this is Acme Lending about your application. Customer: Yes, I can finish it today.",
                     *       "recordingUrl": "http://localhost:3000/recordings/5b7e2a91-3c4d-4e8f-9a0b-1c2d3e4f5a6b?expires=1772553600&signature=9f2c1a",
                     *       "timestamp": "2026-03-03T15:00:12Z",
                     *       "flags": [
                     *         "CONNECT",
                     *         "LIVE_CONNECT",
                     *         "RPC"
                     *       ],
                     *       "summarization": "The customer confirmed she will complete her loan application today."
                     *     }
                     */
                    "application/json": components["schemas"]["Call"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description No call with this id in the company of the API key. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": 404,
                     *       "message": "Call 5b7e2a91-3c4d-4e8f-9a0b-1c2d3e4f5a6b not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listCustomerScheduledCalls: {
        parameters: {
            query?: {
                /**
                 * @description Maximum number of records to return (1 to 500).
                 * @example 100
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Zero-based position of the first record to return (at most 1,000,000; page with `limit`).
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /** @description Extension, not part of the partner contract. Keyset paging: the opaque value of the previous page's `Next-Cursor` header; the page then starts right after the last record of that page, in the list's own order, at the same cost at any depth (an `offset` reads and skips every record before the page). Valid only for the same list (operation, company and customer) that issued it; `limit` may change between pages, `offset` must then be absent or 0. A malformed or foreign cursor gives 400. The parameter has no example because a cursor is only valid for the list that issued it. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path: {
                /**
                 * @description The caller's customer reference (the customer `id` sent at boarding).
                 * @example cust-1001
                 */
                customerId: components["parameters"]["CustomerIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The customer's scheduled calls. */
            200: {
                headers: {
                    "Next-Cursor": components["headers"]["NextCursor"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "6e1d9c3b-7a2f-4d5e-8b9c-0f1e2d3c4b5a",
                     *         "customerId": "cust-1001",
                     *         "scheduledTime": "2026-03-03T15:00:00Z",
                     *         "status": "pending",
                     *         "postProcessingFlags": []
                     *       },
                     *       {
                     *         "id": "8f9a0b1c-2d3e-4f5a-8b6c-7d8e9f0a1b2c",
                     *         "customerId": "cust-1001",
                     *         "scheduledTime": "2026-03-05T16:30:00Z",
                     *         "status": "pending",
                     *         "postProcessingFlags": []
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["ScheduledCall"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getScheduledCall: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Identifier of the scheduled call, as returned in scheduled-call records and origination receipts.
                 * @example 6e1d9c3b-7a2f-4d5e-8b9c-0f1e2d3c4b5a
                 */
                id: components["parameters"]["ScheduledCallIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The scheduled call. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScheduledCall"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description No scheduled call with this id in the company of the API key. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": 404,
                     *       "message": "Scheduled call 6e1d9c3b-7a2f-4d5e-8b9c-0f1e2d3c4b5a not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listCustomerEmails: {
        parameters: {
            query?: {
                /**
                 * @description Maximum number of records to return (1 to 500).
                 * @example 100
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Zero-based position of the first record to return (at most 1,000,000; page with `limit`).
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /** @description Extension, not part of the partner contract. Keyset paging: the opaque value of the previous page's `Next-Cursor` header; the page then starts right after the last record of that page, in the list's own order, at the same cost at any depth (an `offset` reads and skips every record before the page). Valid only for the same list (operation, company and customer) that issued it; `limit` may change between pages, `offset` must then be absent or 0. A malformed or foreign cursor gives 400. The parameter has no example because a cursor is only valid for the list that issued it. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path: {
                /**
                 * @description The caller's customer reference (the customer `id` sent at boarding).
                 * @example cust-1001
                 */
                customerId: components["parameters"]["CustomerIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The customer's emails. */
            200: {
                headers: {
                    "Next-Cursor": components["headers"]["NextCursor"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "customerId": "cust-1001",
                     *         "subject": "Finish your Acme Lending application",
                     *         "content": "Hi Maria, your application is almost complete. Sign in to finish it today.",
                     *         "timestamp": "2026-03-02T14:00:00Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Email"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listCustomerTexts: {
        parameters: {
            query?: {
                /**
                 * @description Maximum number of records to return (1 to 500).
                 * @example 100
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Zero-based position of the first record to return (at most 1,000,000; page with `limit`).
                 * @example 0
                 */
                offset?: components["parameters"]["Offset"];
                /** @description Extension, not part of the partner contract. Keyset paging: the opaque value of the previous page's `Next-Cursor` header; the page then starts right after the last record of that page, in the list's own order, at the same cost at any depth (an `offset` reads and skips every record before the page). Valid only for the same list (operation, company and customer) that issued it; `limit` may change between pages, `offset` must then be absent or 0. A malformed or foreign cursor gives 400. The parameter has no example because a cursor is only valid for the list that issued it. */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path: {
                /**
                 * @description The caller's customer reference (the customer `id` sent at boarding).
                 * @example cust-1001
                 */
                customerId: components["parameters"]["CustomerIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The customer's text messages. */
            200: {
                headers: {
                    "Next-Cursor": components["headers"]["NextCursor"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "3f6f1f0e-2b8a-4c47-9a8e-5b1d2c3e4f50",
                     *         "customerId": "cust-1001",
                     *         "toPhoneNumber": "+12125550143",
                     *         "content": "Hi Maria, a payment of $250.50 is past due. Reply STOP to opt out.",
                     *         "status": "delivered",
                     *         "statusReason": null,
                     *         "timestamp": "2026-03-02T15:00:00Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Text"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    receiveSmsStatus: {
        parameters: {
            query?: {
                /**
                 * @description The company whose own Twilio account (company configuration `channels.sms.provider`) signed this request. The service adds it to the StatusCallback of every text it sends through a company's own account; for inbound texts, the lender puts it in the number's webhook URL. Without it the signature is checked with the operator's and the sandbox's credentials.
                 * @example 3f2a9c1e-5b7d-4e8f-a1b2-c3d4e5f60718
                 */
                company?: components["parameters"]["SmsCompanyQuery"];
            };
            header?: {
                /**
                 * @description Base64 HMAC-SHA1, keyed with the provider account's auth token, of the full callback URL followed by every form parameter as name+value sorted by name. Requests without a valid signature are rejected with 401 (verified with the official library's `twilio.validateRequest`).
                 * @example 0/KCTR6DLpKmkAf8muzZqo1nDgQ=
                 */
                "X-Twilio-Signature"?: components["parameters"]["TwilioSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "MessageSid": "SM0123456789abcdef0123456789abcdef",
                 *       "AccountSid": "ACsimulator",
                 *       "MessageStatus": "undelivered",
                 *       "ErrorCode": "30003",
                 *       "From": "+15005550006",
                 *       "To": "+12125550110"
                 *     }
                 */
                "application/x-www-form-urlencoded": components["schemas"]["SmsStatusCallback"];
            };
        };
        responses: {
            /** @description The report was processed (or was a duplicate, stale, or for an unknown message). */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["InvalidSignature"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    receiveInboundSms: {
        parameters: {
            query?: {
                /**
                 * @description The company whose own Twilio account (company configuration `channels.sms.provider`) signed this request. The service adds it to the StatusCallback of every text it sends through a company's own account; for inbound texts, the lender puts it in the number's webhook URL. Without it the signature is checked with the operator's and the sandbox's credentials.
                 * @example 3f2a9c1e-5b7d-4e8f-a1b2-c3d4e5f60718
                 */
                company?: components["parameters"]["SmsCompanyQuery"];
            };
            header?: {
                /**
                 * @description Base64 HMAC-SHA1, keyed with the provider account's auth token, of the full callback URL followed by every form parameter as name+value sorted by name. Requests without a valid signature are rejected with 401 (verified with the official library's `twilio.validateRequest`).
                 * @example 0/KCTR6DLpKmkAf8muzZqo1nDgQ=
                 */
                "X-Twilio-Signature"?: components["parameters"]["TwilioSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "MessageSid": "SM89abcdef0123456789abcdef01234567",
                 *       "AccountSid": "ACsimulator",
                 *       "From": "+12125550143",
                 *       "To": "+15005550006",
                 *       "Body": "STOP"
                 *     }
                 */
                "application/x-www-form-urlencoded": components["schemas"]["SmsInbound"];
            };
        };
        responses: {
            /** @description The text was received. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["InvalidSignature"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    unsubscribeEmail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The signed token of the opt-out link in the email (company and address, HMAC-SHA256).
                 * @example WyJjMGE4MDEyMS03YWMwLTQ1NjItODdkZi0xYTJiM2M0ZDVlNmYiLCJhZGFAZXhhbXBsZS5jb20iXQ.rP3x0jbeM6bKJ9m2j2XvTn7o2tQ5m8kYQ2m8r0d7s1c
                 */
                token: components["parameters"]["OptOutToken"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The address is opted out. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "unsubscribed",
                     *       "address": "ada@example.com"
                     *     }
                     */
                    "application/json": components["schemas"]["EmailOptOut"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    unsubscribeEmailOneClick: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The signed token of the opt-out link in the email (company and address, HMAC-SHA256).
                 * @example WyJjMGE4MDEyMS03YWMwLTQ1NjItODdkZi0xYTJiM2M0ZDVlNmYiLCJhZGFAZXhhbXBsZS5jb20iXQ.rP3x0jbeM6bKJ9m2j2XvTn7o2tQ5m8kYQ2m8r0d7s1c
                 */
                token: components["parameters"]["OptOutToken"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The address is opted out. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "unsubscribed",
                     *       "address": "ada@example.com"
                     *     }
                     */
                    "application/json": components["schemas"]["EmailOptOut"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createAchReturn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "customer_id": "cust-1001",
                 *       "loan_id": "loan-5001",
                 *       "payment_id": "pay-9001",
                 *       "system_source": "acme-lms",
                 *       "payment_date": "2026-03-20",
                 *       "payment_amount": 125.5,
                 *       "payment_type": "ach",
                 *       "payment_reversed": true,
                 *       "payment_reverse_date": "2026-03-24",
                 *       "payment_reverse_reason_code": "R01",
                 *       "payment_reverse_comments": "Insufficient funds",
                 *       "ach_submitted_date": "2026-03-20",
                 *       "ach_settlement_date": "2026-03-23",
                 *       "ach_status": "RETURNED",
                 *       "ach_return_code": "R01",
                 *       "ach_return_date": "2026-03-24",
                 *       "ach_return_reason": "Insufficient Funds"
                 *     }
                 */
                "application/json": components["schemas"]["AchReturnSubmission"];
            };
        };
        responses: {
            /** @description The return was recorded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": "ACH return R01 recorded for payment pay-9001"
                     *     }
                     */
                    "application/json": components["schemas"]["AchReturnResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description No payment (`customer_id`, `loan_id`, `payment_id`) in the company of the API key. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": 404,
                     *       "message": "Payment pay-9001 of loan loan-5001 for customer cust-1001 not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createAchReturnBatch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "returns": [
                 *         {
                 *           "customer_id": "cust-1001",
                 *           "loan_id": "loan-5001",
                 *           "payment_id": "pay-9001",
                 *           "ach_return_code": "R01",
                 *           "ach_return_date": "2026-03-24",
                 *           "ach_return_reason": "Insufficient Funds"
                 *         },
                 *         {
                 *           "customer_id": "cust-1002",
                 *           "loan_id": "loan-5002",
                 *           "payment_id": "pay-unknown",
                 *           "ach_return_code": "R02",
                 *           "ach_return_date": "2026-03-24"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["AchReturnBatchRequest"];
            };
        };
        responses: {
            /** @description Every row was processed; each row's result is at its index. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "applied": 1,
                     *       "failed": 1,
                     *       "results": [
                     *         {
                     *           "index": 0,
                     *           "success": true,
                     *           "message": "ACH return R01 recorded for payment pay-9001"
                     *         },
                     *         {
                     *           "index": 1,
                     *           "success": false,
                     *           "error": 404,
                     *           "message": "Payment pay-unknown of loan loan-5002 for customer cust-1002 not found"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["AchBatchResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createAchConfirm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "customer_id": "cust-1001",
                 *       "loan_id": "loan-5001",
                 *       "payment_id": "pay-9001",
                 *       "processor_transaction_id": "txn-77812",
                 *       "ach_settlement_date": "2026-03-23",
                 *       "system_source": "acme-processor"
                 *     }
                 */
                "application/json": components["schemas"]["AchConfirmSubmission"];
            };
        };
        responses: {
            /** @description The confirmation was recorded (or was already). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": "Settlement txn-77812 recorded for payment pay-9001; settled on 2026-03-23"
                     *     }
                     */
                    "application/json": components["schemas"]["AchConfirmResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["PaymentNotFound"];
            409: components["responses"]["AchConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createAchConfirmBatch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "confirms": [
                 *         {
                 *           "customer_id": "cust-1001",
                 *           "loan_id": "loan-5001",
                 *           "payment_id": "pay-9001",
                 *           "processor_transaction_id": "txn-77812",
                 *           "ach_settlement_date": "2026-03-23"
                 *         },
                 *         {
                 *           "customer_id": "cust-1002",
                 *           "loan_id": "loan-5002",
                 *           "payment_id": "pay-9002",
                 *           "processor_transaction_id": "txn-77812",
                 *           "ach_settlement_date": "2026-03-23"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["AchConfirmBatchRequest"];
            };
        };
        responses: {
            /** @description Every row was processed; each row's result is at its index. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "applied": 1,
                     *       "failed": 1,
                     *       "results": [
                     *         {
                     *           "index": 0,
                     *           "success": true,
                     *           "message": "Settlement txn-77812 recorded for payment pay-9001; settled on 2026-03-23"
                     *         },
                     *         {
                     *           "index": 1,
                     *           "success": false,
                     *           "error": 409,
                     *           "message": "Processor transaction txn-77812 was already confirmed for another payment"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["AchBatchResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getAchReturnRates: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The three rates. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "window_start": "2026-09-23",
                     *       "window_end": "2026-11-21",
                     *       "rates": {
                     *         "unauthorized": {
                     *           "numerator": 1,
                     *           "denominator": 200,
                     *           "rate": 0.005,
                     *           "threshold": 0.005,
                     *           "level": "warning"
                     *         },
                     *         "administrative": {
                     *           "numerator": 5,
                     *           "denominator": 200,
                     *           "rate": 0.025,
                     *           "threshold": 0.03,
                     *           "level": "warning"
                     *         },
                     *         "overall": {
                     *           "numerator": 12,
                     *           "denominator": 200,
                     *           "rate": 0.06,
                     *           "threshold": 0.15,
                     *           "level": "ok"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["AchReturnRates"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createContactAttempt: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContactAttemptSubmission"];
            };
        };
        responses: {
            /** @description The contact was recorded (or was already). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactAttemptResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["ContactAttemptConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createContactAttemptBatch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "attempts": [
                 *         {
                 *           "attemptId": "dialer-88412",
                 *           "customerId": "cust-1001",
                 *           "loanId": "loan-5001",
                 *           "channel": "call",
                 *           "occurredAt": "2026-12-07T15:04:00Z",
                 *           "outcome": "no_answer",
                 *           "conversation": false
                 *         },
                 *         {
                 *           "attemptId": "dialer-88413",
                 *           "customerId": "cust-9999",
                 *           "channel": "sms",
                 *           "occurredAt": "2026-12-07T15:05:00Z",
                 *           "outcome": "delivered",
                 *           "conversation": false
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ContactAttemptBatchRequest"];
            };
        };
        responses: {
            /** @description Every row was processed; each row's result is at its index. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "applied": 1,
                     *       "failed": 1,
                     *       "results": [
                     *         {
                     *           "index": 0,
                     *           "success": true,
                     *           "message": "Contact attempt dialer-88412 (outbound call) recorded for customer cust-1001"
                     *         },
                     *         {
                     *           "index": 1,
                     *           "success": false,
                     *           "error": 404,
                     *           "message": "Customer cust-9999 not found"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ContactAttemptBatchResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listCustomerContactAttempts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The caller's customer reference (the customer `id` sent at boarding).
                 * @example cust-1001
                 */
                customerId: components["parameters"]["CustomerIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The customer's reported contacts, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "attemptId": "dialer-88412",
                     *         "customerId": "cust-1001",
                     *         "loanId": "loan-5001",
                     *         "channel": "call",
                     *         "direction": "outbound",
                     *         "purpose": "collections",
                     *         "occurredAt": "2026-12-07T15:04:00.000Z",
                     *         "outcome": "no_answer",
                     *         "conversation": false,
                     *         "address": "+15125550143",
                     *         "source": "in-house-dialer",
                     *         "recordedAt": "2026-12-07T15:10:02.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["ContactAttempt"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listProviderAlerts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The alerts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "paused": true,
                     *       "data": [
                     *         {
                     *           "id": "6f1c2a4e-0b7d-4c55-9a57-3c1e8f2d9b10",
                     *           "provider": "live",
                     *           "kind": "no_valid_payment",
                     *           "detail": "The voice provider ended call call_8a3f0c9d2b1e4f67a5c3d2e1f0a9b8c7 with no_valid_payment: the account cannot place calls",
                     *           "provider_call_id": "call_8a3f0c9d2b1e4f67a5c3d2e1f0a9b8c7",
                     *           "raised_at": "2026-12-08T15:02:10.000Z",
                     *           "status": "open",
                     *           "resumed_at": null,
                     *           "resumed_by": null
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ProviderAlerts"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    upsertPayment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "customer_id": "cust-1001",
                 *       "loan_id": "loan-5001",
                 *       "payment_id": "pay-9001",
                 *       "payment_method_id": "3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
                 *       "payment_date": "2026-03-20",
                 *       "payment_amount": 125.5,
                 *       "payment_type": "ach",
                 *       "system_source": "acme-lms",
                 *       "ach_status": "SUBMITTED",
                 *       "ach_submitted_date": "2026-03-20"
                 *     }
                 */
                "application/json": components["schemas"]["PaymentUpsert"];
            };
        };
        responses: {
            /** @description A payment with these identifiers already existed and was updated. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payment"];
                };
            };
            /** @description Payment created. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description The customer, loan or payment method does not exist in the company of the API key. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": 404,
                     *       "message": "Loan loan-5001 of customer cust-1001 not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listCustomerRestrictions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The caller's customer reference (the customer `id` sent at boarding).
                 * @example cust-1001
                 */
                customerId: components["parameters"]["CustomerIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The customer's restrictions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "customerId": "cust-1001",
                     *       "restrictions": [
                     *         {
                     *           "id": "6d2f9a1c-3b4e-4c5d-8e7f-0a1b2c3d4e5f",
                     *           "customerId": "cust-1001",
                     *           "loanId": "loan-88231",
                     *           "kind": "debt_dispute",
                     *           "source": "call_outcome",
                     *           "reason": "DEBT_DISPUTE on call 7f1c2a9e-4b3d-4e8f-9a6b-2c5d8e1f0a37",
                     *           "callId": "7f1c2a9e-4b3d-4e8f-9a6b-2c5d8e1f0a37",
                     *           "createdAt": "2026-12-08T15:03:12.000Z",
                     *           "liftedAt": "2026-12-10T09:00:00.000Z",
                     *           "liftedBy": "api_key",
                     *           "liftReason": "Validation notice mailed; debt verified"
                     *         },
                     *         {
                     *           "id": "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
                     *           "customerId": "cust-1001",
                     *           "loanId": null,
                     *           "kind": "threat_or_abuse",
                     *           "source": "call_outcome",
                     *           "reason": "THREAT_OR_ABUSE on call 2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e",
                     *           "callId": "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e",
                     *           "createdAt": "2026-12-11T16:20:00.000Z",
                     *           "liftedAt": null,
                     *           "liftedBy": null,
                     *           "liftReason": null
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["RestrictionList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    clearCustomerRestriction: {
        parameters: {
            query: {
                /**
                 * @description Why the restriction is cleared (kept with it).
                 * @example Validation notice mailed; debt verified
                 */
                reason: string;
            };
            header?: never;
            path: {
                /**
                 * @description The caller's customer reference (the customer `id` sent at boarding).
                 * @example cust-1001
                 */
                customerId: components["parameters"]["CustomerIdPath"];
                /**
                 * @description The restriction's `id` (from `GET /customers/{customerId}/restrictions` or an event).
                 * @example 6d2f9a1c-3b4e-4c5d-8e7f-0a1b2c3d4e5f
                 */
                restrictionId: components["parameters"]["RestrictionIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The restriction, lifted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "6d2f9a1c-3b4e-4c5d-8e7f-0a1b2c3d4e5f",
                     *       "customerId": "cust-1001",
                     *       "loanId": "loan-88231",
                     *       "kind": "debt_dispute",
                     *       "source": "call_outcome",
                     *       "reason": "DEBT_DISPUTE on call 7f1c2a9e-4b3d-4e8f-9a6b-2c5d8e1f0a37",
                     *       "callId": "7f1c2a9e-4b3d-4e8f-9a6b-2c5d8e1f0a37",
                     *       "createdAt": "2026-12-08T15:03:12.000Z",
                     *       "liftedAt": "2026-12-10T09:00:00.000Z",
                     *       "liftedBy": "api_key",
                     *       "liftReason": "Validation notice mailed; debt verified"
                     *     }
                     */
                    "application/json": components["schemas"]["Restriction"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            /** @description The restriction cannot be cleared by the lender. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": 409,
                     *       "message": "A do_not_call restriction is the borrower's to withdraw, not the lender's: it cannot be cleared"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listCustomerPromises: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The caller's customer reference (the customer `id` sent at boarding).
                 * @example cust-1001
                 */
                customerId: components["parameters"]["CustomerIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The customer's promises. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "customerId": "cust-1001",
                     *       "promises": [
                     *         {
                     *           "id": "3f8e2b1a-7c4d-4e5f-9a0b-1c2d3e4f5a6b",
                     *           "customerId": "cust-1001",
                     *           "loanId": "loan-88231",
                     *           "callId": "7f1c2a9e-4b3d-4e8f-9a6b-2c5d8e1f0a37",
                     *           "amount": "150.00",
                     *           "promisedDate": "2026-12-15",
                     *           "status": "open",
                     *           "paidAmount": "0.00",
                     *           "dueDate": "2026-12-18",
                     *           "followUpScheduledCallId": null,
                     *           "followUpReason": null,
                     *           "createdAt": "2026-12-08T15:03:12.000Z",
                     *           "updatedAt": "2026-12-08T15:03:12.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["PromiseList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getPromise: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The promise's id, as listed by `GET /customers/{customerId}/promises`.
                 * @example 0193a4c2-7b1e-7d2f-9a3b-4c5d6e7f8a91
                 */
                promiseId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The promise. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f8e2b1a-7c4d-4e5f-9a0b-1c2d3e4f5a6b",
                     *       "customerId": "cust-1001",
                     *       "loanId": "loan-88231",
                     *       "callId": "7f1c2a9e-4b3d-4e8f-9a6b-2c5d8e1f0a37",
                     *       "amount": "150.00",
                     *       "promisedDate": "2026-12-15",
                     *       "status": "open",
                     *       "paidAmount": "0.00",
                     *       "dueDate": "2026-12-18",
                     *       "followUpScheduledCallId": null,
                     *       "followUpReason": null,
                     *       "createdAt": "2026-12-08T15:03:12.000Z",
                     *       "updatedAt": "2026-12-08T15:03:12.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Promise"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listCustomerPaymentLinks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The caller's customer reference (the customer `id` sent at boarding).
                 * @example cust-1001
                 */
                customerId: components["parameters"]["CustomerIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The customer's payment links. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "customerId": "cust-1001",
                     *       "paymentLinks": [
                     *         {
                     *           "id": "0193a4c2-7b1e-7d2f-9a3b-4c5d6e7f8a90",
                     *           "customerId": "cust-1001",
                     *           "loanId": "loan-88231",
                     *           "amount": "150.00",
                     *           "taskType": "Collections",
                     *           "channel": "sms",
                     *           "source": "promise",
                     *           "promiseId": "3f8e2b1a-7c4d-4e5f-9a0b-1c2d3e4f5a6b",
                     *           "scheduledMessageId": "0193a4c2-7b1e-7d2f-9a3b-4c5d6e7f8a91",
                     *           "scheduledCallId": null,
                     *           "createdAt": "2026-12-08T15:03:12.000Z",
                     *           "expiresAt": "2026-12-11T15:03:12.000Z",
                     *           "firstOpenedAt": "2026-12-08T15:10:40.000Z",
                     *           "lastOpenedAt": "2026-12-08T15:10:40.000Z",
                     *           "openCount": 1
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["PaymentLinkList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    openPaymentLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The payment link's token, as the text or email carried it: the link's id, its expiry and an HMAC-SHA256 over both keyed with the service's signing secret.
                 * @example AZrA7TtLd1CqXxv3aEcRkA.tfqc80.8bDxq3c2W0u9n1Zr5v6yEw
                 */
                token: components["parameters"]["PaymentLinkToken"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The link is valid; the browser continues to the lender's payment page. */
            303: {
                headers: {
                    /**
                     * @description The lender's payment page, filled for the link.
                     * @example https://pay.example.com/loans/loan-88231?amount=150.00&ref=0193a4c2-7b1e-7d2f-9a3b-4c5d6e7f8a90
                     */
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    /** @example <!doctype html><html lang="en"><head><title>Continuing to your payment page</title></head><body><main><h1>Continuing to your payment page</h1><p><a href="https://pay.example.com/loans/loan-88231?amount=150.00">Continue to your lender's payment page</a></p></main></body></html> */
                    "text/html": string;
                };
            };
            /** @description The request cannot be read (a page saying so). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example <!doctype html><html lang="en"><head><title>This link cannot be used</title></head><body><main><h1>This link cannot be used</h1><p>The path is not valid.</p></main></body></html> */
                    "text/html": string;
                };
            };
            /** @description The link is malformed, was altered or was never issued (a page saying so; no redirect). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example <!doctype html><html lang="en"><head><title>This payment link is not valid</title></head><body><main><h1>This payment link is not valid</h1><p>Check that you opened the whole link from your text or email.</p></main></body></html> */
                    "text/html": string;
                };
            };
            /** @description The link expired, or its company no longer has a payment page (a page saying so; no redirect). */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example <!doctype html><html lang="en"><head><title>This payment link has expired</title></head><body><main><h1>This payment link has expired</h1><p>Ask your lender for a new link, or pay the way you usually do.</p></main></body></html> */
                    "text/html": string;
                };
            };
            /** @description The service is briefly unavailable (a page saying so). */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example <!doctype html><html lang="en"><head><title>Please try again in a moment</title></head><body><main><h1>Please try again in a moment</h1><p>The service is briefly unavailable; retry the same request</p></main></body></html> */
                    "text/html": string;
                };
            };
        };
    };
    getCollectionsReport: {
        parameters: {
            query: {
                /**
                 * @description First day of the period (YYYY-MM-DD) in `timezone`, included.
                 * @example 2026-01-01
                 */
                from: string;
                /**
                 * @description Last day of the period (YYYY-MM-DD) in `timezone`, included; at most 370 days after `from`.
                 * @example 2026-12-31
                 */
                to: string;
                /**
                 * @description One row per task type (default), or per week.
                 * @example taskType
                 */
                groupBy?: "taskType" | "week";
                /**
                 * @description IANA time zone of the days and weeks; default `UTC`.
                 * @example America/New_York
                 */
                timezone?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The period's figures. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "from": "2026-01-01",
                     *       "to": "2026-12-31",
                     *       "timezone": "America/New_York",
                     *       "groupBy": "taskType",
                     *       "rows": [
                     *         {
                     *           "group": "Collections",
                     *           "attempts": 1200,
                     *           "connects": 540,
                     *           "rightPartyContacts": 310,
                     *           "transfers": 96,
                     *           "promises": {
                     *             "count": 31,
                     *             "amount": "4650.00"
                     *           },
                     *           "open": {
                     *             "count": 6,
                     *             "amount": "900.00"
                     *           },
                     *           "kept": {
                     *             "count": 18,
                     *             "amount": "2700.00"
                     *           },
                     *           "partiallyKept": {
                     *             "count": 2,
                     *             "amount": "150.00"
                     *           },
                     *           "broken": {
                     *             "count": 5,
                     *             "amount": "750.00"
                     *           },
                     *           "cancelled": {
                     *             "count": 0,
                     *             "amount": "0.00"
                     *           },
                     *           "collected": "2850.00",
                     *           "links": {
                     *             "sent": 29,
                     *             "opened": 17
                     *           }
                     *         },
                     *         {
                     *           "group": "PaymentReturned",
                     *           "attempts": 800,
                     *           "connects": 300,
                     *           "rightPartyContacts": 150,
                     *           "transfers": 40,
                     *           "promises": {
                     *             "count": 9,
                     *             "amount": "1350.00"
                     *           },
                     *           "open": {
                     *             "count": 2,
                     *             "amount": "300.00"
                     *           },
                     *           "kept": {
                     *             "count": 5,
                     *             "amount": "750.00"
                     *           },
                     *           "partiallyKept": {
                     *             "count": 0,
                     *             "amount": "0.00"
                     *           },
                     *           "broken": {
                     *             "count": 2,
                     *             "amount": "300.00"
                     *           },
                     *           "cancelled": {
                     *             "count": 0,
                     *             "amount": "0.00"
                     *           },
                     *           "collected": "750.00",
                     *           "links": {
                     *             "sent": 9,
                     *             "opened": 4
                     *           }
                     *         }
                     *       ],
                     *       "totals": {
                     *         "attempts": 2000,
                     *         "connects": 840,
                     *         "rightPartyContacts": 460,
                     *         "transfers": 136,
                     *         "promises": {
                     *           "count": 40,
                     *           "amount": "6000.00"
                     *         },
                     *         "open": {
                     *           "count": 8,
                     *           "amount": "1200.00"
                     *         },
                     *         "kept": {
                     *           "count": 23,
                     *           "amount": "3450.00"
                     *         },
                     *         "partiallyKept": {
                     *           "count": 2,
                     *           "amount": "150.00"
                     *         },
                     *         "broken": {
                     *           "count": 7,
                     *           "amount": "1050.00"
                     *         },
                     *         "cancelled": {
                     *           "count": 0,
                     *           "amount": "0.00"
                     *         },
                     *         "collected": "3600.00",
                     *         "links": {
                     *           "sent": 38,
                     *           "opened": 21
                     *         }
                     *       },
                     *       "transfersByDestination": [
                     *         {
                     *           "destination": "+18005550100",
                     *           "attempted": 127,
                     *           "bridged": 111,
                     *           "failed": 16,
                     *           "fellBack": 9
                     *         },
                     *         {
                     *           "destination": "+18005550101",
                     *           "attempted": 9,
                     *           "bridged": 9,
                     *           "failed": 0,
                     *           "fellBack": 0
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["CollectionsReport"];
                };
            };
            /** @description A date that is not a date, `to` before `from`, a period over 371 days, an unknown time zone. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": 400,
                     *       "message": "the period is 400 days; at most 371"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            401: components["responses"]["Unauthorized"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    receiveVoiceCallback: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `v=<unix ms>,d=<hex HMAC-SHA256(api key, "<raw body><ms>")>`, as `Retell.sign` makes it
                 * @example v=1796742000000,d=5f0c9a3d2b1e4f6a7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b
                 */
                "x-retell-signature": string;
            };
            path: {
                /**
                 * @description Which provider connection the callback belongs to: `live` (the configured voice provider) or `sandbox` (the voice simulator, which test customers always reach).
                 * @example sandbox
                 */
                provider: components["parameters"]["VoiceProviderPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event": "call_analyzed",
                 *       "call": {
                 *         "call_id": "call_7f3e",
                 *         "call_type": "phone_call",
                 *         "direction": "outbound",
                 *         "agent_id": "agent-collections",
                 *         "agent_version": 1,
                 *         "call_status": "ended",
                 *         "to_number": "+12125550100",
                 *         "from_number": "+12025550199",
                 *         "metadata": {
                 *           "scheduled_call_id": "6e1d9c3b-7a2f-4d5e-8b9c-0f1e2d3c4b5a",
                 *           "company_id": "acme",
                 *           "customer_id": "cust-1"
                 *         },
                 *         "start_timestamp": 1796742000000,
                 *         "end_timestamp": 1796742042000,
                 *         "duration_ms": 42000,
                 *         "disconnection_reason": "call_transfer",
                 *         "transcript": "Agent: Hello ... Borrower: Yes, speaking.",
                 *         "recording_url": "https://dxc03zgurdly9.cloudfront.net/call_7f3e/recording.wav",
                 *         "call_analysis": {
                 *           "call_summary": "The borrower was transferred to a loan officer.",
                 *           "in_voicemail": false,
                 *           "custom_analysis_data": {
                 *             "live_conversation": true,
                 *             "right_party_contact": true
                 *           }
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["VoiceCallbackEvent"];
            };
        };
        responses: {
            /** @description The event was authenticated and recorded durably; it is applied shortly after. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VoiceCallbackReceipt"];
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description The signature is missing, does not match, or its timestamp is outside the 5-minute tolerance. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": 401,
                     *       "message": "Callback rejected: Signature does not match, or it is more than 5 minutes old"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The call is not one this provider connection placed. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": 404,
                     *       "message": "Unknown call call_7f3e"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description This delivery was already processed (a redelivery or a replay); nothing changed. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": 409,
                     *       "message": "Event call_7f3e:call_analyzed:9b1c0e6f4a2d8e7c5b3a1f0e9d8c7b6a was already processed"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description Too many callbacks in progress in this process; deliver again after `Retry-After`. Nothing was changed. */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": 503,
                     *       "message": "Too many callbacks in progress; retry shortly"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    getRecording: {
        parameters: {
            query: {
                /**
                 * @description Unix time (seconds) after which the link no longer works.
                 * @example 1796745600
                 */
                expires: string;
                /**
                 * @description Hex HMAC-SHA256 of the call id and `expires`.
                 * @example 5f0c9a3d2b1e4f6a7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b
                 */
                signature: string;
            };
            header?: never;
            path: {
                /**
                 * @description Identifier of the call, as returned in call records.
                 * @example 5b7e2a91-3c4d-4e8f-9a0b-1c2d3e4f5a6b
                 */
                id: components["parameters"]["CallIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The recording (16-bit PCM WAV from the simulator; the provider's format otherwise). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example RIFF....WAVEfmt */
                    "audio/wav": string;
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description The link has expired or was altered. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": 403,
                     *       "message": "Recording link has expired; read the call again for a fresh link"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
            /** @description The call has no stored recording. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": 404,
                     *       "message": "No recording for call 5b7e2a91-3c4d-4e8f-9a0b-1c2d3e4f5a6b"
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorMessage"];
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process is up. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok"
                     *     }
                     */
                    "application/json": components["schemas"]["Health"];
                };
            };
            400: components["responses"]["OpsBadRequest"];
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ready",
                     *       "database": "ok",
                     *       "migrations": "current"
                     *     }
                     */
                    "application/json": components["schemas"]["Readiness"];
                };
            };
            400: components["responses"]["OpsBadRequest"];
            /** @description Not ready (database unreachable, migrations pending, or shutting down). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Readiness"];
                };
            };
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "openapi": "3.1.0",
                     *       "info": {
                     *         "title": "Outreach and Collections Service",
                     *         "version": "1.0.0"
                     *       },
                     *       "paths": {}
                     *     }
                     */
                    "application/json": components["schemas"]["OpenApiDocument"];
                };
            };
            400: components["responses"]["OpsBadRequest"];
        };
    };
    batchCompletedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Unique message id, the same on every attempt of one delivery
                 * @example deduplicate on it.:msg_2b0f5c7e9a3d4b1c8e6f0a2d4c6b8e1f
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description Seconds since the epoch when this attempt was signed; reject values far from your clock (Standard Webhooks suggests 5 minutes).
                 * @example 1796742003
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256>` signatures of `{webhook-id}.{webhook-timestamp}.{body}`, one per active secret (two during a rotation); accept the request if any matches.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "batch.completed",
                 *       "timestamp": "2026-12-08T15:00:03.120Z",
                 *       "data": {
                 *         "kind": "loans",
                 *         "job": {
                 *           "jobId": "7f8c2e0a-3b1d-4c55-9a7e-2d4f1c9b8e61",
                 *           "status": "completed",
                 *           "totalLoans": 2,
                 *           "processed": 2,
                 *           "failed": 1,
                 *           "progressPercentage": 100,
                 *           "createdAt": "2026-12-08T15:00:01.004Z",
                 *           "processingStartedAt": "2026-12-08T15:00:01.210Z",
                 *           "processingCompletedAt": "2026-12-08T15:00:03.120Z",
                 *           "errorMessage": null,
                 *           "failures": [
                 *             {
                 *               "index": 1,
                 *               "customerId": "cust-404",
                 *               "loanId": "loan-9",
                 *               "message": "404: Customer cust-404 not found"
                 *             }
                 *           ],
                 *           "results": []
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["WebhookBatchCompleted"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
    scheduledCallUpdatedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Unique message id, the same on every attempt of one delivery
                 * @example deduplicate on it.:msg_2b0f5c7e9a3d4b1c8e6f0a2d4c6b8e1f
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description Seconds since the epoch when this attempt was signed; reject values far from your clock (Standard Webhooks suggests 5 minutes).
                 * @example 1796742003
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256>` signatures of `{webhook-id}.{webhook-timestamp}.{body}`, one per active secret (two during a rotation); accept the request if any matches.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "scheduled_call.updated",
                 *       "timestamp": "2026-12-08T15:04:10.500Z",
                 *       "data": {
                 *         "id": "3d9b6f0e-8a41-4f57-b2c3-1e5a7d9c0b42",
                 *         "customerId": "cust-1001",
                 *         "scheduledTime": "2026-12-08T16:30:00.000Z",
                 *         "status": "cancelled",
                 *         "postProcessingFlags": [],
                 *         "endReason": {
                 *           "rule": "restriction-do-not-call",
                 *           "source": "TCPA 47 CFR 64.1200(d) (company-specific do-not-call list)",
                 *           "detail": "Do Not Call: set on the customer record"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["WebhookScheduledCallUpdated"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
    callCompletedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Unique message id, the same on every attempt of one delivery
                 * @example deduplicate on it.:msg_2b0f5c7e9a3d4b1c8e6f0a2d4c6b8e1f
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description Seconds since the epoch when this attempt was signed; reject values far from your clock (Standard Webhooks suggests 5 minutes).
                 * @example 1796742003
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256>` signatures of `{webhook-id}.{webhook-timestamp}.{body}`, one per active secret (two during a rotation); accept the request if any matches.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "call.completed",
                 *       "timestamp": "2026-12-08T15:03:12.000Z",
                 *       "data": {
                 *         "id": "7f1c2a9e-4b3d-4e8f-9a6b-2c5d8e1f0a37",
                 *         "customerId": "cust-1001",
                 *         "toPhoneNumber": "+12125550100",
                 *         "transcript": "Agent: Hello, may I speak with Ada?\nBorrower: Yes, speaking.",
                 *         "recordingUrl": null,
                 *         "timestamp": "2026-12-08T15:00:04.000Z",
                 *         "flags": [
                 *           "CONNECT",
                 *           "LIVE_CONNECT",
                 *           "RPC",
                 *           "SUCCESSFUL_TRANSFER"
                 *         ],
                 *         "summarization": "The borrower confirmed their identity and was transferred to a loan officer."
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["WebhookCallCompleted"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
    achReturnRateRaisedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Unique message id, the same on every attempt of one delivery
                 * @example deduplicate on it.:msg_2b0f5c7e9a3d4b1c8e6f0a2d4c6b8e1f
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description Seconds since the epoch when this attempt was signed; reject values far from your clock (Standard Webhooks suggests 5 minutes).
                 * @example 1796742003
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256>` signatures of `{webhook-id}.{webhook-timestamp}.{body}`, one per active secret (two during a rotation); accept the request if any matches.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "ach_return_rate.raised",
                 *       "timestamp": "2026-11-21T12:00:00.000Z",
                 *       "data": {
                 *         "name": "administrative",
                 *         "previous_level": "ok",
                 *         "window_start": "2026-09-23",
                 *         "window_end": "2026-11-21",
                 *         "numerator": 1,
                 *         "denominator": 40,
                 *         "rate": 0.025,
                 *         "threshold": 0.03,
                 *         "level": "warning"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["WebhookAchReturnRateRaised"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
    providerAlertEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Unique message id, the same on every attempt of one delivery
                 * @example deduplicate on it.:msg_2b0f5c7e9a3d4b1c8e6f0a2d4c6b8e1f
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description Seconds since the epoch when this attempt was signed; reject values far from your clock (Standard Webhooks suggests 5 minutes).
                 * @example 1796742003
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256>` signatures of `{webhook-id}.{webhook-timestamp}.{body}`, one per active secret (two during a rotation); accept the request if any matches.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "provider.alert",
                 *       "timestamp": "2026-12-08T15:02:10.000Z",
                 *       "data": {
                 *         "id": "6f1c2a4e-0b7d-4c55-9a57-3c1e8f2d9b10",
                 *         "provider": "live",
                 *         "kind": "no_valid_payment",
                 *         "detail": "The voice provider ended call call_8a3f0c9d2b1e4f67a5c3d2e1f0a9b8c7 with no_valid_payment: the account cannot place calls",
                 *         "provider_call_id": "call_8a3f0c9d2b1e4f67a5c3d2e1f0a9b8c7",
                 *         "raised_at": "2026-12-08T15:02:10.000Z",
                 *         "status": "open",
                 *         "resumed_at": null,
                 *         "resumed_by": null
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["WebhookProviderAlert"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
    disputeReceivedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Unique message id, the same on every attempt of one delivery
                 * @example deduplicate on it.:msg_2b0f5c7e9a3d4b1c8e6f0a2d4c6b8e1f
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description Seconds since the epoch when this attempt was signed; reject values far from your clock (Standard Webhooks suggests 5 minutes).
                 * @example 1796742003
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256>` signatures of `{webhook-id}.{webhook-timestamp}.{body}`, one per active secret (two during a rotation); accept the request if any matches.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "dispute.received",
                 *       "timestamp": "2026-12-08T15:03:12.000Z",
                 *       "data": {
                 *         "id": "6d2f9a1c-3b4e-4c5d-8e7f-0a1b2c3d4e5f",
                 *         "customerId": "cust-1001",
                 *         "loanId": "loan-88231",
                 *         "kind": "debt_dispute",
                 *         "source": "call_outcome",
                 *         "reason": "DEBT_DISPUTE on call 7f1c2a9e-4b3d-4e8f-9a6b-2c5d8e1f0a37",
                 *         "callId": "7f1c2a9e-4b3d-4e8f-9a6b-2c5d8e1f0a37",
                 *         "createdAt": "2026-12-08T15:03:12.000Z",
                 *         "liftedAt": null,
                 *         "liftedBy": null,
                 *         "liftReason": null
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["WebhookDisputeReceived"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
    hardshipRequestedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Unique message id, the same on every attempt of one delivery
                 * @example deduplicate on it.:msg_2b0f5c7e9a3d4b1c8e6f0a2d4c6b8e1f
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description Seconds since the epoch when this attempt was signed; reject values far from your clock (Standard Webhooks suggests 5 minutes).
                 * @example 1796742003
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256>` signatures of `{webhook-id}.{webhook-timestamp}.{body}`, one per active secret (two during a rotation); accept the request if any matches.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "hardship.requested",
                 *       "timestamp": "2026-12-08T15:03:12.000Z",
                 *       "data": {
                 *         "id": "6d2f9a1c-3b4e-4c5d-8e7f-0a1b2c3d4e5f",
                 *         "customerId": "cust-1001",
                 *         "loanId": "loan-88231",
                 *         "kind": "hardship_review",
                 *         "source": "call_outcome",
                 *         "reason": "HARDSHIP_REQUEST on call 7f1c2a9e-4b3d-4e8f-9a6b-2c5d8e1f0a37",
                 *         "callId": "7f1c2a9e-4b3d-4e8f-9a6b-2c5d8e1f0a37",
                 *         "createdAt": "2026-12-08T15:03:12.000Z",
                 *         "liftedAt": null,
                 *         "liftedBy": null,
                 *         "liftReason": null
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["WebhookHardshipRequested"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
    fraudClaimedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Unique message id, the same on every attempt of one delivery
                 * @example deduplicate on it.:msg_2b0f5c7e9a3d4b1c8e6f0a2d4c6b8e1f
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description Seconds since the epoch when this attempt was signed; reject values far from your clock (Standard Webhooks suggests 5 minutes).
                 * @example 1796742003
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256>` signatures of `{webhook-id}.{webhook-timestamp}.{body}`, one per active secret (two during a rotation); accept the request if any matches.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "fraud.claimed",
                 *       "timestamp": "2026-12-08T15:03:12.000Z",
                 *       "data": {
                 *         "id": "6d2f9a1c-3b4e-4c5d-8e7f-0a1b2c3d4e5f",
                 *         "customerId": "cust-1001",
                 *         "loanId": null,
                 *         "kind": "fraud_claim",
                 *         "source": "call_outcome",
                 *         "reason": "FRAUD_CLAIM on call 7f1c2a9e-4b3d-4e8f-9a6b-2c5d8e1f0a37",
                 *         "callId": "7f1c2a9e-4b3d-4e8f-9a6b-2c5d8e1f0a37",
                 *         "createdAt": "2026-12-08T15:03:12.000Z",
                 *         "liftedAt": null,
                 *         "liftedBy": null,
                 *         "liftReason": null
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["WebhookFraudClaimed"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
    militaryReportedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Unique message id, the same on every attempt of one delivery
                 * @example deduplicate on it.:msg_2b0f5c7e9a3d4b1c8e6f0a2d4c6b8e1f
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description Seconds since the epoch when this attempt was signed; reject values far from your clock (Standard Webhooks suggests 5 minutes).
                 * @example 1796742003
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256>` signatures of `{webhook-id}.{webhook-timestamp}.{body}`, one per active secret (two during a rotation); accept the request if any matches.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "military.reported",
                 *       "timestamp": "2026-12-08T15:03:12.000Z",
                 *       "data": {
                 *         "id": "6d2f9a1c-3b4e-4c5d-8e7f-0a1b2c3d4e5f",
                 *         "customerId": "cust-1001",
                 *         "loanId": null,
                 *         "kind": "military_review",
                 *         "source": "call_outcome",
                 *         "reason": "MILITARY on call 7f1c2a9e-4b3d-4e8f-9a6b-2c5d8e1f0a37",
                 *         "callId": "7f1c2a9e-4b3d-4e8f-9a6b-2c5d8e1f0a37",
                 *         "createdAt": "2026-12-08T15:03:12.000Z",
                 *         "liftedAt": null,
                 *         "liftedBy": null,
                 *         "liftReason": null
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["WebhookMilitaryReported"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
    incarcerationReportedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Unique message id, the same on every attempt of one delivery
                 * @example deduplicate on it.:msg_2b0f5c7e9a3d4b1c8e6f0a2d4c6b8e1f
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description Seconds since the epoch when this attempt was signed; reject values far from your clock (Standard Webhooks suggests 5 minutes).
                 * @example 1796742003
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256>` signatures of `{webhook-id}.{webhook-timestamp}.{body}`, one per active secret (two during a rotation); accept the request if any matches.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "incarceration.reported",
                 *       "timestamp": "2026-12-08T15:03:12.000Z",
                 *       "data": {
                 *         "id": "6d2f9a1c-3b4e-4c5d-8e7f-0a1b2c3d4e5f",
                 *         "customerId": "cust-1001",
                 *         "loanId": null,
                 *         "kind": "incarcerated",
                 *         "source": "call_outcome",
                 *         "reason": "INCARCERATED on call 7f1c2a9e-4b3d-4e8f-9a6b-2c5d8e1f0a37",
                 *         "callId": "7f1c2a9e-4b3d-4e8f-9a6b-2c5d8e1f0a37",
                 *         "createdAt": "2026-12-08T15:03:12.000Z",
                 *         "liftedAt": null,
                 *         "liftedBy": null,
                 *         "liftReason": null
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["WebhookIncarcerationReported"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
    abuseReportedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Unique message id, the same on every attempt of one delivery
                 * @example deduplicate on it.:msg_2b0f5c7e9a3d4b1c8e6f0a2d4c6b8e1f
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description Seconds since the epoch when this attempt was signed; reject values far from your clock (Standard Webhooks suggests 5 minutes).
                 * @example 1796742003
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256>` signatures of `{webhook-id}.{webhook-timestamp}.{body}`, one per active secret (two during a rotation); accept the request if any matches.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "abuse.reported",
                 *       "timestamp": "2026-12-08T15:03:12.000Z",
                 *       "data": {
                 *         "id": "6d2f9a1c-3b4e-4c5d-8e7f-0a1b2c3d4e5f",
                 *         "customerId": "cust-1001",
                 *         "loanId": null,
                 *         "kind": "threat_or_abuse",
                 *         "source": "call_outcome",
                 *         "reason": "THREAT_OR_ABUSE on call 7f1c2a9e-4b3d-4e8f-9a6b-2c5d8e1f0a37",
                 *         "callId": "7f1c2a9e-4b3d-4e8f-9a6b-2c5d8e1f0a37",
                 *         "createdAt": "2026-12-08T15:03:12.000Z",
                 *         "liftedAt": null,
                 *         "liftedBy": null,
                 *         "liftReason": null
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["WebhookAbuseReported"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
    accessibilityReportedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Unique message id, the same on every attempt of one delivery
                 * @example deduplicate on it.:msg_2b0f5c7e9a3d4b1c8e6f0a2d4c6b8e1f
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description Seconds since the epoch when this attempt was signed; reject values far from your clock (Standard Webhooks suggests 5 minutes).
                 * @example 1796742003
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256>` signatures of `{webhook-id}.{webhook-timestamp}.{body}`, one per active secret (two during a rotation); accept the request if any matches.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "accessibility.reported",
                 *       "timestamp": "2026-12-08T15:03:12.000Z",
                 *       "data": {
                 *         "id": "6d2f9a1c-3b4e-4c5d-8e7f-0a1b2c3d4e5f",
                 *         "customerId": "cust-1001",
                 *         "loanId": null,
                 *         "kind": "accessibility",
                 *         "source": "call_outcome",
                 *         "reason": "ACCESSIBILITY_ISSUE on call 7f1c2a9e-4b3d-4e8f-9a6b-2c5d8e1f0a37",
                 *         "callId": "7f1c2a9e-4b3d-4e8f-9a6b-2c5d8e1f0a37",
                 *         "createdAt": "2026-12-08T15:03:12.000Z",
                 *         "liftedAt": null,
                 *         "liftedBy": null,
                 *         "liftReason": null
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["WebhookAccessibilityReported"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
    complaintReceivedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Unique message id, the same on every attempt of one delivery
                 * @example deduplicate on it.:msg_2b0f5c7e9a3d4b1c8e6f0a2d4c6b8e1f
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description Seconds since the epoch when this attempt was signed; reject values far from your clock (Standard Webhooks suggests 5 minutes).
                 * @example 1796742003
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256>` signatures of `{webhook-id}.{webhook-timestamp}.{body}`, one per active secret (two during a rotation); accept the request if any matches.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "complaint.received",
                 *       "timestamp": "2026-12-08T15:03:12.000Z",
                 *       "data": {
                 *         "id": "7f1c2a9e-4b3d-4e8f-9a6b-2c5d8e1f0a37",
                 *         "customerId": "cust-1001",
                 *         "toPhoneNumber": "+12125550100",
                 *         "transcript": "Agent: Hello, may I speak with Ada?\nBorrower: Yes, speaking.",
                 *         "recordingUrl": null,
                 *         "timestamp": "2026-12-08T15:00:04.000Z",
                 *         "flags": [
                 *           "CONNECT",
                 *           "LIVE_CONNECT",
                 *           "RPC",
                 *           "COMPLAINT"
                 *         ],
                 *         "summarization": "The borrower confirmed their identity and complained about the calls."
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["WebhookComplaintReceived"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
    inboundMessageReviewDueEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Unique message id, the same on every attempt of one delivery
                 * @example deduplicate on it.:msg_2b0f5c7e9a3d4b1c8e6f0a2d4c6b8e1f
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description Seconds since the epoch when this attempt was signed; reject values far from your clock (Standard Webhooks suggests 5 minutes).
                 * @example 1796742003
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256>` signatures of `{webhook-id}.{webhook-timestamp}.{body}`, one per active secret (two during a rotation); accept the request if any matches.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "inbound_message.review_due",
                 *       "timestamp": "2026-12-11T15:00:00.000Z",
                 *       "data": {
                 *         "id": "0193a4c2-7b1e-7d2f-9a3b-4c5d6e7f8a90",
                 *         "fromPhoneNumber": "+15125550143",
                 *         "body": "Cancel my payment, I already paid",
                 *         "rule": "stop-word",
                 *         "status": "review",
                 *         "receivedAt": "2026-12-01T15:00:00.000Z",
                 *         "warnAt": "2026-12-11T15:00:00.000Z",
                 *         "dueAt": "2026-12-15T15:00:00.000Z",
                 *         "warnedAt": "2026-12-11T15:00:00.000Z",
                 *         "reviewedAt": null,
                 *         "reviewedBy": null,
                 *         "note": null
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["WebhookInboundMessageReviewDue"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
    promiseCreatedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Unique message id, the same on every attempt of one delivery
                 * @example deduplicate on it.:msg_2b0f5c7e9a3d4b1c8e6f0a2d4c6b8e1f
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description Seconds since the epoch when this attempt was signed; reject values far from your clock (Standard Webhooks suggests 5 minutes).
                 * @example 1796742003
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256>` signatures of `{webhook-id}.{webhook-timestamp}.{body}`, one per active secret (two during a rotation); accept the request if any matches.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "promise.created",
                 *       "timestamp": "2026-12-08T15:03:12.000Z",
                 *       "data": {
                 *         "id": "3f8e2b1a-7c4d-4e5f-9a0b-1c2d3e4f5a6b",
                 *         "customerId": "cust-1001",
                 *         "loanId": "loan-88231",
                 *         "callId": "7f1c2a9e-4b3d-4e8f-9a6b-2c5d8e1f0a37",
                 *         "amount": "150.00",
                 *         "promisedDate": "2026-12-15",
                 *         "status": "open",
                 *         "paidAmount": "0.00",
                 *         "dueDate": "2026-12-18",
                 *         "followUpScheduledCallId": null,
                 *         "followUpReason": null,
                 *         "createdAt": "2026-12-08T15:03:12.000Z",
                 *         "updatedAt": "2026-12-08T15:03:12.000Z"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["WebhookPromiseCreated"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
    promiseKeptEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Unique message id, the same on every attempt of one delivery
                 * @example deduplicate on it.:msg_2b0f5c7e9a3d4b1c8e6f0a2d4c6b8e1f
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description Seconds since the epoch when this attempt was signed; reject values far from your clock (Standard Webhooks suggests 5 minutes).
                 * @example 1796742003
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256>` signatures of `{webhook-id}.{webhook-timestamp}.{body}`, one per active secret (two during a rotation); accept the request if any matches.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "promise.kept",
                 *       "timestamp": "2026-12-14T18:20:05.000Z",
                 *       "data": {
                 *         "id": "3f8e2b1a-7c4d-4e5f-9a0b-1c2d3e4f5a6b",
                 *         "customerId": "cust-1001",
                 *         "loanId": "loan-88231",
                 *         "callId": "7f1c2a9e-4b3d-4e8f-9a6b-2c5d8e1f0a37",
                 *         "amount": "150.00",
                 *         "promisedDate": "2026-12-15",
                 *         "status": "kept",
                 *         "paidAmount": "150.00",
                 *         "dueDate": "2026-12-18",
                 *         "followUpScheduledCallId": null,
                 *         "followUpReason": null,
                 *         "createdAt": "2026-12-08T15:03:12.000Z",
                 *         "updatedAt": "2026-12-14T18:20:05.000Z"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["WebhookPromiseKept"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
    promisePartiallyKeptEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Unique message id, the same on every attempt of one delivery
                 * @example deduplicate on it.:msg_2b0f5c7e9a3d4b1c8e6f0a2d4c6b8e1f
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description Seconds since the epoch when this attempt was signed; reject values far from your clock (Standard Webhooks suggests 5 minutes).
                 * @example 1796742003
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256>` signatures of `{webhook-id}.{webhook-timestamp}.{body}`, one per active secret (two during a rotation); accept the request if any matches.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "promise.partially_kept",
                 *       "timestamp": "2026-12-19T05:00:30.000Z",
                 *       "data": {
                 *         "id": "3f8e2b1a-7c4d-4e5f-9a0b-1c2d3e4f5a6b",
                 *         "customerId": "cust-1001",
                 *         "loanId": "loan-88231",
                 *         "callId": "7f1c2a9e-4b3d-4e8f-9a6b-2c5d8e1f0a37",
                 *         "amount": "150.00",
                 *         "promisedDate": "2026-12-15",
                 *         "status": "partially_kept",
                 *         "paidAmount": "60.00",
                 *         "dueDate": "2026-12-18",
                 *         "followUpScheduledCallId": null,
                 *         "followUpReason": null,
                 *         "createdAt": "2026-12-08T15:03:12.000Z",
                 *         "updatedAt": "2026-12-19T05:00:30.000Z"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["WebhookPromisePartiallyKept"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
    promiseBrokenEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Unique message id, the same on every attempt of one delivery
                 * @example deduplicate on it.:msg_2b0f5c7e9a3d4b1c8e6f0a2d4c6b8e1f
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description Seconds since the epoch when this attempt was signed; reject values far from your clock (Standard Webhooks suggests 5 minutes).
                 * @example 1796742003
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256>` signatures of `{webhook-id}.{webhook-timestamp}.{body}`, one per active secret (two during a rotation); accept the request if any matches.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "promise.broken",
                 *       "timestamp": "2026-12-19T05:00:30.000Z",
                 *       "data": {
                 *         "id": "3f8e2b1a-7c4d-4e5f-9a0b-1c2d3e4f5a6b",
                 *         "customerId": "cust-1001",
                 *         "loanId": "loan-88231",
                 *         "callId": "7f1c2a9e-4b3d-4e8f-9a6b-2c5d8e1f0a37",
                 *         "amount": "150.00",
                 *         "promisedDate": "2026-12-15",
                 *         "status": "broken",
                 *         "paidAmount": "0.00",
                 *         "dueDate": "2026-12-18",
                 *         "followUpScheduledCallId": null,
                 *         "followUpReason": null,
                 *         "createdAt": "2026-12-08T15:03:12.000Z",
                 *         "updatedAt": "2026-12-19T05:00:30.000Z"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["WebhookPromiseBroken"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
    promiseReopenedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Unique message id, the same on every attempt of one delivery
                 * @example deduplicate on it.:msg_2b0f5c7e9a3d4b1c8e6f0a2d4c6b8e1f
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description Seconds since the epoch when this attempt was signed; reject values far from your clock (Standard Webhooks suggests 5 minutes).
                 * @example 1796742003
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256>` signatures of `{webhook-id}.{webhook-timestamp}.{body}`, one per active secret (two during a rotation); accept the request if any matches.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "promise.reopened",
                 *       "timestamp": "2026-12-16T14:11:40.000Z",
                 *       "data": {
                 *         "id": "3f8e2b1a-7c4d-4e5f-9a0b-1c2d3e4f5a6b",
                 *         "customerId": "cust-1001",
                 *         "loanId": "loan-88231",
                 *         "callId": "7f1c2a9e-4b3d-4e8f-9a6b-2c5d8e1f0a37",
                 *         "amount": "150.00",
                 *         "promisedDate": "2026-12-15",
                 *         "status": "open",
                 *         "paidAmount": "0.00",
                 *         "dueDate": "2026-12-18",
                 *         "followUpScheduledCallId": null,
                 *         "followUpReason": null,
                 *         "createdAt": "2026-12-08T15:03:12.000Z",
                 *         "updatedAt": "2026-12-16T14:11:40.000Z"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["WebhookPromiseReopened"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
    paymentLinkOpenedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Unique message id, the same on every attempt of one delivery
                 * @example deduplicate on it.:msg_2b0f5c7e9a3d4b1c8e6f0a2d4c6b8e1f
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description Seconds since the epoch when this attempt was signed; reject values far from your clock (Standard Webhooks suggests 5 minutes).
                 * @example 1796742003
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256>` signatures of `{webhook-id}.{webhook-timestamp}.{body}`, one per active secret (two during a rotation); accept the request if any matches.
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "payment_link.opened",
                 *       "timestamp": "2026-12-08T15:10:40.000Z",
                 *       "data": {
                 *         "id": "0193a4c2-7b1e-7d2f-9a3b-4c5d6e7f8a90",
                 *         "customerId": "cust-1001",
                 *         "loanId": "loan-88231",
                 *         "amount": "150.00",
                 *         "taskType": "Collections",
                 *         "channel": "sms",
                 *         "source": "promise",
                 *         "promiseId": "3f8e2b1a-7c4d-4e5f-9a0b-1c2d3e4f5a6b",
                 *         "scheduledMessageId": "0193a4c2-7b1e-7d2f-9a3b-4c5d6e7f8a91",
                 *         "scheduledCallId": null,
                 *         "createdAt": "2026-12-08T15:03:12.000Z",
                 *         "expiresAt": "2026-12-11T15:03:12.000Z",
                 *         "firstOpenedAt": "2026-12-08T15:10:40.000Z",
                 *         "lastOpenedAt": "2026-12-08T15:10:40.000Z",
                 *         "openCount": 1
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["WebhookPaymentLinkOpened"];
            };
        };
        responses: {
            200: components["responses"]["WebhookAccepted"];
        };
    };
}
