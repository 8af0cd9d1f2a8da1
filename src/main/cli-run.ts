import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { aesGcmBox, configKeySource } from '../adapters/secrets/aes-gcm-box.js';
import { ConfigError, loadConfig } from '../config/config.js';
import { issueApiKey, listKeys, revokeKey } from '../domain/companies/api-keys.js';
import {
  createCompany,
  getCompanyConfig,
  listCompanySummaries,
  setCompanyConfig,
} from '../domain/companies/companies.js';
import { DomainError } from '../domain/shared/errors.js';
import { processClock } from '../adapters/clock/sandbox-clock.js';
import { startVoiceSimulator } from '../simulators/voice/server.js';
import { SecretUnreadableError } from '../domain/ports/secrets.js';
import { readSeedFile, SeedError } from '../simulators/loanpro/seed.js';
import { startLoanProSimulator } from '../simulators/loanpro/server.js';
import { projectRoot } from '../lib/project-root.js';
import { ListenError, startService, startWorker } from './server.js';
import { connectDatabase, DatabaseUnavailableError } from '../store/shared/connect.js';
import { runWebhookCommand, WEBHOOK_USAGE } from './cli-webhooks.js';
import { runVoiceCommand, VOICE_USAGE } from './cli-voice.js';
import { DOCTOR_USAGE, runDoctorCommand } from './cli-doctor.js';
import { AUDIT_USAGE, AuditUsageError, runAuditCommand } from './cli-audit.js';
import { type CliIo, writeLine } from './cli-io.js';
import { migrateLatest } from '../store/shared/migrate.js';
import { createConsoleUser } from '../domain/console/users.js';
import { generatePassword } from '../domain/console/passwords.js';

export const USAGE = `Usage: outreach <command> [options]

  serve [--no-migrate] [--no-workers]     run the HTTP API and the batch workers (applies pending
                                          migrations first); --no-workers runs the API alone
  worker [--no-migrate]                   run batch workers only (scale apart from API nodes)
  migrate                                 apply pending database migrations
  simulator voice [--port N] [--hold-callbacks]
                                          run the voice provider simulator on 127.0.0.1 (docs/partners/sandbox.md#voice-simulator-and-magic-numbers);
                                          --hold-callbacks keeps callbacks until POST /sim/callbacks/release
  company create --name NAME [--json]     create a company and its first API key
  company list [--json]                   list companies (id, name, created, live keys)
  company config get --company ID         print the company configuration (JSON; secrets masked)
  company config set --company ID [--file F]
                                          replace the configuration (JSON from F or stdin), validated;
                                          secrets are stored encrypted (OUTREACH_CONFIG_KEY), and a
                                          masked secret ("********") keeps the stored one
  key create --company ID [--json]        issue another API key for a company
  key list --company ID [--json]          list a company's keys (id, prefix, created, revoked)
  key revoke --company ID --key ID|PREFIX revoke a key
  user create --company ID --email E --role viewer|operator [--password-stdin] [--json]
                                          create a console user (docs/operators/console.md); prints a
                                          generated password once, or reads one from stdin
  simulator loanpro --seed F [--port N]   run the simulated LoanPro LMS API on 127.0.0.1 (docs/partners/lms.md#simulator)

${WEBHOOK_USAGE}
${VOICE_USAGE}
${DOCTOR_USAGE}
${AUDIT_USAGE}
  --version                               print the version
  simulator sms [--port N] [--inbound-url URL]
                                          run the SMS simulator (Twilio Messaging protocol) on 127.0.0.1;
                                          inbound texts go to URL (default PUBLIC_BASE_URL/webhooks/sms/inbound)

DATABASE_URL selects the database (postgres://… or sqlite:PATH; default sqlite:./data/outreach.db).`;

/**
 * Runs one `outreach` command and answers its exit code. Commands that serve (serve, worker, the
 * simulators) never settle: they run until a signal ends the process.
 */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  try {
    return await runCommand(argv, io);
  } catch (err) {
    if (err instanceof DatabaseUnavailableError || err instanceof ListenError) {
      writeLine(io.stderr, `outreach: ${err.message}`);
      return 1;
    }
    if (
      err instanceof UsageError ||
      err instanceof AuditUsageError ||
      err instanceof ConfigError ||
      err instanceof DomainError ||
      err instanceof SeedError ||
      err instanceof SecretUnreadableError ||
      (err as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
    ) {
      writeLine(io.stderr, `outreach: ${(err as Error).message}`);
      if (err instanceof UsageError || err instanceof AuditUsageError) writeLine(io.stderr, USAGE);
      return err instanceof DomainError ? 1 : 2;
    }
    writeLine(io.stderr, err instanceof Error ? (err.stack ?? err.message) : String(err));
    return 1;
  }
}

