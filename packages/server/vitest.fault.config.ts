import { defineConfig } from 'vitest/config';
import { reporters } from '../../vitest.shared.ts';

/**
 * The fault suite (`pnpm --filter @tradedeck/server test:fault`): real server processes on a Postgres cluster of
 * its own that it kills, cuts and restarts, and PGlite on a full disk. Not part of `pnpm test`; CI runs it.
 */
export default defineConfig({
  test: {
    reporters: reporters('server-fault'),
    include: ['test/fault/**/*.fault.ts'],
    globalSetup: ['test/fault/global-setup.ts'],
    // Each file spawns server processes: one file at a time on a small machine.
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
