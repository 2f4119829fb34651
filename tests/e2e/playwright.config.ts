import { defineConfig } from '@playwright/test';
import { reporters } from './reporters.ts';
import { APP_PORT as port } from './shell/app-port.ts';

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
};

/**
 * Every end-to-end suite in Debian's Chromium, one command, one report. `app`: landing, accounts and Steam domain
 * against a server on `port` (each account suite starts its own server where it needs a fresh instance). `shell`:
 * the panel shell against one server of its own (address in SHELL_BASE_URL). The global setup starts both servers
 * side by side and the first test runs once both announced their address (shell/global-setup.ts).
 *
 * The two projects run side by side, one worker each: most of a spec's time is waiting on a server, a job or a
 * live update, so one project's waits overlap the other's. Within a project the files run one after another: the
 * shell's specs share one server whose system status one of them switches to maintenance, and `auth.spec.ts` is
 * the first user of the `app` project's server.
 */
export default defineConfig({
  testDir: '.',
  globalSetup: './shell/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: reporters('e2e'),
  outputDir: '../test-results',
  use: { launchOptions: chromium, screenshot: 'only-on-failure' },
  // A hung run ends here; no server start is held to a time budget (global-setup.ts starts them).
  globalTimeout: 60 * 60_000,
  projects: [
    {
      name: 'app',
      testMatch: '*.spec.ts',
      testIgnore: 'shell/**',
      workers: 1,
      timeout: 30_000,
      use: { baseURL: `http://127.0.0.1:${port}` },
    },
    {
      name: 'shell',
      testDir: './shell',
      testMatch: '*.spec.ts',
      workers: 1,
      timeout: 60_000,
      expect: { timeout: 10_000 },
      use: { viewport: { width: 1400, height: 900 }, locale: 'ru-RU', trace: 'retain-on-failure' },
    },
  ],
});
