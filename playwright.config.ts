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
    // The widget's own specs again, on a page that runs the modules the script-tag build
    // swaps in (vite.config.ts, mode `embed-modules`): the same demo process serves it, so
    // they run beside the others instead of after them on a second demo.
    {
      name: 'embed-modules',
      testMatch: ['widget.spec.ts', 'search.spec.ts', 'tracker.spec.ts', 'recommendations.spec.ts'],
      use: { baseURL: `http://127.0.0.1:${EMBED_WEB_PORT}` },
    },
  ],
  // The demo itself, on ports of its own and with a fresh data folder: the tests use
  // exactly what `npm start` serves (its second page server is for the embed-modules project).
  webServer: {
    command: `npx tsx demo/start.ts --api-port ${API_PORT} --web-port ${WEB_PORT} --embed-web-port ${EMBED_WEB_PORT} --data .data/e2e --fresh`,
    url: `http://127.0.0.1:${WEB_PORT}/`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
  },
});
