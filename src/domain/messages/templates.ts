import Handlebars from 'handlebars';
import type { CustomerRow } from '../borrowers/borrowers.js';
import type { LoanRow } from '../borrowers/borrowers.js';
import type { CompanyConfig, MessageTemplate } from '../shared/company-config.js';
import { InvalidInputError } from '../shared/errors.js';

// An isolated instance: no helpers or partials registered elsewhere leak into partner templates.
const engine = Handlebars.create();
type Compiled = { html: HandlebarsTemplateDelegate; text: HandlebarsTemplateDelegate };
const compiled = new Map<string, Compiled>();
const MAX_CACHED = 2000;

function compile(source: string): Compiled {
  let found = compiled.get(source);
  if (!found) {
    // `strict: false`: a field the customer or loan lacks renders empty instead of failing the send.
    found = {
      html: engine.compile(source, { noEscape: false, strict: false, knownHelpersOnly: true }),
      text: engine.compile(source, { noEscape: true, strict: false, knownHelpersOnly: true }),
    };
    if (compiled.size >= MAX_CACHED) compiled.clear();
    compiled.set(source, found);
  }
  return found;
}

/** What templates see: `customer.*` and `loan.*` (null fields render empty). */
export function templateData(
  customer: CustomerRow,
  loan: LoanRow | null,
  promise: { amount: string; promisedDate: string } | null = null,
): Record<string, unknown> {
  const { companyId: _c, loanIds: _l, ssnLastFour: _s, ...visible } = customer;
  const loanData = loan ? (({ companyId: _co, externalLmsMetadata: _m, ...rest }) => rest)(loan) : null;
  // A promise's reminder text also reads `{{promise.amount}}` and `{{promise.promisedDate}}`.
  return { customer: visible, loan: loanData, ...(promise ? { promise } : {}) };
}

export interface Rendered {
  subject: string | null;
  /** Plain text (SMS body, email text part, what GET /emails shows). */
  text: string;
  /** Email HTML part: every inserted value HTML-escaped. */
  html: string;
}

/**
 * Renders the template in the customer's language: its `languages[language]` version when the
 * company wrote one, else the default `subject`/`body` (the company's default language).
 */
export function render(template: MessageTemplate, data: Record<string, unknown>, language?: string): Rendered {
  const chosen = (language && template.languages?.[language]) || template;
  const body = compile(chosen.body);
  return {
    subject:
      chosen.subject === undefined
        ? null
        : compile(chosen.subject)
            .text(data)
            .replace(/[\r\n]+/g, ' ')
            .trim(),
    text: body.text(data),
    html: body.html(data).replace(/\r?\n/g, '<br>\n'),
  };
}

/** Compiles every template at `config set` time so a syntax error fails there, not at a send. */
export function validateTemplates(config: CompanyConfig): void {
  for (const [name, template] of Object.entries(config.templates ?? {})) {
    const versions = [template, ...Object.values(template.languages ?? {})];
    for (const [part, source] of versions.flatMap((v) => [
      ['subject', v.subject] as const,
      ['body', v.body] as const,
    ])) {
      if (source === undefined) continue;
      try {
        engine.precompile(source, { knownHelpersOnly: true });
      } catch (err) {
        throw new InvalidInputError(
          `Invalid company configuration: template "${name}" ${part}: ${(err as Error).message.split('\n')[0]}`,
        );
      }
    }
  }
}
