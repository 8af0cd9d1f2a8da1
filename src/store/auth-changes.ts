import pg from 'pg';
import { type Db, dialectOf } from './db.js';

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
const RECONNECT_MS = 1_000;

export function authChangeFeed(db: Db): AuthChangeFeed {
  return dialectOf(db) === 'pg' ? new ListeningFeed(db.client.config.connection as string | pg.ClientConfig) : new RevisionFeed(db);
}

/** Postgres: LISTEN on a connection of its own. Until it listens (at start, after a lost connection) nothing is fresh. */
class ListeningFeed implements AuthChangeFeed {
  private client: pg.Client | null = null;
  private listening = false;
  private stopped = false;
  private onChange: (companyId: string | null) => void = () => undefined;
  private retry: NodeJS.Timeout | undefined;

  constructor(private readonly connection: string | pg.ClientConfig) {}

  fresh(): boolean {
    return this.listening;
  }

  subscribe(onChange: (companyId: string | null) => void): void {
    this.onChange = onChange;
    void this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client(typeof this.connection === 'string' ? { connectionString: this.connection } : this.connection);
    this.client = client;
    client.on('notification', (n) => this.onChange(n.payload || null));
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      if (this.client !== client) return;
      this.listening = true;
      this.onChange(null); // whatever changed while nobody listened
    } catch {
      this.lost(client);
    }
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    this.listening = false;
    this.onChange(null);
    client.end().catch(() => undefined);
    if (!this.stopped) this.retry = setTimeout(() => void this.connect(), RECONNECT_MS).unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    this.listening = false;
    await client?.end().catch(() => undefined);
  }
}

/** SQLite: other processes (the CLI) write the same file; a trigger-kept revision says whether anything changed. */
class RevisionFeed implements AuthChangeFeed {
  private seen: number | null = null;
  private onChange: (companyId: string | null) => void = () => undefined;

  constructor(private readonly db: Db) {}

  async fresh(): Promise<boolean> {
    const row = await this.db('auth_revision').where({ id: 1 }).first('revision');
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
