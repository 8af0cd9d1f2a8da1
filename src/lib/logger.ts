/** Minimal structured logger: one JSON object a line on stdout (stderr for errors). */
export type LogLevel = 'silent' | 'error' | 'info' | 'debug';
const RANK: Record<LogLevel, number> = { silent: 0, error: 1, info: 2, debug: 3 };

export interface Logger {
  error(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  debug(msg: string, fields?: Record<string, unknown>): void;
}

export function createLogger(level: LogLevel): Logger {
  const emit = (at: Exclude<LogLevel, 'silent'>, msg: string, fields?: Record<string, unknown>) => {
    if (RANK[at] > RANK[level]) return;
    const line = JSON.stringify({ time: new Date().toISOString(), level: at, msg, ...fields });
    (at === 'error' ? process.stderr : process.stdout).write(line + '\n');
  };
  return {
    error: (m, f) => emit('error', m, f),
    info: (m, f) => emit('info', m, f),
    debug: (m, f) => emit('debug', m, f),
  };
}