async function runCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      company: { type: 'string' },
      key: { type: 'string' },
      file: { type: 'string' },
      seed: { type: 'string' },
      port: { type: 'string' },
      'hold-callbacks': { type: 'boolean' },
      check: { type: 'boolean', default: false },
      url: { type: 'string' },
      endpoint: { type: 'string' },
      delivery: { type: 'string' },
      status: { type: 'string' },
      limit: { type: 'string' },
      'overlap-hours': { type: 'string' },
      json: { type: 'boolean', default: false },
      'no-migrate': { type: 'boolean', default: false },
      'no-workers': { type: 'boolean', default: false },
      'inbound-url': { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      format: { type: 'string' },
      out: { type: 'string' },
      customer: { type: 'string' },
      email: { type: 'string' },
      role: { type: 'string' },
      by: { type: 'string' },
      'password-stdin': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
      version: { type: 'boolean', short: 'v', default: false },
    },
  });
  const command = positionals.join(' ');
  if (values.version) {
    const { version } = JSON.parse(fs.readFileSync(`${projectRoot()}/package.json`, 'utf8')) as { version: string };
    writeLine(io.stdout, version);
    return 0;
  }
  if (values.help || !command) {
    writeLine(io.stdout, USAGE);
    return values.help ? 0 : 2;
  }
  if (command === 'simulator loanpro') return runLoanProSimulator(values.seed, values.port, io);
  const config = loadConfig(io.env);

  if (command === 'simulator voice') {
    const port = values.port === undefined ? 0 : Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new UsageError(`--port must be 0-65535, got "${values.port}"`);
    const simulator = await startVoiceSimulator({
      port,
      apiKey: config.calls.simulator.apiKey,
      now: processClock(config.calls.clockStart),
      holdCallbacks: values['hold-callbacks'] ?? false,
    });
    writeLine(
      io.stdout,
      JSON.stringify({
        level: 'info',
        msg: 'voice simulator listening',
        url: simulator.url,
        clock: config.calls.clockStart?.toISOString() ?? 'real time',
      }),
    );
    const stop = async () => {
      await simulator.close();
      process.exit(0);
    };
    process.once('SIGTERM', () => void stop());
    process.once('SIGINT', () => void stop());
    return new Promise<number>(() => {});
  }

  if (command === 'simulator sms') {
    const port = Number(values.port ?? 0);
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new UsageError(`--port must be 0-65535, got "${values.port}"`);
    const sandbox = config.channels.sandboxSms;
    const { SmsSimulator } = await import('../simulators/sms/server.js'); // only this command needs it
    const simulator = new SmsSimulator({
      accountSid: sandbox?.accountSid,
      authToken: sandbox?.authToken,
      inboundUrl: values['inbound-url'] ?? `${config.publicBaseUrl}/webhooks/sms/inbound`,
    });
    const url = await simulator.start(port);
    writeLine(
      io.stdout,
      JSON.stringify({
        level: 'info',
        msg: 'sms simulator listening',
        url,
        accountSid: simulator.accountSid,
        inboundUrl: simulator.inboundUrl,
      }),
    );
    const stop = async () => {
      await simulator.stop();
      process.exit(0);
    };
    process.once('SIGTERM', () => void stop());
    process.once('SIGINT', () => void stop());
    return new Promise<number>(() => {});
  }

  if (command === 'serve' || command === 'worker') {
    // Graceful: stop taking work, let in-flight requests and slices finish (or release them), exit.
    const service =
      command === 'serve'
        ? await startService(config, {
            migrate: !values['no-migrate'],
            workers: !values['no-workers'],
            localChannelServers: true,
          })
        : await startWorker(config, { migrate: !values['no-migrate'] });
    const shutdown = async (signal: string) => {
      writeLine(io.stderr, JSON.stringify({ level: 'info', msg: 'shutting down', signal }));
      // SIGTERM (an orchestrator): /readyz turns unready at once and requests are still served for
      // the delay, so the load balancer stops sending before connections drain. SIGINT (a person): at once.
      if ('drain' in service) {
        service.drain();
        if (signal === 'SIGTERM') await new Promise((r) => setTimeout(r, config.shutdownDelayMs));
      }
      await service.stop();
      process.exit(0);
    };
    process.once('SIGTERM', () => void shutdown('SIGTERM'));
    process.once('SIGINT', () => void shutdown('SIGINT'));
    return new Promise<number>(() => {}); // runs until a signal
  }

  const db = await connectDatabase(config.databaseUrl);
  try {
    await migrateLatest(db);
    const now = new Date();
    const need = (name: 'name' | 'company' | 'key' | 'url' | 'endpoint' | 'delivery' | 'email' | 'role'): string => {
      const v = values[name];
      if (!v) throw new UsageError(`--${name} is required for "${command}"`);
      return v;
    };
    if (command === 'doctor') {
      const secrets = aesGcmBox(configKeySource(config.configKey, config.databaseUrl));
      return await runDoctorCommand(
        db,
        config,
        secrets,
        { json: values.json, companyId: need('company') },
        { out: (text) => writeLine(io.stdout, text) },
      );
    }
    if (command.startsWith('webhook ')) {
      const args = {
        json: values.json,
        need,
        status: values.status,
        endpoint: values.endpoint,
        limit: values.limit,
        overlapHours: values['overlap-hours'],
      };
      const code = await runWebhookCommand(db, command, args, now, io.stdout);
      if (code !== null) return code;
    }
    if (command.startsWith('voice ')) {
      const code = await runVoiceCommand(
        db,
        config,
        aesGcmBox(configKeySource(config.configKey, config.databaseUrl)),
        command,
        { json: values.json, check: values.check, need, by: values.by },
        io,
      );
      if (code !== null) return code;
    }
    if (command.startsWith('audit ')) {
      const code = await runAuditCommand(db, command, {
        from: values.from,
        to: values.to,
        format: values.format,
        out: values.out,
        customer: values.customer,
        need,
        stdout: io.stdout,
      });
      if (code !== null) return code;
    }
    switch (command) {
      case 'migrate':
        writeLine(io.stdout, 'migrations are current');
        return 0;
      case 'company create': {
        const created = await createCompany(db, need('name'), now);
        writeLine(
          io.stdout,
          values.json
            ? JSON.stringify(created)
            : `company ${created.companyId}\napi key ${created.apiKey}  (shown once; store it now)`,
        );
        return 0;
      }
      case 'company list': {
        const companies = await listCompanySummaries(db);
        if (values.json) writeLine(io.stdout, JSON.stringify(companies));
        else
          for (const c of companies)
            writeLine(io.stdout, `${c.companyId}  ${c.createdAt}  keys ${c.activeKeys}  ${c.name}`);
        return 0;
      }
      case 'company config get':
        writeLine(io.stdout, JSON.stringify(await getCompanyConfig(db, need('company')), null, 2));
        return 0;
      case 'company config set': {
        const text = values.file ? fs.readFileSync(values.file, 'utf8') : io.readStdin();
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          throw new UsageError('configuration is not valid JSON');
        }
        const secrets = aesGcmBox(configKeySource(config.configKey, config.databaseUrl));
        writeLine(io.stdout, JSON.stringify(await setCompanyConfig(db, need('company'), parsed, secrets), null, 2));
        return 0;
      }
      case 'key create': {
        const { apiKey } = await issueApiKey(db, need('company'), now);
        writeLine(
          io.stdout,
          values.json ? JSON.stringify({ apiKey }) : `api key ${apiKey}  (shown once; store it now)`,
        );
        return 0;
      }
      case 'key list': {
        const keys = await listKeys(db, need('company'));
        if (values.json) writeLine(io.stdout, JSON.stringify(keys));
        else
          for (const k of keys)
            writeLine(
              io.stdout,
              `${k.id}  ${k.prefix}…  created ${k.createdAt}  ${k.revokedAt ? `revoked ${k.revokedAt}` : 'active'}`,
            );
        return 0;
      }
      case 'user create': {
        const given = values['password-stdin'] ? io.readStdin().replace(/\r?\n$/, '') : undefined;
        const password = given ?? generatePassword();
        const user = await createConsoleUser(
          db,
          need('company'),
          { email: need('email'), role: need('role'), password },
          now,
        );
        const shown = given === undefined ? { password } : {};
        if (values.json) writeLine(io.stdout, JSON.stringify({ ...user, ...shown }));
        else
          writeLine(
            io.stdout,
            `console user ${user.email} (${user.role})${given === undefined ? `\npassword ${password}  (shown once; store it now)` : ''}`,
          );
        return 0;
      }
      case 'key revoke':
        await revokeKey(db, need('company'), need('key'), now);
        writeLine(io.stdout, 'revoked');
        return 0;
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } finally {
    await db.destroy();
  }
}

class UsageError extends Error {}

/** `outreach simulator loanpro`: serves the seed until SIGINT/SIGTERM; prints where (one JSON line). */
async function runLoanProSimulator(
  seedFile: string | undefined,
  portText: string | undefined,
  io: CliIo,
): Promise<number> {
  if (!seedFile) throw new UsageError('--seed is required for "simulator loanpro"');
  const port = portText === undefined ? 0 : Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port must be 0-65535, got "${portText}"`);
  const sim = await startLoanProSimulator(readSeedFile(seedFile), { port });
  writeLine(
    io.stdout,
    JSON.stringify({ simulator: 'loanpro', baseUrl: sim.baseUrl, instanceId: sim.instanceId, token: sim.token }),
  );
  const stop = () => void sim.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  return new Promise<number>(() => {}); // runs until a signal
}
