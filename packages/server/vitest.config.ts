import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { reporters } from '../../vitest.shared.ts';

export default defineConfig({
  test: {
    reporters: reporters('server'),
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // One migrated PGlite data directory per run; every test database starts from a copy of it.
    globalSetup: ['test/helpers/pglite-template.ts'],
    // Most of a file's time is waiting (sign-ins, restarts, child processes), so two workers overlap it even on
    // two cores. Files share a worker's loaded modules: loading the server anew took a seventh of the run, and
    // every file opens its own database and app, so no state carries from one file to the next.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
