import { defineConfig } from 'vitest/config';
import { reporters } from '../../vitest.shared.ts';

export default defineConfig({
  test: {
    reporters: reporters('server'),
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // One migrated PGlite data directory per run; every test database starts from a copy of it.
    globalSetup: ['test/helpers/pglite-template.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
