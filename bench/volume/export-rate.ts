/**
 * The examiner's export (`outreach audit export`, src/domain/audit/contact-export.ts) streamed over
 * the volume data set: the largest company's records of the last `days` days, each written as a
 * JSON Lines line (exportLine) into a sink that only counts, so the figure is the export's own
 * reads and merging, not a disk's. Prints records, bytes, seconds, records per second and the heap
 * growth (the export pages 500 rows per source and must not hold the range in memory).
 */
import { exportContactRecords } from '../../src/domain/audit/contact-export.js';
import { exportLine } from '../../src/domain/audit/export-format.js';
import type { Db } from '../../src/store/shared/db.js';

const DAY_MS = 86_400_000;

export async function measureExport(db: Db, now: Date, days: number): Promise<void> {
  const company = (
    await db.raw<{ rows: Array<{ company_id: string; n: string | number }> }>(
      `SELECT company_id, count(*) AS n FROM scheduled_calls GROUP BY company_id ORDER BY count(*) DESC, company_id LIMIT 1`,
    )
  ).rows[0];
  if (!company) {
    console.log('\nexport: the data set has no scheduled calls');
    return;
  }
  const range = { from: new Date(now.getTime() - days * DAY_MS).toISOString(), to: now.toISOString() };
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const kinds = new Map<string, number>();
  let records = 0;
  let bytes = 0;
  const started = performance.now();
  for await (const r of exportContactRecords(db, company.company_id, range)) {
    bytes += Buffer.byteLength(exportLine('jsonl', r));
    kinds.set(r.kind, (kinds.get(r.kind) ?? 0) + 1);
    if (++records % 5000 === 0) heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }
  const seconds = (performance.now() - started) / 1000;
  heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  console.log(
    `\nExaminer's export (JSON Lines), the largest company (${Number(company.n).toLocaleString('en-US')} scheduled calls), the last ${days} days:\n`,
  );
  console.log('| records | MiB | seconds | records/s | heap growth MiB |\n|---:|---:|---:|---:|---:|');
  console.log(
    `| ${records.toLocaleString('en-US')} | ${(bytes / 2 ** 20).toFixed(1)} | ${seconds.toFixed(1)} | ${Math.round(records / Math.max(seconds, 1e-9)).toLocaleString('en-US')} | ${((heapPeak - heapBefore) / 2 ** 20).toFixed(1)} |`,
  );
  console.log(`\nby kind: ${JSON.stringify(Object.fromEntries(kinds))}`);
}
