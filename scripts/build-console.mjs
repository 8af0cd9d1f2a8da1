// Builds the console (console/, Preact) into dist/console: one minified ES bundle, its CSS and
// index.html, served by the API process at /console (docs/operators/console.md). Part of `npm run
// build`, so `npm ci` (prepare) and `npm start` produce it; nothing is fetched at run time. Like
// `tsc -b`, it writes nothing when the bundle is newer than every source, so a start after an
// install does not build again.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'dist', 'console');
const sources = [
  path.join(root, 'console'),
  path.join(root, 'clients', 'typescript', 'src'),
  fileURLToPath(import.meta.url),
];

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((name) => newest(path.join(p, name))));
}

const bundle = path.join(out, 'app.js');
if (fs.existsSync(bundle) && fs.statSync(bundle).mtimeMs >= Math.max(...sources.map(newest))) process.exit(0);

fs.mkdirSync(out, { recursive: true });
await build({
  entryPoints: { app: path.join(root, 'console/src/main.tsx') },
  bundle: true,
  format: 'esm',
  minify: true,
  sourcemap: true,
  target: ['chrome110', 'firefox110', 'safari16'],
  jsx: 'automatic',
  jsxImportSource: 'preact',
  outdir: out,
  logLevel: 'warning',
});
fs.copyFileSync(path.join(root, 'console/src/style.css'), path.join(out, 'app.css'));
fs.copyFileSync(path.join(root, 'console/index.html'), path.join(out, 'index.html'));
