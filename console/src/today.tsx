import { api } from './api.js';
import { HourChart } from './chart.js';
import { dataOf, usePoll } from './use-poll.js';

const pct = (r: number) => `${Math.round(r * 100)}%`;

export function Today() {
  const { data, error } = usePoll(
    async () => dataOf(await api.GET('/activity/daily', { params: { query: { timezone: 'America/New_York' } } })),
    [],
  );
  if (!data) return <p>{error ?? 'Loading…'}</p>;
  const r = data.rates;
  return (
    <section class="today">
      <h2>
        Today{' '}
        <small>
          {data.date} ({data.timezone})
        </small>
      </h2>
      <HourChart counts={data.callsByHour} />
      <dl class="figures">
        <div>
          <dt>Calls placed</dt>
          <dd data-figure="placed">{r.placed}</dd>
        </div>
        <div>
          <dt>Connect rate</dt>
          <dd>{pct(r.connectRate)}</dd>
        </div>
        <div>
          <dt>Right-party rate</dt>
          <dd>{pct(r.rightPartyRate)}</dd>
        </div>
        <div>
          <dt>Transfer rate</dt>
          <dd>{pct(r.transferRate)}</dd>
        </div>
        <div>
          <dt>Texts sent</dt>
          <dd>{data.messages.textsSent}</dd>
        </div>
        <div>
          <dt>Emails sent</dt>
          <dd>{data.messages.emailsSent}</dd>
        </div>
      </dl>
      <h3>Held back or skipped, by rule</h3>
      {data.heldBack.length === 0 ? (
        <p>None today.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>Rule</th>
              <th>Calls</th>
              <th>Citation</th>
              <th>Example</th>
            </tr>
          </thead>
          <tbody>
            {data.heldBack.map((h) => (
              <tr key={h.rule}>
                <td>{h.rule}</td>
                <td>{h.calls}</td>
                <td>{h.source}</td>
                <td>{h.example}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>Due next</h3>
      {data.dueNext.length === 0 ? (
        <p>Nothing pending.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>When</th>
              <th>Customer</th>
              <th>Task type</th>
            </tr>
          </thead>
          <tbody>
            {data.dueNext.map((c) => (
              <tr key={c.scheduledCallId}>
                <td>{new Date(c.scheduledTime).toLocaleString()}</td>
                <td>
                  <a href={`#/customers/${encodeURIComponent(c.customerId)}`}>{c.customerId}</a>
                </td>
                <td>{c.taskType}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Transfers from={data.from} to={data.to} />
    </section>
  );
}

/** The day's transfers per destination, as the voice provider reported them (GET /transfer-results). */
function Transfers({ from, to }: { from: string; to: string }) {
  const { data, error } = usePoll(
    async () => dataOf(await api.GET('/transfer-results', { params: { query: { from, to } } })),
    [from, to],
  );
  return (
    <>
      <h3>Transfers by destination</h3>
      {!data ? (
        <p>{error ?? 'Loading…'}</p>
      ) : data.data.length === 0 ? (
        <p>No transfer today.</p>
      ) : (
        <table class="transfers">
          <thead>
            <tr>
              <th>Destination</th>
              <th>Attempted</th>
              <th>Bridged</th>
              <th>Failed</th>
              <th>Fell back</th>
            </tr>
          </thead>
          <tbody>
            {data.data.map((t) => (
              <tr key={t.destination}>
                <td>{t.destination}</td>
                <td>{t.attempted}</td>
                <td>{t.bridged}</td>
                <td>{t.failed}</td>
                <td>{t.fellBack}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
