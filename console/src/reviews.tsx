import { useState } from 'preact/hooks';
import { api, handled, type Me } from './api.js';
import { dataOf, usePoll } from './use-poll.js';

type Decision = 'revocation' | 'not_revocation';

/**
 * The inbound texts waiting in review (`GET /inbound-messages?status=review`): replies the
 * revocation classifier could not read for sure, oldest limit first, each with the day it is applied
 * as a revocation (10 business days, 47 CFR 64.1200(a)(10)); operators decide each one
 * (`POST /inbound-messages/{inboundMessageId}/review`), recorded with their email.
 */
export function Reviews({ me }: { me: Me }) {
  const [tick, setTick] = useState(0);
  const [message, setMessage] = useState('');
  const [notes, setNotes] = useState<Record<string, string>>({});
  const { data, error } = usePoll(
    async () => dataOf(await api.GET('/inbound-messages', { params: { query: { status: 'review', limit: 100 } } })),
    [tick],
  );
  const decide = async (inboundMessageId: string, decision: Decision) => {
    const note = notes[inboundMessageId]?.trim();
    const res = await api.POST('/inbound-messages/{inboundMessageId}/review', {
      params: { path: { inboundMessageId } },
      body: { decision, reviewedBy: me.email, ...(note ? { note } : {}) },
    });
    setMessage(
      res.response.status === 200
        ? `Decided: ${decision === 'revocation' ? 'revokes consent' : 'consent stands'}`
        : res.response.status === 409
          ? 'Already decided'
          : `Refused (${res.response.status})`,
    );
    setTick((t) => t + 1);
  };
  const waiting = data ? [...data].sort((a, b) => (a.dueAt < b.dueAt ? -1 : a.dueAt > b.dueAt ? 1 : 0)) : undefined;
  return (
    <section class="reviews">
      <h2>Replies in review</h2>
      {message && <p role="status">{message}</p>}
      {!waiting ? (
        <p>{error ?? 'Loading…'}</p>
      ) : waiting.length === 0 ? (
        <p>No replies waiting.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>Received</th>
              <th>From</th>
              <th>Text</th>
              <th>Why unsure</th>
              <th>Applied as a revocation on</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {waiting.map((m) => (
              <tr key={m.id} data-inbound={m.id}>
                <td>{new Date(m.receivedAt).toLocaleString()}</td>
                <td>{m.fromPhoneNumber}</td>
                <td class="inbound-body">{m.body}</td>
                <td>{m.rule}</td>
                <td>
                  {new Date(m.dueAt).toLocaleDateString()}
                  {m.warnedAt ? ' (warned)' : ''}
                </td>
                <td>
                  {me.role === 'operator' && (
                    <span>
                      <input
                        name="note"
                        placeholder="Note"
                        value={notes[m.id] ?? ''}
                        onInput={(e) => setNotes({ ...notes, [m.id]: e.currentTarget.value })}
                      />
                      <button
                        type="button"
                        onClick={handled(
                          () => decide(m.id, 'revocation'),
                          (reason) => setMessage(`Failed: ${reason}`),
                        )}
                      >
                        Revokes consent
                      </button>
                      <button
                        type="button"
                        onClick={handled(
                          () => decide(m.id, 'not_revocation'),
                          (reason) => setMessage(`Failed: ${reason}`),
                        )}
                      >
                        Not a revocation
                      </button>
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
