import { api, type Schema } from './api.js';
import { dataOf, usePoll } from './use-poll.js';

type Summary = Schema<'BatchSummary'>;

/** The company's batch jobs with their progress; one job's failures by row. */
export function Batches({ open }: { open?: string }) {
  const { data, error } = usePoll(
    async () => dataOf(await api.GET('/batches', { params: { query: { limit: 50 } } })),
    [],
  );
  if (!data) return <p>{error ?? 'Loading…'}</p>;
  const selected = data.find((j) => j.jobId === open);
  return (
    <section class="batches">
      <h2>Batches</h2>
      {data.length === 0 ? (
        <p>No batch jobs in the last 30 days.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>Submitted</th>
              <th>Kind</th>
              <th>Status</th>
              <th>Progress</th>
              <th>Rows</th>
              <th>Failed</th>
            </tr>
          </thead>
          <tbody>
            {data.map((j) => (
              <tr key={j.jobId} data-job={j.jobId}>
                <td>
                  <a href={`#/batches/${j.jobId}`}>{new Date(j.createdAt).toLocaleString()}</a>
                </td>
                <td>{j.kind.replace('_', ' ')}</td>
                <td>{j.status}</td>
                <td>
                  <progress max={100} value={j.progressPercentage} aria-label={`Job ${j.jobId} progress`} />{' '}
                  {Math.round(j.progressPercentage)}%
                </td>
                <td>
                  {j.processed} / {j.total}
                </td>
                <td>{j.failed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {selected && <Failures job={selected} />}
    </section>
  );
}

function Failures({ job }: { job: Summary }) {
  const { data, error } = usePoll(async () => {
    const path = { params: { path: { jobId: job.jobId } } };
    if (job.kind === 'loan_upsert') {
      return dataOf(await api.GET('/loans/batch/{jobId}', path)).failures.map((f) => ({
        index: f.index,
        ref: f.loanId ?? f.customerId ?? '',
        message: f.message,
      }));
    }
    return dataOf(await api.GET('/customers/batch/{jobId}', path)).failures.map((f) => ({
      index: f.index,
      ref: f.customerId ?? '',
      message: f.message,
    }));
  }, [job.jobId]);
  if (!data) return <p>{error ?? 'Loading…'}</p>;
  return (
    <div class="failures">
      <h3>Failures by row</h3>
      {data.length === 0 ? (
        <p>No failed rows.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>Row</th>
              <th>Id</th>
              <th>Why</th>
            </tr>
          </thead>
          <tbody>
            {data.map((f) => (
              <tr key={f.index} data-row={f.index}>
                <td>{f.index}</td>
                <td>{f.ref}</td>
                <td>{f.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
