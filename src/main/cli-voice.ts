import { companyVoiceProviders } from '../adapters/voice/company-providers.js';
import { RetellVoiceProvider } from '../adapters/voice/retell-voice-provider.js';
import type { CompanyConfig } from '../domain/shared/company-config.js';
import type { SecretBox } from '../domain/ports/secrets.js';
import type { Config } from '../config/config.js';
import { setUpVoiceAgents } from '../domain/calls/voice-agents.js';
import { ProviderRejectedError, ProviderUnavailableError } from '../domain/ports/voice-provider.js';
import { UnprocessableError } from '../domain/shared/errors.js';
import type { Db } from '../store/shared/db.js';
import { type CliIo, writeLine } from './cli-io.js';
import { userInfo } from 'node:os';
import { resumeVoiceAccount } from '../domain/calls/refusals.js';
import { NotFoundError } from '../domain/shared/errors.js';

export const VOICE_USAGE = `  voice resume --company ID [--by NAME] [--json]
                                          resume dialing on the company's voice account after a
                                          provider.alert paused it (docs/operators/voice-provider.md#alerts-and-pauses);
                                          records who (--by, else the OS user) and when; exit 1 when not paused
  voice agents --company ID [--check] [--json]
                                          give the company's voice agents (Retell) the post-call analysis
                                          fields the service reads and, for collections, the Reg F
                                          limited-content voicemail from calls.voicemail, publish them and
                                          record the published version calls pin; --check only reports
                                          the drift (exit 1 when there is any)`;

export interface VoiceArgs {
  json: boolean;
  check: boolean;
  need(name: 'company'): string;
  /** Who resumes dialing (`voice resume`); the OS user when not given. */
  by?: string;
}

/**
 * `outreach voice …`; null for an unknown subcommand. Speaks to the company's own Retell account
 * (company configuration `calls.provider`), else the operator's (OUTREACH_VOICE_API_KEY), else the
 * simulator at OUTREACH_VOICE_SIMULATOR_URL.
 */
export async function runVoiceCommand(
  db: Db,
  config: Config,
  secrets: SecretBox,
  command: string,
  args: VoiceArgs,
  io: CliIo,
): Promise<number | null> {
  if (command === 'voice resume') return resumeCommand(db, args, new Date(), io);
  if (command !== 'voice agents') return null;
  const c = config.calls;
  const requestTimeoutMs = 10_000;
  const target = c.provider ?? (c.simulator.url ? { baseUrl: c.simulator.url, apiKey: c.simulator.apiKey } : null);
  const fallback = target
    ? new RetellVoiceProvider({ name: c.provider ? 'live' : 'sandbox', ...target, requestTimeoutMs })
    : null;
  const companyVoice = companyVoiceProviders(secrets, { baseUrl: c.retellBaseUrl, requestTimeoutMs });
  const providerOf = (companyId: string, companyConfig: CompanyConfig) => {
    const provider = companyVoice(companyId, companyConfig) ?? fallback;
    if (!provider)
      throw new NoProviderError(
        'no voice provider to set up: set OUTREACH_VOICE_API_KEY or calls.provider (or OUTREACH_VOICE_SIMULATOR_URL for a running simulator)',
      );
    return provider;
  };
  let reports;
  try {
    reports = await setUpVoiceAgents(db, providerOf, args.need('company'), {
      check: args.check,
      // The simulator's sandbox agents stand in for unconfigured task types; a live account has only the agents it issued.
      simulated: (provider) => provider === fallback && !c.provider,
    });
  } catch (err) {
    if (err instanceof NoProviderError) {
      writeLine(io.stderr, err.message);
      return 2;
    }
    if (!(
      err instanceof ProviderRejectedError ||
      err instanceof ProviderUnavailableError ||
      err instanceof UnprocessableError
    ))
      throw err;
    writeLine(io.stderr, `outreach: ${err.message}`);
    return 1;
  }
  if (args.json) writeLine(io.stdout, JSON.stringify(reports));
  else {
    for (const r of reports) {
      const state =
        r.differences.length === 0
          ? 'as required'
          : r.changed
            ? `updated: ${r.differences.join(', ')}`
            : `differs: ${r.differences.join(', ')}`;
      const published = r.publishedVersion === null ? 'not published' : `published version ${r.publishedVersion}`;
      writeLine(
        io.stdout,
        `${r.agentId}  (${r.taskTypes.join(', ')}; ${r.languages.join(', ')})  ${state}; ${published}${r.voicemail ? `\n  voicemail: ${r.voicemail}` : ''}`,
      );
    }
  }
  return args.check && reports.some((r) => r.differences.length > 0) ? 1 : 0;
}

class NoProviderError extends Error {}

/** `outreach voice resume`: closes the company's open provider alert, recording who and when. */
export async function resumeCommand(db: Db, args: VoiceArgs, now: Date, io: CliIo): Promise<number> {
  const companyId = args.need('company');
  const by = args.by?.trim() || userInfo().username;
  try {
    const alerts = await resumeVoiceAccount(db, companyId, by, now);
    if (args.json) writeLine(io.stdout, JSON.stringify(alerts));
    else
      for (const a of alerts)
        writeLine(
          io.stdout,
          `dialing resumed on company ${companyId}'s ${a.provider} voice account (alert ${a.kind} of ${a.raisedAt}) by ${by} at ${a.resumedAt}`,
        );
    return 0;
  } catch (err) {
    if (!(err instanceof NotFoundError)) throw err;
    writeLine(io.stderr, `outreach: ${err.message}`);
    return 1;
  }
}
