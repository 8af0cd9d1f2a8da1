import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../lib/project-root.js';

export type OpenApiDocument = Record<string, unknown> & {
  paths: Record<string, Record<string, { operationId?: string }>>;
};

let cached: OpenApiDocument | undefined;

/** The bundled contract (generated/openapi.json, built from openapi/ by `npm run generate`). */
export function loadOpenApiDocument(): OpenApiDocument {
  cached ??= JSON.parse(
    fs.readFileSync(path.join(projectRoot(), 'generated', 'openapi.json'), 'utf8'),
  ) as OpenApiDocument;
  return cached;
}

export function operationIds(doc: OpenApiDocument): string[] {
  const ids: string[] = [];
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item)) if (op && typeof op === 'object' && op.operationId) ids.push(op.operationId);
  }
  return ids;
}
