import { pino } from 'pino';

export const LOG_LEVELS = ['silent', 'fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * Structured logs through pino: one JSON object a line, `level` as its name and `time` in ISO-8601;
 * error and fatal go to stderr, the rest to stdout. Call sites pass the message first and fields second.
 */
export interface Logger {
  error(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  debug(msg: string, fields?: Record<string, unknown>): void;
}

export function createLogger(
  level: LogLevel,
  streams?: { out: NodeJS.WritableStream; err: NodeJS.WritableStream },
): Logger {
  const target = pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    pino.multistream(
      [
        { level: 'trace', stream: streams?.out ?? process.stdout },
        { level: 'error', stream: streams?.err ?? process.stderr },
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
