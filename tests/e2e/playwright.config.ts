import { defineConfig } from '@playwright/test';
import { reporters } from './reporters.ts';

const port = Number(process.env.E2E_PORT ?? 4517);

/** End-to-end suites in Debian's Chromium against the built server on the embedded database. */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: reporters('e2e'),
  outputDir: '../test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node ../../packages/server/dist/main.js',
    url: `http://127.0.0.1:${port}/api/system/status`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(port), TRADEDECK_DATA_DIR: 'memory://', LOG_LEVEL: 'warn' },
  },
});
