import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package root (the folder holding generated/), whether code runs from src/ (tsx, vitest) or dist/src/ (node). */
export function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'generated', 'openapi.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('generated/openapi.json not found above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
  return dir;
}
