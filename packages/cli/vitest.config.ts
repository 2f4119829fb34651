import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { reporters } from '../../vitest.shared.ts';

export default defineConfig({
  test: {
    reporters: reporters('cli'),
    include: ['test/**/*.test.{ts,tsx}'],
    // Views and helpers are tested without commander, which loads every area's texts in the CLI.
    setupFiles: ['test/helpers/all-texts.ts'],
    // The terminal suites mostly wait on the market's one price change a minute and on a server's jobs: two
    // workers overlap the waits even on two cores.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
