import { useState } from 'preact/hooks';
import { api, handled } from './api.js';

/** The operator's actions on a customer: stop all communications, mark Do Not Call. */
export function Actions({ id, onDone }: { id: string; onDone: () => void }) {
  const [message, setMessage] = useState('');
  const stopAll = async () => {
    if (!confirm('Stop all communications with this customer?')) return;
    const res = await api.POST('/customers/{customerId}/cancel-communications', {
      params: { path: { customerId: id } },
      body: { reason: 'Stopped from the console' },
    });
    setMessage(
      res.data
        ? `Stopped: ${res.data.calls} calls, ${res.data.texts} texts, ${res.data.emails} emails cancelled`
        : `Refused (${res.response.status})`,
    );
    onDone();
  };
  const failed = (reason: string) => setMessage(`Failed: ${reason}`);
  const markDnc = async () => {
    if (!confirm('Mark this customer Do Not Call?')) return;
    const res = await api.PUT('/customers/{id}', { params: { path: { id } }, body: { doNotCall: true } });
    setMessage(res.data ? 'Marked Do Not Call' : `Refused (${res.response.status})`);
    onDone();
  };
  return (
    <div class="actions">
      <button type="button" onClick={handled(stopAll, failed)}>
        Stop all communications
      </button>
      <button type="button" onClick={handled(markDnc, failed)}>
        Mark Do Not Call
      </button>
      {message && <span role="status">{message}</span>}
    </div>
  );
}
