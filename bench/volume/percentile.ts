/** The value at quantile `q` (0..1) of ascending `sorted`, nearest rank: the volume bench's p50 and p99. */
export function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}
