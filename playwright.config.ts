import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_ADMIN, E2E_COMPANY_NAME } from './e2e/support/constants.ts';

/** The journeys run against `npm start`'s build on its own port and a fresh embedded database. */
const PORT = Number(process.env.E2E_PORT ?? 3100);
// Absolute: `npm start` runs the server from apps/server, where a relative path would point elsewhere.
// Each port gets its own database, so two runs on different ports never share one.
const DATA_DIR = path.resolve(`e2e/.artifacts/data-${PORT}`);

export default defineConfig({
  testDir: './e2e',
  outputDir: `./e2e/.artifacts/results-${PORT}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium; Playwright never downloads a browser here.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: `rm -rf '${DATA_DIR}' && npm start`,
    url: `http://localhost:${PORT}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      COMPANY_NAME: E2E_COMPANY_NAME,
      LOGIN_MAX_ATTEMPTS: '1000',
      LOG_LEVEL: 'warn',
      // The webhooks journey's receiver listens on 127.0.0.1, which hooks may not point at otherwise.
      HOOKS_ALLOW_PRIVATE: '1',
      // Queued jobs (batches, webhook deliveries) start within a second rather than two.
      JOB_POLL_SECONDS: '1',
    },
  },
});
