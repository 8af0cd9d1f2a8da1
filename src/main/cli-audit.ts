import fs from 'node:fs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { exportContactRecords } from '../domain/audit/contact-export.js';
import { type ExportFormat, exportHeader, exportLine } from '../domain/audit/export-format.js';
import { InvalidInputError } from '../domain/shared/errors.js';
import type { Db } from '../store/shared/db.js';

export const AUDIT_USAGE = `  audit export --company ID --from ISO --to ISO [--customer ID] [--format jsonl|csv] [--out FILE]
                                          the examiner's export (docs/operators/compliance.md): one record per
                                          call, text or email attempted, or decided against, scheduled in
                                          [from, to), with its consent, every rule evaluated, the message or
                                          recording; and the reported outside contacts, consent events and
                                          restriction changes; --customer: one customer's only; streams to
                                          stdout or FILE (JSON Lines by default)`;

export interface AuditArgs {
  from?: string;
  to?: string;
  format?: string;
  out?: string;
  customer?: string;
  need(name: 'company'): string;
  /** Where the export goes without --out. */
  stdout: Writable;
}

export class AuditUsageError extends Error {}

/** `outreach audit …`; null for an unknown subcommand. Answers the exit code. */
export async function runAuditCommand(db: Db, command: string, args: AuditArgs): Promise<number | null> {
  if (command !== 'audit export') return null;
  const format = (args.format ?? 'jsonl') as ExportFormat;
  if (format !== 'jsonl' && format !== 'csv')
    throw new AuditUsageError(`--format must be jsonl or csv, got "${args.format}"`);
  if (!args.from || !args.to) throw new AuditUsageError('--from and --to are required for "audit export"');
  const records = exportContactRecords(db, args.need('company'), {
    from: args.from,
    to: args.to,
    ...(args.customer !== undefined ? { customerId: args.customer } : {}),
  });
  // Bad input (exit 2) or an unknown company (exit 1) fails before a file is created.
  const first = await records.next().catch((err: unknown) => {
    throw err instanceof InvalidInputError ? new AuditUsageError(err.message) : err;
  });
  const out: Writable = args.out ? fs.createWriteStream(args.out) : args.stdout;
  // Backpressure: wait for the sink to drain, so the records never pile up in memory.
  const write = async (text: string) => {
    if (text && !out.write(text)) await once(out, 'drain');
  };
  await write(exportHeader(format));
  if (!first.done) {
    await write(exportLine(format, first.value));
    for await (const r of records) await write(exportLine(format, r));
  }
  if (args.out)
    await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  // The command exits right after: stdout is never ended, so wait until its queued writes reached the OS.
  else
    await new Promise<void>((resolve, reject) =>
      out.write('', (err?: Error | null) => (err ? reject(err) : resolve())),
    );
  return 0;
}
