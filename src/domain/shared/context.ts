import type { Db } from '../../store/shared/db.js';
export type { Db };
import type { CompanyConfig } from './company-config.js';

/**
 * What every use case takes besides its input: the tenant, its configuration and the request's
 * instant (read once from the process clock, src/domain/ports/clock.ts, so one request sees one "now").
 */
export interface CompanyContext {
  db: Db;
  companyId: string;
  config: CompanyConfig;
  now: Date;
  testAliasSunset: Date;
  // `lms`, the company's LMS connector, is declared by its port (src/domain/ports/lms.ts): the
  // shared vocabulary imports no port, so the ports may speak its types without an import circle.
}
