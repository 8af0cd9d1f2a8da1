import { execFileSync } from 'node:child_process';

/** Debian's chromium (`apt-get install chromium`), or CHROMIUM_PATH; null when there is none. */
export function findChromium(): string | null {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim() || null;
    } catch {
      /* not installed under this name */
    }
  }
  return null;
}

/** CI sets OUTREACH_REQUIRE_BROWSER=1, so a missing chromium fails the browser tests instead of skipping them. */
export const browserRequired = process.env.OUTREACH_REQUIRE_BROWSER === '1';
