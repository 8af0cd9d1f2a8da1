import { RETELL_BASE_URL, SIMULATOR_CREDENTIALS } from '../adapters/voice/protocol.js';
import { LOG_LEVELS } from '../lib/logger.js';

/**
 * Every environment variable the service reads: the one table the reader (env.ts) takes names,
 * defaults and integer ranges from, and the operator docs are generated from:
 * `npx tsx scripts/config-table.ts` writes it into docs/operators/configuration.md (links in `meaning`
 * are relative to that file), and test/architecture/config-table.test.ts fails when the two differ. A variable
 * that is not here cannot be read: the reader's names are typed from this table.
 */
export interface Variable {
  name: string;
  /** The value used when the variable is unset, as an operator would write it. Absent: unset means off, none, or a computed value (`unset`). */
  default?: string;
  /** The docs' default column when there is no literal default, or a note after the literal one. */
  unset?: string;
  /** Integers: the accepted range, inclusive; `{range}` in `meaning` shows it. */
  range?: readonly [number, number];
  /** What it does and what a value looks like (one line of markdown). */
  meaning: string;
  /** Who reads it, when loadConfig (src/config/config.ts) does not. */
  readBy?: string;
}

export const VARIABLES = [
  // The process: database, listener, logs, secrets.
  {
    name: 'DATABASE_URL',
    default: 'sqlite:./data/outreach.db',
    meaning: '`postgres://…` / `postgresql://…` for Postgres (production), `sqlite:PATH` for the embedded database',
  },
  {
    name: 'DATABASE_POOL_MAX',
    default: '10',
    range: [1, 1000],
    meaning:
      "Postgres connections one process may hold ({range}); keep the sum over processes under the server's `max_connections`, counting one more per API process for the [API-key listener](docs/operators/cli.md#api-keys). SQLite always uses one",
  },
  { name: 'PORT', default: '3000', range: [0, 65535], meaning: 'where the API listens ({range})' },
  { name: 'HOST', default: '127.0.0.1', meaning: 'interface the API listens on (`0.0.0.0` behind a load balancer)' },
  {
    name: 'LOG_LEVEL',
    default: 'info',
    meaning: `${LOG_LEVELS.map((level) => `\`${level}\``).join(', ')} (pino); logs are one JSON object a line`,
  },
  {
    name: 'PUBLIC_BASE_URL',
    unset: '`http://HOST:PORT` (`localhost` for `0.0.0.0`)',
    meaning:
      "base of the links the service hands out: `Location` headers, recording links, the voice provider's callback URL",
  },
  {
    name: 'OUTREACH_SHUTDOWN_DELAY_MS',
    default: '5000',
    range: [0, 600_000],
    meaning:
      'after SIGTERM, how long `/readyz` answers 503 while requests are still served, before connections drain ({range}; SIGINT skips it)',
  },
  {
    name: 'OUTREACH_TEST_ALIAS_SUNSET',
    default: '2026-10-25',
    meaning: 'from this date (or instant) the deprecated `test` field is rejected, naming `isTest`',
  },
  {
    name: 'OUTREACH_CONFIG_KEY',
    unset: 'SQLite: `config.key` beside the database; Postgres: none',
    meaning:
      '32-byte key (64 hex digits or base64) encrypting secrets in company configuration; required on Postgres once a secret is stored ([LMS secrets](docs/partners/lms.md#secrets))',
  },

  // Calls.
  {
    name: 'OUTREACH_CLOCK',
    unset: 'unset (real time)',
    meaning:
      'ISO instant the business clock starts at, then runs forward ([sandbox clock](docs/partners/sandbox.md#sandbox-clock))',
  },
  {
    name: 'OUTREACH_SIGNING_SECRET',
    unset: 'random per process (logged)',
    meaning:
      'HMAC key of recording links, email opt-out links and payment links (≥ 16 characters). Set it, the same in every process, or links stop working after a restart and on other processes',
  },
  {
    name: 'OUTREACH_VOICE_API_KEY',
    unset: 'unset (every call goes to the simulator: demo, sandbox)',
    meaning:
      "the [voice provider](docs/operators/voice-provider.md)'s (Retell's) API key: authenticates requests and verifies its webhooks",
  },
  {
    name: 'OUTREACH_VOICE_BASE_URL',
    default: RETELL_BASE_URL,
    meaning: "Retell's API; change it only for a proxy or a simulator",
  },
  { name: 'OUTREACH_VOICE_FROM_NUMBER', default: '+12025550199', meaning: 'caller id, E.164' },
  {
    name: 'OUTREACH_VOICE_REFUSAL_BACKOFF_MS',
    default: '30000',
    range: [100, 3600000],
    meaning:
      "first wait before a call the voice provider refused for the account's concurrency (a 429, or a call ending `concurrency_limit_reached` / `no_concurrency_fallback`) is dialed again ({range} ms); doubled per attempt up to 16 times it. Not an attempt (docs/operators/voice-provider.md#concurrency-refusals)",
  },
  {
    name: 'OUTREACH_VOICE_ACCOUNT_READ_SECONDS',
    default: '60',
    range: [0, 86400],
    meaning:
      "how old a voice account's concurrency limit (Retell `get-concurrency`) may be before the dispatcher reads it again; 0: never read, accounts cap by the limits stored ({range})",
  },
  {
    name: 'OUTREACH_VOICE_RESERVED_INBOUND',
    default: '0',
    range: [0, 10000],
    meaning: "slots of the operator's voice account kept free for inbound calls ({range})",
  },
  {
    name: 'OUTREACH_VOICE_PAUSE_RECHECK_SECONDS',
    default: '300',
    range: [1, 86400],
    meaning:
      "while dialing on a company's voice account is paused by a `provider.alert`, how long a claimed call waits before it is looked at again ({range})",
  },
  {
    name: 'OUTREACH_VOICE_SIGNATURE_ALERT_FAILURES',
    default: '5',
    range: [1, 100000],
    meaning:
      'voice webhook signature failures naming one company, within OUTREACH_VOICE_SIGNATURE_ALERT_WINDOW_SECONDS in one process, that raise a `provider.alert` and pause dialing on its account ({range})',
  },
  {
    name: 'OUTREACH_VOICE_SIGNATURE_ALERT_WINDOW_SECONDS',
    default: '60',
    range: [1, 3600],
    meaning: 'the window of OUTREACH_VOICE_SIGNATURE_ALERT_FAILURES ({range})',
  },
  {
    name: 'OUTREACH_VOICE_SIMULATOR_URL',
    unset: 'unset (one started in-process)',
    meaning: 'the voice simulator test customers reach; run one shared simulator when several processes dial',
  },
  {
    name: 'OUTREACH_VOICE_SIMULATOR_API_KEY',
    default: SIMULATOR_CREDENTIALS.apiKey,
    meaning: "the simulator's API key (it signs its webhooks with it, as Retell does)",
  },
  {
    name: 'OUTREACH_CALLS_DISPATCH',
    default: 'on',
    meaning: "`off`: this process places no calls (an operator's pause)",
  },
  {
    name: 'OUTREACH_CALLS_CONCURRENCY',
    default: '16',
    range: [1, 256],
    meaning: 'dials in flight per worker process, in 4 batches ({range})',
  },
  {
    name: 'OUTREACH_CALLS_MAX_CONCURRENT_PER_COMPANY',
    default: '10',
    range: [1, 1000],
    meaning: "a company's calls in `dialing` at once ({range}); the company's `calls.maxConcurrentCalls` overrides it",
  },
  {
    name: 'OUTREACH_CALLS_CLAIM_BATCH',
    default: '100',
    range: [1, 1000],
    meaning: 'calls claimed per statement ({range})',
  },
  {
    name: 'OUTREACH_CALLS_POLL_MS',
    default: '500',
    range: [10, 60_000],
    meaning: 'idle poll of the claim loop ({range})',
  },
  {
    name: 'OUTREACH_CALLS_MAX_ATTEMPTS',
    default: '5',
    range: [1, 20],
    meaning: 'attempts per dial while the provider is down, then `failed` ({range})',
  },
  {
    name: 'OUTREACH_CALLS_DIAL_TIMEOUT_SECONDS',
    default: '60',
    range: [2, 3600],
    meaning: 'a dial not finished by then (its worker died) is taken over, provider asked first ({range})',
  },
  {
    name: 'OUTREACH_CALLS_RECONCILE_AFTER_SECONDS',
    default: '900',
    range: [1, 86_400],
    meaning:
      'a call in `dialing` this long (since placed, else claimed) is looked up at the provider by the [reconciliation sweep](docs/architecture/decisions/callback-inbox-and-reconciliation.md#reconciliation) ({range})',
  },
  {
    name: 'OUTREACH_CALLS_RESULT_DEADLINE_SECONDS',
    default: '7200',
    range: [1, 7 * 86_400],
    meaning:
      'a placed call with no analysis this long after it was placed is completed from the ended call, or failed when it never ended ({range}, not shorter than `OUTREACH_CALLS_RECONCILE_AFTER_SECONDS`)',
  },
  {
    name: 'OUTREACH_CALLS_RECONCILE_INTERVAL_SECONDS',
    default: '60',
    range: [1, 3600],
    meaning: 'how often each worker process runs the sweep ({range})',
  },
  {
    name: 'OUTREACH_CALLS_CALLBACKS_IN_FLIGHT',
    default: '128',
    range: [1, 1000],
    meaning:
      "provider callbacks read and verified at once per API process ({range}); the rest wait in memory for a turn, and verified ones wait for the inbox's grouped insert (up to 500 rows). One is answered 503 + `Retry-After: 1` only when 64 MiB of callbacks are received and not yet answered (docs/operators/voice-provider.md#retells-retries-and-when-the-service-sheds)",
  },
  { name: 'OUTREACH_RECORDINGS_DIR', unset: '`<data dir>/recordings`', meaning: 'the recording store' },

  // Batch jobs.
  {
    name: 'OUTREACH_JOBS_CONCURRENCY',
    default: '4',
    range: [1, 64],
    meaning: 'units of batch work run at the same time by one worker process ({range})',
  },
  {
    name: 'OUTREACH_JOBS_SLICES_PER_TRANSACTION',
    default: '8',
    range: [1, 40],
    meaning: 'slices of one enrollment job run together in one transaction ({range}; 1 = each alone)',
  },
  {
    name: 'OUTREACH_JOBS_SET_BASED_SLICES_PER_TRANSACTION',
    default: '40',
    range: [1, 40],
    meaning: 'the same for customer and loan jobs ({range})',
  },
  {
    name: 'OUTREACH_JOBS_MAX_ATTEMPTS',
    default: '6',
    range: [1, 20],
    meaning: 'attempts per slice, including the first ({range})',
  },
  {
    name: 'OUTREACH_JOBS_RETRY_DELAY_SECONDS',
    default: '1',
    range: [1, 3600],
    meaning: 'base of the backoff between attempts: `base·2ⁿ⁻¹` plus jitter ({range})',
  },
  {
    name: 'OUTREACH_JOBS_SLICE_TIMEOUT_SECONDS',
    default: '60',
    range: [1, 3600],
    meaning: 'a claimed slice not acked by then is delivered again; set by the API process that enqueues it ({range})',
  },
  {
    name: 'OUTREACH_JOBS_MAINTENANCE_SECONDS',
    default: '30',
    range: [1, 3600],
    meaning: 'how often workers look for such slices (pg-boss maintenance; {range})',
  },
  {
    name: 'OUTREACH_JOBS_POLL_MS',
    default: '500',
    range: [10, 60_000],
    meaning: 'idle poll of a worker process; a submission in the same process wakes it at once ({range})',
  },
  {
    name: 'OUTREACH_JOBS_SHUTDOWN_GRACE_MS',
    default: '20000',
    range: [0, 600_000],
    meaning: 'how long in-flight slices and dials may finish at shutdown before they are released ({range})',
  },
  {
    name: 'OUTREACH_CONTACT_RECORD_RETENTION_DAYS',
    unset: 'unset (kept indefinitely)',
    meaning:
      'days the retention sweep keeps contact records (calls, messages, reported outside contacts, decisions) after the last activity on their debt, and call recordings after the call; at least 1096 (three years, [Reg F 12 CFR 1006.100](docs/operators/compliance.md#retention)): a shorter value is refused at start-up. Consent evidence is never deleted by the sweep (5-year floor)',
  },
  {
    name: 'OUTREACH_PGBOSS_SCHEMA',
    unset: '`pgboss`',
    meaning: 'pg-boss schema (`<schema>_boss` when the database runs in a non-public schema); a plain identifier',
  },

  // Outbound webhooks.
  {
    name: 'OUTREACH_WEBHOOK_RETRY_BASE_MS',
    default: '10000',
    range: [10, 3_600_000],
    meaning: 'first webhook retry delay; each further one doubles ({range})',
  },
  {
    name: 'OUTREACH_WEBHOOK_RETRY_MAX_MS',
    default: '14400000',
    unset: '4 h',
    range: [10, 24 * 3_600_000],
    meaning: 'longest delay between webhook attempts ({range})',
  },
  {
    name: 'OUTREACH_WEBHOOK_GIVE_UP_MS',
    default: '86400000',
    unset: '24 h',
    range: [0, 30 * 24 * 3_600_000],
    meaning: 'retries continue at least this long, then the delivery is `dead` ({range})',
  },
  {
    name: 'OUTREACH_WEBHOOK_TIMEOUT_MS',
    default: '10000',
    range: [100, 120_000],
    meaning: 'how long one webhook attempt waits for an answer ({range})',
  },

  // Email and SMS.
  {
    name: 'OUTREACH_SMTP_URL',
    unset: 'unset (sandbox)',
    meaning: 'live mail server, `smtp://user:pass@host:587` (STARTTLS required) or `smtps://…`',
  },
  {
    name: 'OUTREACH_SMS_URL',
    unset: 'unset (sandbox)',
    meaning:
      'live SMS provider: the Twilio API base URL the `twilio` library sends to (`https://api.twilio.com`; [SMS provider](docs/operators/sms-provider.md))',
  },
  {
    name: 'OUTREACH_SMS_ACCOUNT_SID',
    unset: '—',
    meaning: 'live Twilio Account SID (`AC…`); required with `OUTREACH_SMS_URL`',
  },
  {
    name: 'OUTREACH_SMS_AUTH_TOKEN',
    unset: '—',
    meaning: 'live SMS auth token (also verifies its callbacks); required with `OUTREACH_SMS_URL`',
  },
  {
    name: 'OUTREACH_SMS_FROM',
    default: '+15005550006',
    meaning: 'default sender number, E.164 (a company may set `channels.sms.from`)',
  },
  {
    name: 'OUTREACH_SANDBOX_SMTP_URL',
    unset: 'started in-process by `serve`',
    meaning: "where test customers' emails go",
  },
  {
    name: 'OUTREACH_SANDBOX_SMS_URL',
    unset: 'started in-process by `serve`',
    meaning: "where test customers' texts go",
  },
  {
    name: 'OUTREACH_SANDBOX_SMS_ACCOUNT_SID',
    unset: '—',
    meaning: 'Account SID (`AC…`); required with `OUTREACH_SANDBOX_SMS_URL`',
  },
  { name: 'OUTREACH_SANDBOX_SMS_AUTH_TOKEN', unset: '—', meaning: 'required with `OUTREACH_SANDBOX_SMS_URL`' },
  { name: 'OUTREACH_SANDBOX_SMS_FROM', default: '+15005550006', meaning: 'sandbox sender number, E.164' },
  {
    name: 'OUTREACH_SANDBOX_RND_URL',
    unset: 'started in-process by `serve`',
    meaning:
      "the Reassigned Numbers Database test customers' calls and texts are checked against: the RND simulator ([compliance](docs/operators/compliance.md#reassigned-numbers)); real customers have no RND adapter yet",
  },
  { name: 'OUTREACH_SANDBOX_RND_KEY', default: 'sim_rnd_key', meaning: "the RND simulator's key" },
  {
    name: 'OUTREACH_EMAIL_FROM',
    default: 'Outreach <no-reply@outreach.invalid>',
    meaning: 'default sender (a company may set `channels.email.from`)',
  },
  {
    name: 'OUTREACH_MESSAGES_POLL_MS',
    default: '1000',
    range: [10, 60_000],
    meaning: "message dispatcher's poll interval ({range})",
  },
  { name: 'OUTREACH_MESSAGES_BATCH', default: '50', range: [1, 1000], meaning: 'messages claimed per round ({range})' },
  {
    name: 'OUTREACH_MESSAGES_PER_COMPANY',
    default: '20',
    range: [1, 1000],
    meaning: "a company's share of a round, so one backlog cannot starve another ({range})",
  },
] as const satisfies readonly Variable[];

type Row = (typeof VARIABLES)[number];
export type VariableName = Row['name'];
/** Variables with a literal default. */
export type DefaultedName = Extract<Row, { default: string }>['name'];
/** Integer variables (they have a range and a default). */
export type IntName = Extract<Row, { range: readonly [number, number] }>['name'];

const BY_NAME: ReadonlyMap<string, Variable> = new Map(VARIABLES.map((v) => [v.name, v]));

/** The table's row of a variable; a name not in the table is a programming error. */
export function variable(name: string): Variable {
  const row = BY_NAME.get(name);
  if (!row) throw new Error(`${name} is not in the table of environment variables (src/config/variables.ts)`);
  return row;
}
