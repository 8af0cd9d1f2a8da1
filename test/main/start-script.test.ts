import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve('.');
const scripts = (
  JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts;

/**
 * `npm install && npm start` builds once: `prepare` builds at install, and `start`'s build step
 * finds the output current and writes nothing. Checked on a one-file project with the repository's
 * own scripts and tsconfig files (building the real service takes most of a minute).
 */
describe('npm start after npm install', () => {
  it(
    'does not build again when the build is current, and does when a source changed',
    { timeout: 120_000 },
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'start-script-'));
      try {
        for (const f of ['tsconfig.json', 'tsconfig.build.json'])
          fs.copyFileSync(path.join(root, f), path.join(dir, f));
        fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
        fs.mkdirSync(path.join(dir, 'src', 'main'), { recursive: true });
        fs.writeFileSync(path.join(dir, 'src', 'main', 'cli.ts'), 'console.log(`serving ${process.argv[2]}`);\n');
        // The console's bundle (scripts/build-console.mjs) over a one-line page.
        fs.mkdirSync(path.join(dir, 'scripts'));
        fs.copyFileSync(
          path.join(root, 'scripts', 'build-console.mjs'),
          path.join(dir, 'scripts', 'build-console.mjs'),
        );
        fs.mkdirSync(path.join(dir, 'console', 'src'), { recursive: true });
        fs.writeFileSync(path.join(dir, 'console', 'index.html'), '<script type="module" src="app.js"></script>\n');
        fs.writeFileSync(path.join(dir, 'console', 'src', 'style.css'), 'body {}\n');
        fs.writeFileSync(path.join(dir, 'console', 'src', 'main.tsx'), 'document.title = "one";\n');
        fs.writeFileSync(
          path.join(dir, 'package.json'),
          JSON.stringify({
            name: 'start-check',
            private: true,
            type: 'module',
            scripts: { prepare: scripts.prepare, build: scripts.build, start: scripts.start },
          }),
        );
        const npm = (script: string) => run('npm', ['run', '--silent', script], { cwd: dir, timeout: 100_000 });
        const built = path.join(dir, 'dist', 'src', 'main', 'cli.js');
        const bundle = path.join(dir, 'dist', 'console', 'app.js');

        await npm('prepare'); // what `npm install` runs
        const first = fs.statSync(built).mtimeMs;
        const firstBundle = fs.statSync(bundle).mtimeMs;
        const { stdout } = await npm('start');
        expect(stdout).toContain('serving serve');
        expect(fs.statSync(built).mtimeMs).toBe(first); // nothing was emitted again
        expect(fs.statSync(bundle).mtimeMs).toBe(firstBundle);

        fs.writeFileSync(path.join(dir, 'src', 'main', 'cli.ts'), 'console.log(`changed ${process.argv[2]}`);\n');
        expect((await npm('start')).stdout).toContain('changed serve'); // a stale build is rebuilt
        fs.writeFileSync(path.join(dir, 'console', 'src', 'main.tsx'), 'document.title = "two";\n');
        await npm('start');
        expect(fs.readFileSync(bundle, 'utf8')).toContain('two'); // and so is a stale bundle
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
