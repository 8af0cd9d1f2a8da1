import { api } from './api.js';
import { dataOf, usePoll } from './use-poll.js';

/**
 * The banner across every page while a provider alert is open (GET /provider-alerts): dialing on
 * the company's voice account is paused, or its texts are held because the SMS account refused
 * the request itself. What raised it, and what ends it.
 */
export function ProviderAlertBanner() {
  const { data } = usePoll(async () => dataOf(await api.GET('/provider-alerts')), [], 15_000);
  const open = data?.data.filter((a) => a.status === 'open') ?? [];
  const voice = open.find((a) => a.provider === 'live' || a.provider === 'sandbox');
  const sms = open.find((a) => a.provider === 'sms_live' || a.provider === 'sms_sandbox');
  if (!voice && !sms) return null;
  return (
    <div class="banner" role="alert">
      {voice && data?.paused ? (
        <p>
          <strong>Calls paused.</strong> The voice provider account reported <code>{voice.kind}</code> at{' '}
          {new Date(voice.raised_at).toLocaleString()}: {voice.detail}. No call is placed until an operator fixes the
          account and runs <code>outreach voice resume --company …</code>.
        </p>
      ) : null}
      {sms ? (
        <p>
          <strong>Texts held.</strong> The SMS provider account reported <code>{sms.kind}</code> at{' '}
          {new Date(sms.raised_at).toLocaleString()}: {sms.detail}. Texts go again once the account accepts one.
        </p>
      ) : null}
    </div>
  );
}
