import { useState } from 'preact/hooks';
import { api, sameOriginRecording, type Me } from './api.js';
import { Actions } from './customer-actions.js';
import { Consent } from './consent.js';
import { dataOf, usePoll } from './use-poll.js';

/** Everything about one customer: eligibility now, consent, calls (with recordings), texts, emails, and the operator's actions. */
export function Customer({ id, me }: { id: string; me: Me }) {
  const [tick, setTick] = useState(0);
  const path = { params: { path: { customerId: id } } };
  const { data, error } = usePoll(async () => {
    const customer = dataOf(await api.GET('/customers/{id}', { params: { path: { id } } }));
    const [calls, texts, emails, eligibility, consent, outside] = await Promise.all([
      api.GET('/calls/customer/{customerId}', path).then(dataOf),
      api.GET('/texts/{customerId}', path).then(dataOf),
      api.GET('/emails/{customerId}', path).then(dataOf),
      api.GET('/customers/{customerId}/contact-eligibility', path).then(dataOf),
      api.GET('/customers/{customerId}/consents', path).then(dataOf),
      api.GET('/customers/{customerId}/contact-attempts', path).then(dataOf),
    ]);
    return { customer, calls, texts, emails, eligibility, consent, outside };
  }, [id, tick]);
  if (!data)
    return (
      <p class={error ? 'error' : ''} role={error ? 'alert' : undefined}>
        {error ?? 'Loading…'}
      </p>
    );
  const { customer, calls, texts, emails, eligibility, consent, outside } = data;
  // Times as the borrower lived them (the calling rules are in the borrower's time zone).
  const at = (iso: string) =>
    new Date(iso).toLocaleString(undefined, { timeZone: customer.timezone, timeZoneName: 'short' });
  return (
    <section class="customer">
      <h2>
        {customer.firstName} {customer.lastName} <small>{customer.id}</small>
      </h2>
      <p>
        {customer.phoneNumber} · {customer.email ?? 'no email'} · {customer.timezone}
        {customer.doNotCall ? <strong class="flag"> Do Not Call</strong> : null}
      </p>
      {me.role === 'operator' && <Actions id={id} onDone={() => setTick((t) => t + 1)} />}
      <h3>Contact eligibility now</h3>
      <table class="eligibility">
        <thead>
          <tr>
            <th>Channel</th>
            <th>Address</th>
            <th>Allowed</th>
            <th>Blocking rule</th>
          </tr>
        </thead>
        <tbody>
          {eligibility.channels.map((c) => (
            <tr key={`${c.channel}-${c.address}`} data-channel={c.channel}>
              <td>{c.channel}</td>
              <td>{c.address}</td>
              <td>{c.allowed ? 'yes' : c.nextAllowedAt ? `no, next ${at(c.nextAllowedAt)}` : 'no'}</td>
              <td>
                {c.blocking.map((b) => (
                  <div key={b.rule}>
                    <b>{b.rule}</b> — {b.source}
                    {/* A call waiting for the consent its purpose needs is held, not ended: say what is missing. */}
                    {b.detail.startsWith('consent-required: ') && (
                      <div class="hold" data-hold="consent-required">
                        held: {b.detail}
                      </div>
                    )}
                  </div>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Consent ledger={consent} at={at} />
      <h3>Calls</h3>
      {calls.length === 0 ? (
        <p>No calls yet.</p>
      ) : (
        <ol class="timeline">
          {calls.map((c) => (
            <li key={c.id} class="call" data-call={c.id}>
              <div>
                <time>{at(c.timestamp)}</time> to {c.toPhoneNumber}{' '}
                {c.flags.map((f) => (
                  <span key={f} class="flag">
                    {f}
                  </span>
                ))}
              </div>
              {c.summarization && <p class="summary">{c.summarization}</p>}
              {c.recordingUrl && <audio controls preload="metadata" src={sameOriginRecording(c.recordingUrl)} />}
              {c.transcript && (
                <details>
                  <summary>Transcript</summary>
                  <pre>{c.transcript}</pre>
                </details>
              )}
            </li>
          ))}
        </ol>
      )}
      <h3>Contacts the lender reported</h3>
      {outside.length === 0 ? (
        <p>None.</p>
      ) : (
        <ol class="timeline">
          {outside.map((o) => (
            <li key={o.attemptId} class="outside" data-attempt={o.attemptId}>
              <time>{at(o.occurredAt)}</time> {o.direction} {o.channel} {o.address ?? ''} · {o.outcome}
              {o.conversation ? <span class="flag">conversation</span> : null} · {o.source ?? 'lender'} ({o.attemptId})
              — counts toward the frequency rules
            </li>
          ))}
        </ol>
      )}
      <h3>Texts</h3>
      {texts.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul>
          {texts.map((t) => (
            <li key={t.id}>
              <time>{at(t.timestamp)}</time> {t.status}: {t.content}
            </li>
          ))}
        </ul>
      )}
      <h3>Emails</h3>
      {emails.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul>
          {emails.map((e, i) => (
            <li key={i}>
              <time>{at(e.timestamp)}</time> {e.subject}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
