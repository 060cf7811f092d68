import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './e2e/chromium.ts';
import { scaled } from './e2e/loadScale.ts';

const API_PORT = Number(process.env.E2E_API_PORT ?? 18787);
const WEB_PORT = Number(process.env.E2E_WEB_PORT ?? 15173);
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
  // The demo itself, on ports of its own and with a fresh data folder: the tests use
  // exactly what `npm start` serves.
  webServer: {
    command: `npx tsx demo/start.ts --api-port ${API_PORT} --web-port ${WEB_PORT} --data .data/e2e --fresh`,
    url: `http://127.0.0.1:${WEB_PORT}/`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
  },
});
