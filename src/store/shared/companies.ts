import type { Db } from './db.js';
import { fromJson, readInstant } from './columns.js';

/**
 * A company's configuration is stored as one JSON document; its shape and rules are the domain's
 * (src/domain/shared/company-config.ts), so the store hands it out as read.
 */
export interface CompanyRow {
  id: string;
  name: string;
  config: unknown;
  createdAt: string;
}

function fromRow(r: Record<string, unknown>): CompanyRow {
  return {
    id: String(r.id),
    name: String(r.name),
    config: fromJson<unknown>(r.config),
    createdAt: readInstant(r.created_at)!,
  };
}

export async function insertCompany(db: Db, row: CompanyRow): Promise<void> {
  await db('companies').insert({
    id: row.id,
    name: row.name,
    config: JSON.stringify(row.config),
    created_at: row.createdAt,
  });
}

export async function getCompany(db: Db, companyId: string): Promise<CompanyRow | null> {
  const r = await db<Record<string, unknown>>('companies').where({ id: companyId }).first();
  return r ? fromRow(r) : null;
}

/** Several companies by id in one read (a dial batch's configurations). */
export async function getCompanies(db: Db, ids: readonly string[]): Promise<Map<string, CompanyRow>> {
  const rows = ids.length ? await db<Record<string, unknown>>('companies').whereIn('id', [...new Set(ids)]) : [];
  return new Map(rows.map((r) => [String(r.id), fromRow(r)]));
}

export async function listCompanies(db: Db): Promise<CompanyRow[]> {
  return (await db('companies').orderBy('created_at')).map(fromRow);
}

export async function updateCompanyConfig(db: Db, companyId: string, config: unknown): Promise<boolean> {
  return (
    (await db('companies')
      .where({ id: companyId })
      .update({ config: JSON.stringify(config) })) > 0
  );
}
