import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Every reference to a document resolves: markdown links (file and heading) and mentions of
 * documents in code, tests, scripts and the spec (scripts/check-doc-refs.mjs, plain Node so CI and
 * people can run it without the test runner).
 */
interface Dangling {
  file: string;
  line: number;
  reference: string;
  reason: string;
}
interface Checker {
  checkDocRefs: (root: string) => { checked: number; dangling: Dangling[] };
  formatReport: (result: { checked: number; dangling: Dangling[] }) => string[];
  slugify: (heading: string) => string;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const checkerUrl = pathToFileURL(path.join(root, 'scripts', 'check-doc-refs.mjs')).href;
const load = async (): Promise<Checker> => (await import(checkerUrl)) as Checker;

describe('document references', () => {
  it('every link and every mention of a document in the repository resolves', async () => {
    const { checkDocRefs, formatReport } = await load();
    const result = checkDocRefs(root);
    expect(result.checked).toBeGreaterThan(0);
    expect(formatReport(result).slice(0, -1)).toEqual([]);
  });

  describe('the checker catches what it should', () => {
    const fixture = fs.mkdtempSync(path.join(os.tmpdir(), 'doc-refs-'));
    afterAll(() => fs.rmSync(fixture, { recursive: true, force: true }));

    // Written without the literal patterns, so the repository check above does not read them as references.
    const md = (name: string) => `${name}.md`;
    const readme = 'READ' + 'ME';
    const design = 'DESIGN ' + '\u00a7';
    const write = (rel: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(fixture, rel)), { recursive: true });
      fs.writeFileSync(path.join(fixture, rel), text);
    };
    write(md(readme), '# Service\n\n## Set up\n\n```sh\n# not a heading\n```\n');
    write(
      md('docs/guide'),
      [
        '# Guide',
        '',
        '## Provider protocol (modeled on `v2`, with answered_by)',
        '',
        `[ok](${md(`../${readme}`)}#set-up) [ok](#guide) [ok](#provider-protocol-modeled-on-v2-with-answered_by)`,
        `[missing heading](${md(`../${readme}`)}#not-a-heading)`,
        `[missing file](${md('ach')})`,
        '[same file, missing](#nope)',
        `\`[in code](${md('nowhere')})\` [external](https://example.com/${md('x')})`,
        '',
      ].join('\n'),
    );
    write(
      'src/a.ts',
      [
        `// see ${md('docs/guide')} and ${md('docs/guide')}#guide (${readme} "Set up")`,
        `// see ${md('docs/nope')}`,
        `/** Settings (${readme}, "Calls"). */`,
        `// rule from ${design}4.5`,
        `// ${md('docs/guide')} "Provider protocol (modeled on \`v2\`, with answered_by)" and ${md('docs/guide')} "Nowhere"`,
        '',
      ].join('\n'),
    );

    it('reports each dangling reference with its file and line, and nothing that resolves', async () => {
      const { checkDocRefs } = await load();
      const { dangling } = checkDocRefs(fixture);
      expect(dangling.map((d) => `${d.file}:${d.line}: ${d.reference}`)).toEqual([
        `${md('docs/guide')}:6: ${md(`../${readme}`)}#not-a-heading`,
        `${md('docs/guide')}:7: ${md('ach')}`,
        `${md('docs/guide')}:8: #nope`,
        `src/a.ts:2: ${md('docs/nope')}`,
        `src/a.ts:3: ${readme}, "Calls"`,
        `src/a.ts:4: ${design}4.5`,
        `src/a.ts:5: ${md('docs/guide')} "Nowhere"`,
      ]);
    });

    it('makes GitHub heading slugs', async () => {
      const { slugify } = await load();
      expect(slugify('The `outreach` command')).toBe('the-outreach-command');
      expect(slugify('Channels: email and SMS')).toBe('channels-email-and-sms');
      expect(slugify("Provider protocol (modeled on Retell's v2 API, with Bland's `answered_by`)")).toBe(
        'provider-protocol-modeled-on-retells-v2-api-with-blands-answered_by',
      );
      expect(slugify('Latest figures: 2026-11-25 20:13–20:35 UTC')).toBe('latest-figures-2026-11-25-20132035-utc');
    });
  });
});
