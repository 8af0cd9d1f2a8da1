import { customerPaymentLinks, openPaymentLink as open } from '../domain/payment-links/payment-links.js';
import { htmlPage } from '../http/error-page.js';
import type { OperationHandler } from '../http/handler-types.js';
import { presentPaymentLink } from '../http/presenters/payment-links.js';
import { companyContext } from './context.js';

export const listCustomerPaymentLinks: OperationHandler<'listCustomerPaymentLinks'> = async (c, env) => {
  const customerId = c.request.params.customerId;
  const rows = await customerPaymentLinks(companyContext(env), customerId);
  return { status: 200, body: { customerId, paymentLinks: rows.map(presentPaymentLink) } };
};

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * A borrower followed a payment link: 303 to the lender's page, or a page saying why not (never a
 * redirect). The token is the link's own authorization (no API key); `Referrer-Policy: no-referrer`
 * keeps it out of the lender page's logs.
 */
export const openPaymentLink: OperationHandler<'openPaymentLink'> = async (c, env) => {
  const secret = env.services.channels?.signingSecret ?? env.services.config.calls.signingSecret;
  const opening = await open(env.services.db, secret, c.request.params.token, env.services.now());
  switch (opening.kind) {
    case 'redirect': {
      const page = htmlPage(303, 'Continuing to your payment page', [], { Location: opening.url });
      const html = String(page.body).replace(
        '</h1>',
        `</h1>\n<p><a href="${escapeAttr(opening.url)}">Continue to your lender's payment page</a></p>`,
      );
      return { ...page, body: Buffer.from(html, 'utf8') };
    }
    case 'expired':
      return htmlPage(410, 'This payment link has expired', [
        'Payment links work for a limited time, to keep your account safe.',
        'Ask your lender for a new link, or pay the way you usually do.',
      ]);
    case 'inactive':
      return htmlPage(410, 'This payment link is no longer active', [
        'Ask your lender for a new link, or pay the way you usually do.',
      ]);
    case 'invalid':
      return htmlPage(404, 'This payment link is not valid', [
        'Check that you opened the whole link from your text or email.',
        'If it still does not work, ask your lender for a new link.',
      ]);
  }
};
