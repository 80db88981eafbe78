import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// Playwright cannot download its browsers here (no browser CDN). In order:
// CHROMIUM_PATH, Debian's `chromium` when installed, else the Chromium binary
// that the npm package @sparticuz/chromium ships (unpacked into the temp folder).
const SYSTEM_CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** Extracts the packaged Chromium in a child process, so callers can stay synchronous (Playwright's config). */
function packagedChromium(): string {
  const script = "import('@sparticuz/chromium').then(async (m) => process.stdout.write(await m.default.executablePath()))";
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 120_000 }).trim();
}

let found: string | undefined;

/** The path of a Chromium that Playwright can launch on this machine. */
export function findChromium(): string {
  if (found) return found;
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return (found = fromEnv);
  const system = SYSTEM_CHROMIUM.find((candidate) => existsSync(candidate));
  found = system ?? packagedChromium();
  return found;
}

/** Flags for a headless Chromium as root in a closed network (no sandbox, no background connections). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
