/**
 * `npm run bench`: every benchmark in turn, each printing its own figures. Benchmarks measure;
 * they never pass or fail on a number (targets are in the README next to the measured figures).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { settle } from './settle.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const benches = ['scheduler.ts', 'http.ts', 'batch.ts', 'dispatch.ts', 'messages.ts'].filter((f) => fs.existsSync(path.join(here, f)));
let failed = 0;
for (const file of benches) {
  const quiet = await settle();
  console.log(`\n### ${file} (after ${quiet.waited} s for the machine to settle: ${Math.round(quiet.idle * 100)}% idle)`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, file)], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
