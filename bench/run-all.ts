/**
 * `npm run bench`: every benchmark in turn, each printing its own figures, and the whole output
 * written to bench/results.md with the date, machine and code it was taken on (each run rewrites
 * it; git keeps the earlier ones). Benchmarks measure; they never pass or fail on a number (targets
 * are in bench/README.md).
 */
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { settle } from './settle.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const benches = ['scheduler.ts', 'http.ts', 'batch.ts', 'dispatch.ts', 'messages.ts'].filter((f) =>
  fs.existsSync(path.join(here, f)),
);
const started = new Date();
const loadAtStart = os.loadavg();
const sections: string[] = [];
let failed = 0;

/** Runs one bench, its output shown as it comes and kept for the results file. */
function run(file: string): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, file)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (to: NodeJS.WriteStream) => (chunk: Buffer) => {
      output += chunk.toString();
      to.write(chunk);
    };
    child.stdout.on('data', keep(process.stdout));
    child.stderr.on('data', keep(process.stderr));
    child.on('close', (status) => resolve({ status, output }));
  });
}

for (const file of benches) {
  const quiet = await settle();
  const heading = `### ${file} (after ${quiet.waited} s for the machine to settle: ${Math.round(quiet.idle * 100)}% idle)`;
  console.log(`\n${heading}`);
  const r = await run(file);
  if (r.status !== 0) failed++;
  sections.push(
    `${heading}\n\n\`\`\`\n${r.output.trimEnd()}\n\`\`\`${r.status === 0 ? '' : `\n\nExited with status ${r.status}.`}`,
  );
}

const code = (() => {
  try {
    return execSync('git describe --always --dirty', { cwd: here, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
})();
const cpus = os.cpus();
fs.writeFileSync(
  path.join(here, 'results.md'), // doc-refs: ignore (the file written)
  `# Benchmark results

The output of the latest \`npm run bench\` (each run rewrites this file; git keeps the earlier ones).
How to run the benchmarks, and their targets: [README.md](README.md).

- Date: ${started.toISOString()} to ${new Date().toISOString()}
- Machine: ${cpus.length}× ${cpus[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}
- Node ${process.version}; code \`${code}\`
- Load average at the start: ${loadAtStart.map((l) => l.toFixed(2)).join(' ')}

${sections.join('\n\n')}
`,
);
console.log(`\nresults written to bench/results.md`);
process.exit(failed ? 1 : 0);
