// Builds the console (console/, Preact) into dist/console: one minified ES bundle, its CSS (Pico's
// classless sheet and the console's own rules) and
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
// Pico's classless stylesheet (@picocss/pico): every element styled without classes, no CDN.
const pico = path.join(root, 'node_modules', '@picocss', 'pico', 'css', 'pico.classless.min.css');
const sources = [
  path.join(root, 'console'),
  pico,
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
// One stylesheet: Pico first, the console's own rules after it.
fs.writeFileSync(
  path.join(out, 'app.css'),
  `${fs.readFileSync(pico, 'utf8')}\n${fs.readFileSync(path.join(root, 'console/src/style.css'), 'utf8')}`,
);
fs.copyFileSync(path.join(root, 'console/index.html'), path.join(out, 'index.html'));
