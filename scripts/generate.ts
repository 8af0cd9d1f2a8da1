/**
 * Rebuilds generated/ from the hand-written contract in openapi/:
 *   generated/openapi.json  the bundled document (served at /openapi.json, used by the router, Prism and Dredd)
 *   generated/api-types.ts  TypeScript types of every operation and schema (openapi-typescript)
 *   clients/typescript/src/schema.ts  the same types for the typed client
 * CI runs this and fails when it changes anything (`git diff --exit-code generated/ clients/`).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'generated');
const BANNER = 'DO NOT EDIT: generated from openapi/ by `npm run generate`.';

fs.mkdirSync(out, { recursive: true });
const bundled = path.join(out, 'openapi.json');
try {
  execFileSync(
    path.join(root, 'node_modules', '.bin', 'redocly'),
    ['bundle', 'openapi/openapi.yaml', '--output', bundled, '--ext', 'json'],
    {
      cwd: root,
      stdio: 'pipe',
    },
  );
} catch (err) {
  // Redocly's own output (including its Node-version banner) only matters when bundling fails.
  process.stderr.write(String((err as { stderr?: Buffer }).stderr ?? err));
  process.exit(1);
}
const doc = JSON.parse(fs.readFileSync(bundled, 'utf8')) as Record<string, unknown>; // the bundled OpenAPI document
fs.writeFileSync(bundled, JSON.stringify({ 'x-generated': BANNER, ...doc }, null, 2) + '\n');

const ast = await openapiTS(pathToFileURL(bundled), { alphabetize: false });
const types = `/* eslint-disable */\n\n${astToString(ast)}`;
fs.writeFileSync(path.join(out, 'api-types.ts'), `// ${BANNER}\n${types}`);
// The typed client ships its own copy so it can be used (and published) without this repository.
fs.writeFileSync(path.join(root, 'clients', 'typescript', 'src', 'schema.ts'), `// ${BANNER}\n${types}`);
console.log('generated/openapi.json, generated/api-types.ts and clients/typescript/src/schema.ts are up to date');
