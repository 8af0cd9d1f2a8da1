import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve('.');
const scripts = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

/**
 * `npm install && npm start` builds once: `prepare` builds at install, and `start`'s build step
 * finds the output current and writes nothing. Checked on a one-file project with the repository's
 * own scripts and tsconfig files (building the real service takes most of a minute).
 */
describe('npm start after npm install', () => {
  it('does not build again when the build is current, and does when a source changed', { timeout: 120_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'start-script-'));
    try {
      for (const f of ['tsconfig.json', 'tsconfig.build.json']) fs.copyFileSync(path.join(root, f), path.join(dir, f));
      fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
      fs.mkdirSync(path.join(dir, 'src', 'main'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'src', 'main', 'cli.ts'), "console.log(`serving ${process.argv[2]}`);\n");
      fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'start-check', private: true, type: 'module', scripts: { prepare: scripts.prepare, build: scripts.build, start: scripts.start } }));
      const npm = (script: string) => run('npm', ['run', '--silent', script], { cwd: dir, timeout: 100_000 });
      const built = path.join(dir, 'dist', 'src', 'main', 'cli.js');

      await npm('prepare'); // what `npm install` runs
      const first = fs.statSync(built).mtimeMs;
      const { stdout } = await npm('start');
      expect(stdout).toContain('serving serve');
      expect(fs.statSync(built).mtimeMs).toBe(first); // nothing was emitted again

      fs.writeFileSync(path.join(dir, 'src', 'main', 'cli.ts'), "console.log(`changed ${process.argv[2]}`);\n");
      expect((await npm('start')).stdout).toContain('changed serve'); // a stale build is rebuilt
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
