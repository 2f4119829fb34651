import { defineConfig } from '@playwright/test';

/** The web shell suite: the real server on an in-memory PGlite, the built app, Debian Chromium. */
export default defineConfig({
  testDir: './shell',
  testMatch: '*.spec.ts',
  globalSetup: './shell/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['html', { open: 'never', outputFolder: '../test-results/shell-report' }]],
  outputDir: '../test-results/shell',
  use: {
    viewport: { width: 1400, height: 900 },
    locale: 'ru-RU',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
});
