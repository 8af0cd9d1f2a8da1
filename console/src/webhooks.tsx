import { useState } from 'preact/hooks';
import { api, handled, type Me } from './api.js';
import { dataOf, usePoll } from './use-poll.js';

type Status = 'pending' | 'delivered' | 'dead';

/** The webhook delivery log, dead deliveries first on request, and redelivery for operators. */
export function Webhooks({ me }: { me: Me }) {
  const [status, setStatus] = useState<Status | ''>('');
  const [tick, setTick] = useState(0);
  const [message, setMessage] = useState('');
  const { data, error } = usePoll(
    async () =>
      dataOf(
        await api.GET('/webhook-deliveries', { params: { query: { limit: 100, ...(status ? { status } : {}) } } }),
      ),
    [status, tick],
  );
  const redeliver = async (deliveryId: string) => {
    const res = await api.POST('/webhook-deliveries/{deliveryId}/redeliver', { params: { path: { deliveryId } } });
    setMessage(
      res.response.status === 204 ? `Delivery ${deliveryId} queued again` : `Refused (${res.response.status})`,
    );
    setTick((t) => t + 1);
  };
  return (
    <section class="webhooks">
      <h2>Webhooks</h2>
      <label>
        Show{' '}
        <select name="status" value={status} onChange={(e) => setStatus(e.currentTarget.value as Status | '')}>
          <option value="">all deliveries</option>
          <option value="dead">dead</option>
          <option value="pending">pending</option>
          <option value="delivered">delivered</option>
        </select>
      </label>
      {message && <span role="status"> {message}</span>}
      {!data ? (
        <p>{error ?? 'Loading…'}</p>
      ) : data.length === 0 ? (
        <p>No deliveries.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>Created</th>
              <th>Event</th>
              <th>Subject</th>
              <th>Status</th>
              <th>Attempts</th>
              <th>Last answer</th>
              <th>Action</th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.id} data-delivery={d.id}>
                <td>{new Date(d.createdAt).toLocaleString()}</td>
                <td>{d.eventType}</td>
                <td>{d.subjectId}</td>
                <td class={`status-${d.status}`}>{d.status}</td>
                <td>{d.attempts}</td>
                <td>
                  {d.lastStatusCode ?? ''} {d.lastError ?? ''}
                </td>
                <td>
                  {me.role === 'operator' && (
                    <button
                      type="button"
                      onClick={handled(
                        () => redeliver(d.id),
                        (reason) => setMessage(`Failed: ${reason}`),
                      )}
                    >
                      Redeliver
                    </button>
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
