import type { Knex } from 'knex';
import pg from 'pg';
import { type Db, dialectOf } from '../shared/db.js';
import { type PreparedStatement, runPrepared } from '../shared/prepared.js';

/**
 * How an API process learns that keys or company settings changed anywhere (migration
 * 20261122_006: the database announces every such change itself).
 */
export interface AuthChangeFeed {
  /**
   * Asked before an answer is served from memory. Reports changes seen since the last call through
   * the subscriber; false while changes could be missed (then nothing may be served from memory).
   */
  fresh(): boolean | Promise<boolean>;
  /** `companyId` null: anything may have changed. */
  subscribe(onChange: (companyId: string | null) => void): void;
  stop(): Promise<void>;
}

const CHANNEL = 'outreach_auth';
/** Reconnection after a lost listener: 250 ms, doubling up to 30 s, with jitter so processes do not reconnect in step. */
const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 30_000;
/** A connection can die without a word (a dropped route, a frozen server): a round trip proves it still listens. */
const PING_EVERY_MS = 5_000;
const PING_TIMEOUT_MS = 5_000;

/** How operators and tests find a process's listener in pg_stat_activity (`<pid>` is the API process). */
export const listenerName = (pid: number = process.pid) => `outreach-auth-listener ${pid}`;

export function authChangeFeed(db: Db): AuthChangeFeed {
  return dialectOf(db) === 'pg'
    ? new ListeningFeed((db.client as Knex.Client).config.connection as string | pg.ClientConfig)
    : new RevisionFeed(db);
}

/**
 * Postgres: LISTEN on a connection of its own. Until it listens (at start, after a lost connection)
 * nothing is fresh, so every request reads its key from the database. Losing the connection (an
 * error, its end, a ping that fails or hangs) drops every cached entry at once; the feed reconnects
 * with backoff and, once it listens again, drops them again: whatever changed while nobody
 * listened (a key revoked meanwhile) is read afresh.
 */
class ListeningFeed implements AuthChangeFeed {
  private client: pg.Client | null = null;
  private listening = false;
  private stopped = false;
  private onChange: (companyId: string | null) => void = () => undefined;
  private retry: NodeJS.Timeout | undefined;
  private ping: NodeJS.Timeout | undefined;
  private failures = 0;

  constructor(private readonly connection: string | pg.ClientConfig) {}

  fresh(): boolean {
    return this.listening;
  }

  subscribe(onChange: (companyId: string | null) => void): void {
    this.onChange = onChange;
    void this.connect();
  }

  private async connect(): Promise<void> {
    const settings = typeof this.connection === 'string' ? { connectionString: this.connection } : this.connection;
    const client = new pg.Client({ ...settings, application_name: listenerName(), keepAlive: true });
    this.client = client;
    client.on('notification', (n) => this.onChange(n.payload || null));
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      if (this.client !== client) return;
      this.listening = true;
      this.failures = 0;
      this.onChange(null); // whatever changed while nobody listened
      this.schedulePing(client);
    } catch {
      this.lost(client);
    }
  }

  private schedulePing(client: pg.Client): void {
    this.ping = setTimeout(() => {
      const timeout = setTimeout(() => this.lost(client), PING_TIMEOUT_MS).unref();
      client.query('SELECT 1').then(
        () => {
          clearTimeout(timeout);
          if (this.client === client) this.schedulePing(client);
        },
        () => {
          clearTimeout(timeout);
          this.lost(client);
        },
      );
    }, PING_EVERY_MS).unref();
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    this.listening = false;
    clearTimeout(this.ping);
    this.onChange(null);
    client.end().catch(() => undefined);
    if (this.stopped) return;
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** this.failures++);
    this.retry = setTimeout(() => void this.connect(), delay * (0.75 + Math.random() / 2)).unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    clearTimeout(this.ping);
    const client = this.client;
    this.client = null;
    this.listening = false;
    await client?.end().catch(() => undefined);
  }
}

/** Read for the requests of each turn of the event loop that use a cached key (prepared once: Knex would prepare it again each time). */
const REVISION: PreparedStatement = { name: 'auth_revision', text: 'SELECT revision FROM auth_revision WHERE id = 1' };

/**
 * SQLite: other processes (the CLI) write the same file; a trigger-kept revision says whether anything
 * changed. The requests of one turn of the event loop share one read, made when the turn ends
 * (setImmediate), so it still starts after each of them arrived and sees every change committed
 * before; a request arriving once that read has started waits for the next one. Each read is a
 * statement and a read lock (two fcntl calls) that every request paid on its own.
 */
class RevisionFeed implements AuthChangeFeed {
  private seen: number | null = null;
  private onChange: (companyId: string | null) => void = () => undefined;
  private next: Promise<boolean> | null = null;

  constructor(private readonly db: Db) {}

  fresh(): Promise<boolean> {
    this.next ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      this.next = null;
      return this.read();
    });
    return this.next;
  }

  private async read(): Promise<boolean> {
    const row = (await runPrepared(this.db, REVISION, []))[0];
    const revision = Number(row?.revision ?? -1);
    if (revision !== this.seen) {
      this.seen = revision;
      this.onChange(null);
    }
    return true;
  }

  subscribe(onChange: (companyId: string | null) => void): void {
    this.onChange = onChange;
  }

  async stop(): Promise<void> {}
}
