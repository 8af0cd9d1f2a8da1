import fs from 'node:fs';
import type { Writable } from 'node:stream';

/**
 * Where a command reads and writes. The `outreach` binary passes the process's own (processIo); tests
 * run commands in-process with their own streams and environment, so a command's output and exit code
 * are checked without starting a process for each (CI time: a spawned tsx process costs seconds).
 */
export interface CliIo {
  env: NodeJS.ProcessEnv;
  stdout: Writable;
  stderr: Writable;
  /** The whole of standard input (config set without --file, --password-stdin). */
  readStdin(): string;
}

export function processIo(): CliIo {
  return {
    env: process.env,
    stdout: process.stdout,
    stderr: process.stderr,
    readStdin: () => fs.readFileSync(0, 'utf8'),
  };
}

/** One line to a stream (what console.log does for stdout). */
export function writeLine(stream: Writable, text: string): void {
  stream.write(`${text}\n`);
}
