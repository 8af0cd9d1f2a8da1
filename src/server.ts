import type { Server } from 'node:http';
import { createApp } from './app.js';
import type { Config } from './config.js';
import type { ApiOptions } from './http/api.js';
import { createLogger, type Logger } from './lib/logger.js';
import { type Db, openDb } from './store/db.js';
import { migrateLatest } from './store/migrate.js';

export interface RunningService {
  server: Server;
  url: string;
  db: Db;
  stop(): Promise<void>;
}

export interface StartOptions extends ApiOptions {
  migrate?: boolean;
  /** Reuse an open database (tests); otherwise one is opened from config.databaseUrl. */
  db?: Db;
  now?: () => Date;
  log?: Logger;
}

/** Starts the HTTP API; `stop()` stops accepting, drains open requests and closes the database. */
export async function startService(config: Config, opts: StartOptions = {}): Promise<RunningService> {
  const log = opts.log ?? createLogger(config.logLevel);
  const db = opts.db ?? openDb(config.databaseUrl);
  if (opts.migrate !== false) {
    const applied = await migrateLatest(db);
    if (applied.length) log.info('migrations applied', { applied });
  }
  const { app } = await createApp({ db, config, now: opts.now ?? (() => new Date()), log }, opts);
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(config.port, config.host, () => resolve(s));
    s.once('error', reject);
  });
  server.keepAliveTimeout = 65_000; // longer than common load-balancer idle timeouts
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host}:${port}`;
  log.info('listening', { url });
  return {
    server,
    url,
    db,
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      if (!opts.db) await db.destroy();
    },
  };
}
