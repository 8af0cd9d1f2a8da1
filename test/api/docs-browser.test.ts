import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadOpenApiDocument } from '../../src/contract/openapi-document.js';
import { useTestService } from '../support/suite.js';
import { browserRequired, findChromium } from '../support/browser.js';

const run = promisify(execFile);

const chromium = findChromium();
const required = browserRequired;

/** The DOM after scripts ran, as headless chromium renders it (no network beyond 127.0.0.1 is needed). */
async function renderedDom(url: string): Promise<string> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'outreach-chromium-'));
  try {
    const { stdout } = await run(
      chromium!,
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        `--user-data-dir=${profile}`,
        '--virtual-time-budget=60000',
        '--dump-dom',
        url,
      ],
      { maxBuffer: 64 * 1024 * 1024, timeout: 150_000 },
    );
    return stdout;
  } finally {
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

describe('GET /docs', { timeout: 180_000 }, () => {
  const suite = useTestService('sqlite');

  it('serves a page and the renderer bundle from this server only (no CDN)', async () => {
    const page = await suite.t.call('GET', '/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const urls = [...String(page.body).matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(urls).toEqual(['/docs/redoc.standalone.js']);
    expect(String(page.body)).not.toMatch(/https?:\/\//);
    const bundle = await fetch(`${suite.t.url}/docs/redoc.standalone.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toMatch(/javascript/);
  });

  it.runIf(chromium || required)('renders every operation of the spec in headless chromium', async () => {
    expect(chromium, 'chromium is required (OUTREACH_REQUIRE_BROWSER=1): apt-get install -y chromium').not.toBeNull();
    const dom = await renderedDom(`${suite.t.url}/docs`);
    const doc = loadOpenApiDocument() as unknown as {
      paths: Record<string, Record<string, { operationId?: string; summary?: string }>>;
    };
    const operations = Object.values(doc.paths)
      .flatMap((item) => Object.values(item))
      .filter((op) => op?.operationId);
    expect(operations.length).toBeGreaterThan(20);
    const missing = operations.filter(
      (op) => !dom.includes(`operation/${op.operationId}"`) || (op.summary && !dom.includes(escapeHtml(op.summary))),
    );
    expect(missing.map((op) => op.operationId)).toEqual([]);
  });
});

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
