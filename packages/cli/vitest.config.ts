import { defineConfig } from 'vitest/config';
import { reporters } from '../../vitest.shared.ts';

export default defineConfig({
  test: {
    reporters: reporters('cli'),
    include: ['test/**/*.test.{ts,tsx}'],
    // Views and helpers are tested without commander, which loads every area's texts in the CLI.
    setupFiles: ['test/helpers/all-texts.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
