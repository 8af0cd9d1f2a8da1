import type { Schema } from './api.js';

type HourCount = Schema<'DailyActivity'>['callsByHour'][number];

export const OUTCOMES: HourCount['outcome'][] = [
  'transferred',
  'right_party',
  'connected',
  'wrong_number',
  'voicemail',
  'no_answer',
  'in_progress',
  'other',
];
const COLORS: Record<HourCount['outcome'], string> = {
  transferred: '#1b7f3b',
  right_party: '#4caf50',
  connected: '#8bc34a',
  wrong_number: '#ff9800',
  voicemail: '#2196f3',
  no_answer: '#9e9e9e',
  in_progress: '#cddc39',
  other: '#795548',
};

/** Calls by local hour, stacked by outcome: one SVG, no chart library. */
export function HourChart({ counts }: { counts: HourCount[] }) {
  const hours = Array.from({ length: 15 }, (_, i) => i + 7); // 7:00 to 21:00, the calling day
  const total = (h: number) => counts.filter((c) => c.hour === h).reduce((n, c) => n + c.calls, 0);
  const max = Math.max(1, ...hours.map(total));
  const W = 30;
  const H = 160;
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${hours.length * W + 10} ${H + 24}`} role="img" aria-label="Calls placed by hour and outcome">
        {hours.map((h, i) => {
          let y = H;
          return (
            <g key={h} data-hour={h}>
              {OUTCOMES.map((o) => {
                const n = counts.find((c) => c.hour === h && c.outcome === o)?.calls ?? 0;
                if (n === 0) return null;
                const height = (n / max) * (H - 10);
                y -= height;
                return (
                  <rect
                    key={o}
                    class={`bar bar-${o}`}
                    x={i * W + 8}
                    y={y}
                    width={W - 8}
                    height={height}
                    fill={COLORS[o]}
                  >
                    <title>{`${h}:00 ${o}: ${n}`}</title>
                  </rect>
                );
              })}
              <text x={i * W + 12} y={H + 16} font-size="10">
                {h}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        {OUTCOMES.map((o) => (
          <span key={o} class="legend">
            <i style={{ background: COLORS[o] }} /> {o.replace('_', ' ')}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
