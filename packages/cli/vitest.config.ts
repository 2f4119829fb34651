import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { fileCpuSetup, reporters } from '../../vitest.shared.ts';

/** Pure tests (views and helpers: no server, no terminal) are named `*.unit.test.ts(x)` (docs/testing.md). */
const UNIT = ['test/**/*.unit.test.{ts,tsx}'];

const shared = {
  // Views and helpers are tested without commander, which loads every area's texts in the CLI.
  setupFiles: [...fileCpuSetup(), 'test/helpers/all-texts.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/** The CLI's two projects, also run from the root config (`pnpm test:fast` runs cli-unit). */
export const cliProjects: TestProjectInlineConfiguration[] = [
  // Pure files share a worker's loaded modules (Ink and the texts load once).
  { test: { ...shared, name: 'cli-unit', include: UNIT, isolate: false } },
  {
    test: {
      ...shared,
      name: 'cli-app',
      // Files share a worker's loaded modules, as the server's app project does: the server's sources, the CLI's
      // and the embedded database's engine load once per worker instead of once per file (a third of a terminal
      // file's time went there). Every server a file started is stopped when it ends (test/helpers/stop-servers.ts).
      isolate: false,
      setupFiles: [...shared.setupFiles, 'test/helpers/stop-servers.ts'],
      include: ['test/**/*.test.{ts,tsx}'],
      exclude: [...configDefaults.exclude, ...UNIT],
      // The server suite's migrated PGlite data directory, made once per run: a test server starts from a copy
      // (6-10 s at load average 18) instead of an empty cluster it migrates (33-39 s).
      globalSetup: ['../server/test/helpers/pglite-template.ts'],
    },
  },
];

export default defineConfig({
  test: {
    reporters: reporters('cli'),
    // The terminal suites mostly wait on a server's jobs: two workers overlap the waits even on two cores.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: cliProjects,
  },
});
