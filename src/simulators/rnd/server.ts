import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  RND_MAX_QUERIES,
  RND_QUERY_PATH,
  RND_SIMULATOR_KEY,
  type RndQueryAnswer,
  type RndQueryBody,
} from '../../adapters/rnd/protocol.js';
import { rndAnswerFor, rndOutcomeFor } from './magic-numbers.js';

const TN = /^[2-9]\d{2}[2-9]\d{6}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_BODY = 256 * 1024;

/**
 * A real HTTP server answering Reassigned Numbers Database queries in the sandbox's protocol
 * (src/adapters/rnd/protocol.ts), on 127.0.0.1: each number and date is answered by the magic
 * numbers (src/simulators/rnd/magic-numbers.ts), else `no` (`no_data` before the RND's data).
 * `queries` records every query received, in order (tests).
 */
export class RndSimulator {
  readonly key: string;
  readonly queries: Array<{ tn: string; date: string }> = [];
  private readonly server = http.createServer((req, res) => void this.route(req, res));
  private port = 0;

  constructor(opts: { key?: string } = {}) {
    this.key = opts.key ?? RND_SIMULATOR_KEY;
  }

  async start(port = 0, host = '127.0.0.1'): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => resolve());
    });
    this.port = (this.server.address() as AddressInfo).port;
    return this.url;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      if (path !== RND_QUERY_PATH || req.method !== 'POST') return json(res, 404, { error: `no route ${path}` });
      if (req.headers.authorization !== `Bearer ${this.key}`) return json(res, 401, { error: 'unauthorized' });
      const body = await readJson(req);
      const problem = invalid(body);
      if (problem) return json(res, 400, { error: problem });
      const { queries } = body as RndQueryBody;
      this.queries.push(...queries.map((q) => ({ tn: q.tn, date: q.date })));
      if (queries.some((q) => rndOutcomeFor(q.tn)?.status))
        return json(res, rndOutcomeFor(queries.find((q) => rndOutcomeFor(q.tn)?.status)!.tn)!.status!, {
          error: 'the database is unavailable',
        });
      const answer: RndQueryAnswer = {
        results: queries.map((q) => ({ tn: q.tn, date: q.date, result: rndAnswerFor(q.tn, q.date) })),
      };
      json(res, 200, answer);
    } catch (err) {
      json(res, 400, { error: (err as Error).message });
    }
  }
}

function invalid(body: unknown): string | null {
  const queries = (body as Partial<RndQueryBody> | null)?.queries;
  if (!Array.isArray(queries) || queries.length === 0) return 'queries must be a non-empty array';
  if (queries.length > RND_MAX_QUERIES) return `at most ${RND_MAX_QUERIES} queries per request`;
  for (const [i, q] of queries.entries()) {
    if (typeof q?.tn !== 'string' || !TN.test(q.tn)) return `queries[${i}].tn must be a 10-digit NANP number`;
    if (typeof q?.date !== 'string' || !DATE.test(q.date) || Number.isNaN(Date.parse(q.date)))
      return `queries[${i}].date must be YYYY-MM-DD`;
  }
  return null;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}
