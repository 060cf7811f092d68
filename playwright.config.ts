import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './e2e/chromium.ts';
import { scaled } from './e2e/loadScale.ts';

const API_PORT = Number(process.env.E2E_API_PORT ?? 18787);
const WEB_PORT = Number(process.env.E2E_WEB_PORT ?? 15173);
const EMBED_WEB_PORT = Number(process.env.E2E_EMBED_WEB_PORT ?? 15174);
const executablePath = chromiumPath();

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'e2e/artifacts/results',
  fullyParallel: true,
  // One browser per core: more only queue for the CPU and stretch every test.
  workers: availableParallelism(),
  // No retry, on CI either: a retry passes a flaky test and hides its cause.
  retries: 0,
  reporter: [['list']],
  // The budgets of a quiet machine, stretched by the load there is when the run starts.
  timeout: scaled(30_000),
  expect: { timeout: scaled(5_000) },
  use: {
    baseURL: `http://127.0.0.1:${WEB_PORT}`,
    browserName: 'chromium',
    launchOptions: { args: chromiumArgs, ...(executablePath ? { executablePath } : {}) },
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'demo' },
    // The specs whose requests go to the reference service, again, on a page that runs the
    // module the script-tag build swaps in (vite.config.ts, mode `embed-modules`: `request.ts`
    // alone): searches typed, paced, superseded and answered late, and related items. That
    // module's failures are checked against the client's in src/embed/request.test.ts, and
    // the built script itself in e2e/embed*.spec.ts, so the widget's specs (answered by
    // mocks, all but two screenshots) and the tracker's (its events do not pass through it)
    // run once. The same demo process serves this page, so these run beside the others.
    {
      name: 'embed-modules',
      testMatch: ['search.spec.ts', 'recommendations.spec.ts'],
      use: { baseURL: `http://127.0.0.1:${EMBED_WEB_PORT}` },
    },
  ],
  // The demo itself, on ports of its own and with a fresh data folder: the tests use
  // what `npm start` serves (its second page server is for the embed-modules project), its
  // pages built once (`--built`): through the dev server every page load fetched ~124 modules.
  // Node with tsx's loader, in one process: through `npx tsx`, npm and tsx's command line each
  // started a Node of their own first (about 2 s of CPU before the demo's first module).
  webServer: {
    command: `node --import tsx demo/start.ts --api-port ${API_PORT} --web-port ${WEB_PORT} --embed-web-port ${EMBED_WEB_PORT} --data .data/e2e --fresh --built`,
    url: `http://127.0.0.1:${WEB_PORT}/`,
    // Indexing the corpus takes most of it, and stretches with the load like the tests.
    timeout: scaled(180_000),
    reuseExistingServer: false,
    stdout: 'pipe',
  },
});
