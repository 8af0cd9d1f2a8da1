import type { Db } from '../../store/shared/db.js';
import { releaseHeldCalls } from '../scheduled-calls/scheduled-calls.js';
import { insertCompany, listCompanies as listCompanyRows, updateCompanyConfig } from '../../store/shared/companies.js';
import { activeKeyCounts } from '../../store/companies/api-keys.js';
import { type CompanyConfig, defaultCompanyConfig, findCompany, parseCompanyConfig } from '../shared/company-config.js';
import { maskSecrets, sealSecrets } from './config-secrets.js';
import { NotFoundError, InvalidInputError } from '../shared/errors.js';
import { forgetCompanyLocally, issueApiKey } from './api-keys.js';
import { validateSchedulerConfig } from '../planning/scheduler-config.js';
import type { SecretBox } from '../ports/secrets.js';
import { validateIntegrations } from '../planning/integration-plan.js';
import { validateTemplates } from '../messages/templates.js';
import { newId } from '../shared/ids.js';

export async function createCompany(db: Db, name: string, now: Date): Promise<{ companyId: string; apiKey: string }> {
  if (!name.trim()) throw new InvalidInputError('Company name must not be empty');
  const companyId = newId();
  await insertCompany(db, {
    id: companyId,
    name: name.trim(),
    config: defaultCompanyConfig(),
    createdAt: now.toISOString(),
  });
  const { apiKey } = await issueApiKey(db, companyId, now);
  return { companyId, apiKey };
}

/** The company configuration as operators see it: secrets masked. */
export async function getCompanyConfig(db: Db, companyId: string): Promise<CompanyConfig> {
  const company = await findCompany(db, companyId);
  if (!company) throw new NotFoundError(`Company ${companyId} not found`);
  return maskSecrets(company.config);
}

/**
 * Replaces the configuration; secrets are encrypted with `secrets` before they are stored (a masked
 * secret keeps the stored one). Returns what was stored, masked.
 */
export async function setCompanyConfig(
  db: Db,
  companyId: string,
  value: unknown,
  secrets?: SecretBox,
  now: Date = new Date(),
): Promise<CompanyConfig> {
  const config = parseCompanyConfig(value);
  validateSchedulerConfig(config); // an unreadable scheduler section fails here, not at the first enrollment
  validateIntegrations(config);
  validateTemplates(config);
  const company = await findCompany(db, companyId);
  if (!company) throw new NotFoundError(`Company ${companyId} not found`);
  const sealed = secrets ? sealSecrets(secrets, companyId, config, company.config) : requireNoSecrets(config);
  if (!(await updateCompanyConfig(db, companyId, sealed))) throw new NotFoundError(`Company ${companyId} not found`);
  forgetCompanyLocally(db, companyId);
  // An attestation of written consent is consent arriving: calls held for it are planned again now.
  if (config.consent?.attestation) await releaseHeldCalls(db, companyId, null, now.toISOString());
  return maskSecrets(sealed);
}

function requireNoSecrets(config: CompanyConfig): CompanyConfig {
  if (config.lms)
    throw new InvalidInputError(
      'Invalid company configuration: /lms holds a secret and no configuration key is available to encrypt it',
    );
  return config;
}

export async function listCompanySummaries(db: Db) {
  const keys = await activeKeyCounts(db);
  return (await listCompanyRows(db)).map(({ id, name, createdAt }) => ({
    companyId: id,
    name,
    createdAt,
    activeKeys: keys.get(id) ?? 0,
  }));
}
