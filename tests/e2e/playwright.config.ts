import { defineConfig } from '@playwright/test';
import { reporters } from './reporters.ts';

const port = Number(process.env.E2E_PORT ?? 4517);
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
};

/**
 * Every end-to-end suite in Debian's Chromium, one command, one report. `app`: landing, accounts and Steam domain
 * against the built server (each account suite starts its own server where it needs a fresh instance). `shell`:
 * the panel shell against one server of its own started by the global setup (address in SHELL_BASE_URL).
 */
export default defineConfig({
  testDir: '.',
  globalSetup: './shell/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: reporters('e2e'),
  outputDir: '../test-results',
  use: { launchOptions: chromium, screenshot: 'only-on-failure' },
  webServer: {
    command: 'node ../../packages/server/dist/main.js',
    url: `http://127.0.0.1:${port}/api/system/status`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(port), TRADEDECK_DATA_DIR: 'memory://', LOG_LEVEL: 'warn' },
  },
  projects: [
    {
      name: 'app',
      testMatch: '*.spec.ts',
      testIgnore: 'shell/**',
      timeout: 30_000,
      use: { baseURL: `http://127.0.0.1:${port}` },
    },
    {
      name: 'shell',
      testDir: './shell',
      testMatch: '*.spec.ts',
      timeout: 60_000,
      expect: { timeout: 10_000 },
      use: { viewport: { width: 1400, height: 900 }, locale: 'ru-RU', trace: 'retain-on-failure' },
    },
  ],
});
