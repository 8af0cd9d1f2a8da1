import { type DestinationStream, pino } from 'pino';

export const LOG_LEVELS = ['silent', 'fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * Structured logs through pino: one JSON object a line, `level` as its name and `time` in ISO-8601;
 * error and fatal go to stderr, the rest to stdout. Call sites pass the message first and fields second.
 *
 * stdout is written asynchronously (pino.destination, sync: false): Node writes a line to a file or
 * pipe with a blocking write(2) each, and the request log line's write was 3.4% of the service's
 * CPU under enrollment load (docs/architecture/enrollment-cost.md); lines that arrive while a write
 * is in flight go out together in the next one, and pino writes what is pending when the process
 * exits. stderr stays synchronous, so an error is out before whatever follows it.
 */
export interface Logger {
  error(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  debug(msg: string, fields?: Record<string, unknown>): void;
}

export function createLogger(level: LogLevel, streams?: { out: NodeJS.WritableStream; err: NodeJS.WritableStream }): Logger {
  const target = pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    pino.multistream(
      [
        { level: 'trace', stream: streams?.out ?? standardStreams().out },
        { level: 'error', stream: streams?.err ?? standardStreams().err },
      ],
      { dedupe: true },
    ),
  );
  return {
    error: (m, f) => target.error(f ?? {}, m),
    warn: (m, f) => target.warn(f ?? {}, m),
    info: (m, f) => target.info(f ?? {}, m),
    debug: (m, f) => target.debug(f ?? {}, m),
  };
}

let standard: { out: DestinationStream; err: DestinationStream } | undefined;

/** The process's stdout and stderr as pino destinations, made once however many loggers a process makes. */
function standardStreams(): { out: DestinationStream; err: DestinationStream } {
  standard ??= { out: pino.destination({ dest: 1, sync: false }), err: pino.destination({ dest: 2, sync: true }) };
  return standard;
}
