import { randomUUID } from 'node:crypto';
import type { Db } from '../store/db.js';
import { getCompany, insertCompany, updateCompanyConfig } from '../store/companies.js';
import { type CompanyConfig, defaultCompanyConfig, parseCompanyConfig } from './company-config.js';
import { NotFoundError, InvalidInputError } from './errors.js';
import { issueApiKey } from './api-keys.js';
import { validateSchedulerConfig } from './outreach/scheduler-config.js';
import { validateIntegrations } from './outreach/integration-plan.js';
import { validateTemplates } from './outreach/templates.js';

export async function createCompany(db: Db, name: string, now: Date): Promise<{ companyId: string; apiKey: string }> {
  if (!name.trim()) throw new InvalidInputError('Company name must not be empty');
  const companyId = randomUUID();
  await insertCompany(db, { id: companyId, name: name.trim(), config: defaultCompanyConfig(), createdAt: now.toISOString() });
  const { apiKey } = await issueApiKey(db, companyId, now);
  return { companyId, apiKey };
}

export async function getCompanyConfig(db: Db, companyId: string): Promise<CompanyConfig> {
  const company = await getCompany(db, companyId);
  if (!company) throw new NotFoundError(`Company ${companyId} not found`);
  return company.config;
}

export async function setCompanyConfig(db: Db, companyId: string, value: unknown): Promise<CompanyConfig> {
  const config = parseCompanyConfig(value);
  validateSchedulerConfig(config); // an unreadable scheduler section fails here, not at the first enrollment
  validateIntegrations(config);
  validateTemplates(config);
  if (!(await updateCompanyConfig(db, companyId, config))) throw new NotFoundError(`Company ${companyId} not found`);
  return config;
}
