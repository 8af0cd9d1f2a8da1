import { PassThrough } from 'node:stream';
import { runCli } from '../../src/main/cli-run.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs an `outreach` command in this process (src/main/cli-run.ts) with these arguments, environment
 * (over this process's, logs silenced) and standard input, and answers its exit code and output. The
 * binary itself (src/main/cli.ts) only hands the process's own streams to the same function; it is
 * started for real where a test is about the process (test/main/startup.test.ts, the worker and
 * crash tests, the LoanPro simulator command). A started tsx process costs seconds of CPU; this costs
 * milliseconds.
 */
export async function runOutreach(
  args: string[],
  options: { env?: Record<string, string | undefined>; stdin?: string } = {},
): Promise<CliResult> {
  const stdout = collected();
  const stderr = collected();
  const code = await runCli(args, {
    env: { ...process.env, LOG_LEVEL: 'silent', ...options.env },
    stdout: stdout.stream,
    stderr: stderr.stream,
    readStdin: () => options.stdin ?? '',
  });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

function collected() {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}
