import { api } from './api.js';
import { dataOf, usePoll } from './use-poll.js';

/**
 * The banner across every page while dialing on the company's voice account is paused by a
 * provider alert (GET /provider-alerts): what raised it, and how an operator resumes dialing.
 */
export function ProviderAlertBanner() {
  const { data } = usePoll(async () => dataOf(await api.GET('/provider-alerts')), [], 15_000);
  const open = data?.data.find((a) => a.status === 'open');
  if (!data?.paused || !open) return null;
  return (
    <div class="banner" role="alert">
      <strong>Calls paused.</strong> The voice provider account reported <code>{open.kind}</code> at{' '}
      {new Date(open.raised_at).toLocaleString()}: {open.detail}. No call is placed until an operator fixes the account
      and runs <code>outreach voice resume --company …</code>.
    </div>
  );
}
