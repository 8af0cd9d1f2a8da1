import type { Db } from '../shared/db.js';
import { readInstant, readText, toDateOnly } from '../shared/columns.js';

/** Mirrors `ach_settlements`: one confirmed processor transaction. */
export interface SettlementRow {
  id: string;
  processorTransactionId: string;
  paymentRowId: string;
  settlementDate: string;
  systemSource: string | null;
  createdAt: string;
}

function fromRow(r: Record<string, unknown>): SettlementRow {
  return {
    id: String(r.id),
    processorTransactionId: String(r.processor_transaction_id),
    paymentRowId: String(r.payment_row_id),
    settlementDate: toDateOnly(r.settlement_date)!,
    systemSource: readText(r.system_source),
    createdAt: readInstant(r.created_at)!,
  };
}

export async function findSettlement(
  db: Db,
  companyId: string,
  processorTransactionId: string,
): Promise<SettlementRow | null> {
  const r = await db<Record<string, unknown>>('ach_settlements')
    .where({ company_id: companyId, processor_transaction_id: processorTransactionId })
    .first();
  return r ? fromRow(r) : null;
}

/** Inserts unless the transaction id is already confirmed in the company (`ON CONFLICT DO NOTHING`); returns whether it inserted. */
export async function insertSettlementIfNew(db: Db, companyId: string, row: SettlementRow): Promise<boolean> {
  const inserted = await db('ach_settlements')
    .insert({
      id: row.id,
      company_id: companyId,
      processor_transaction_id: row.processorTransactionId,
      payment_row_id: row.paymentRowId,
      settlement_date: row.settlementDate,
      system_source: row.systemSource,
      created_at: row.createdAt,
    })
    .onConflict(['company_id', 'processor_transaction_id'])
    .ignore()
    .returning('id');
  return inserted.length > 0;
}

/** The payment's confirmations, oldest first. */
export async function listSettlements(db: Db, companyId: string, paymentRowId: string): Promise<SettlementRow[]> {
  const rows = await db('ach_settlements')
    .where({ company_id: companyId, payment_row_id: paymentRowId })
    .orderBy([{ column: 'created_at' }, { column: 'settlement_date' }, { column: 'id' }]);
  return rows.map(fromRow);
}
