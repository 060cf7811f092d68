// Fails fast, with one line saying what to do, when no Chromium can run the browser tests.
import { existsSync } from 'node:fs';

const fromEnv = process.env.CHROMIUM_PATH;
let found = fromEnv ? existsSync(fromEnv) : existsSync('/usr/bin/chromium');
if (!found && !fromEnv) {
  try {
    const { chromium } = await import('@playwright/test');
    found = existsSync(chromium.executablePath());
  } catch {
    found = false;
  }
}
if (!found) {
  const where = fromEnv ? `CHROMIUM_PATH=${fromEnv} does not exist. ` : '';
  console.error(
    `No Chromium for the browser tests. ${where}Install one: \`apt-get install chromium\` (Debian), or \`npx playwright install chromium\` where the internet is reachable, or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}
