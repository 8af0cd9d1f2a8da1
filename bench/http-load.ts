/**
 * A load generator in its own process (so it does not share the event loop it measures):
 *   npx tsx bench/http-load.ts <url> <seconds> <concurrency> [header:value …]
 * Prints one JSON line: {requests, seconds, perSecond, p50, p99}.
 */

/** The line this prints, as its readers parse it. */
export interface HttpLoadResult {
  requests: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
}

const [url, secondsArg, concurrencyArg, ...headerArgs] = process.argv.slice(2);
const headers = Object.fromEntries(headerArgs.map((h) => [h.slice(0, h.indexOf(':')), h.slice(h.indexOf(':') + 1)]));
const seconds = Number(secondsArg ?? 3);
const latencies: number[] = [];
const until = performance.now() + seconds * 1000;
const started = performance.now();
await Promise.all(
  Array.from({ length: Number(concurrencyArg ?? 16) }, async () => {
    while (performance.now() < until) {
      const t0 = performance.now();
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
    }
  }),
);
const elapsed = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const q = (p: number) => Number(latencies[Math.floor(p * (latencies.length - 1))].toFixed(2));
const result: HttpLoadResult = {
  requests: latencies.length,
  seconds: Number(elapsed.toFixed(2)),
  perSecond: Math.round(latencies.length / elapsed),
  p50: q(0.5),
  p99: q(0.99),
};
console.log(JSON.stringify(result));
