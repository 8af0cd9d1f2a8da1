import { api } from './api.js';
import { dataOf, usePoll } from './use-poll.js';

/**
 * The go-live checklist `outreach doctor --company ID` prints (GET /go-live-checklist): each check, what
 * was found and, for a failure, its fix (docs/operators/going-live.md). Checked again every minute:
 * each look asks the outside accounts.
 */
export function Setup() {
  const { data, error } = usePoll(async () => dataOf(await api.GET('/go-live-checklist')), [], 60_000);
  if (!data) return <p>{error ?? 'Checking…'}</p>;
  const failed = data.checks.filter((c) => !c.ok).length;
  return (
    <section class="setup">
      <h2>Setup</h2>
      <p data-ready={data.ready ? 'yes' : 'no'}>
        {data.ready ? 'Ready to go live.' : `Not ready: ${failed} check(s) failed.`}
      </p>
      <table>
        <thead>
          <tr>
            <th>Check</th>
            <th>Result</th>
            <th>Found</th>
            <th>Fix</th>
          </tr>
        </thead>
        <tbody>
          {data.checks.map((c) => (
            <tr key={c.id} data-check={c.id}>
              <td>{c.title}</td>
              <td>{c.ok ? 'ok' : 'FAIL'}</td>
              <td>{c.detail}</td>
              <td>{c.ok ? '' : (c.fix ?? '')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
