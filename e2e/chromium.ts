import { existsSync } from 'node:fs';

/**
 * Which Chromium the browser tests drive: `CHROMIUM_PATH` when set, else Debian's
 * package, else Playwright's own download (where one was installed).
 */
export function chromiumPath(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return fromEnv;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

/** Flags for a headless Chromium on a machine with no network but loopback. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
