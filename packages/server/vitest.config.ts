import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { fileCpuSetup, reporters } from '../../vitest.shared.ts';
import { kindOf, reachesDatabaseChoice, testFilesOf } from './test/helpers/test-layout.ts';

/** Pure tests (no app, database or process) are named `*.unit.test.ts` (docs/testing.md). */
const UNIT = ['test/**/*.unit.test.ts', 'src/**/*.unit.test.ts'];

// Files share a worker's loaded modules: loading the server anew took a seventh of the run, and every file opens
// its own database and app, so no state carries from one file to the next.
const shared = { testTimeout: 30_000, hookTimeout: 60_000, isolate: false, setupFiles: fileCpuSetup() };

/**
 * `TRADEDECK_DATABASE_FILES_ONLY=1` (CI's run on a real Postgres) keeps the app tests that run differently on
 * `TEST_DATABASE_URL`: a file that never reaches the database choice runs the same as in the PGlite run before it.
 */
function appTestFiles(): string[] {
  const all = ['test/**/*.test.ts', 'src/**/*.test.ts'];
  if (process.env.TRADEDECK_DATABASE_FILES_ONLY !== '1') return all;
  const root = fileURLToPath(new URL('../../', import.meta.url));
  return testFilesOf(root)
    .filter((file) => file.startsWith('packages/server/') && kindOf(file) === 'app')
    .filter((file) => reachesDatabaseChoice(`${root}${file}`, root))
    .map((file) => file.slice('packages/server/'.length));
}

/** The server's two projects, also run from the root config (`pnpm test:fast` runs server-unit). */
export const serverProjects: TestProjectInlineConfiguration[] = [
  { test: { ...shared, name: 'server-unit', include: UNIT } },
  {
    test: {
      ...shared,
      name: 'server-app',
      include: appTestFiles(),
      exclude: [...configDefaults.exclude, ...UNIT],
      // One migrated PGlite data directory per run; every test database starts from a copy of it.
      globalSetup: ['test/helpers/pglite-template.ts'],
    },
  },
];

export default defineConfig({
  test: {
    reporters: reporters('server'),
    // Most of a file's time is waiting (sign-ins, restarts, child processes), so two workers overlap it even on
    // two cores.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: serverProjects,
  },
});
