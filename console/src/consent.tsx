import type { Schema } from './api.js';

type Ledger = Schema<'ConsentLedger'>;

/** The customer's consent now, per number or address and channel, and the ledger of grants and revocations behind it. */
export function Consent({ ledger, at }: { ledger: Ledger; at: (iso: string) => string }) {
  return (
    <>
      <h3>Consent</h3>
      <table class="consent">
        <thead>
          <tr>
            <th>Channel</th>
            <th>Address</th>
            <th>State</th>
            <th>Relies on</th>
          </tr>
        </thead>
        <tbody>
          {ledger.current.map((c) => (
            <tr key={`${c.channel}-${c.address}`} data-consent={`${c.channel}:${c.address}`}>
              <td>{c.channel}</td>
              <td>{c.address}</td>
              <td>
                {c.state === 'revoked'
                  ? `revoked${c.revokedAt ? ` ${at(c.revokedAt)}` : ''}${c.revocationSource ? ` (${c.revocationSource})` : ''}`
                  : c.state.replace('_', ' ')}
              </td>
              <td>
                {c.basis
                  ? `${c.basis.type.replace('_', ' ')} · ${
                      c.basis.origin === 'recorded'
                        ? c.basis.source
                        : c.basis.origin === 'attestation'
                          ? `attested by the lender (${c.basis.evidenceRef ?? ''})`
                          : `default of its source: ${c.basis.source}`
                    }`
                  : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {ledger.events.length > 0 && (
        <details>
          <summary>Ledger ({ledger.events.length} events)</summary>
          <ol class="ledger">
            {ledger.events.map((e) => (
              <li key={e.id}>
                <time>{at(e.capturedAt)}</time> {e.action} {e.type ?? ''} {e.channel} {e.address} — {e.source}
                {e.evidenceRef ? ` (${e.evidenceRef})` : ''}
              </li>
            ))}
          </ol>
        </details>
      )}
    </>
  );
}
