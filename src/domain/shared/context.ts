import type { Db } from '../../store/shared/db.js';
export type { Db };
import type { CompanyConfig } from './company-config.js';
import type { LmsConnector } from '../ports/lms.js';

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
  /** The company's LMS connector, resolved on first use (undefined: none configured). */
  lms?: () => LmsConnector | undefined;
}
