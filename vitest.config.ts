import { availableParallelism } from 'node:os';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import { defineConfig } from 'vitest/config';
import { cliProjects } from './packages/cli/vitest.config.ts';
import { sdkProjects } from './packages/sdk/vitest.config.ts';
import { serverProjects } from './packages/server/vitest.config.ts';
import { webProjects } from './packages/web/vite.config.ts';
import { ALL_PROJECTS } from './scripts/test-projects.mjs';
import { reporters } from './vitest.shared.ts';

/** A package's projects, rooted in its folder. */
const inPackage = (dir: string, projects: TestProjectInlineConfiguration[]) =>
  projects.map((project) => ({ ...project, test: { ...project.test, root: dir } }));

/**
 * Every package's vitest projects in one place (docs/testing.md): the pure ones (sdk, web, cli-unit, server-unit)
 * and those that build an app, a database or a process (web-app, cli-app, server-app). `pnpm test:fast` runs the
 * pure ones; `vitest run --project server-app test/…` picks one file of a project from the root.
 */
const projects = [
  ...inPackage('packages/sdk', sdkProjects),
  ...inPackage('packages/web', webProjects),
  ...inPackage('packages/cli', cliProjects),
  ...inPackage('packages/server', serverProjects),
];
// `pnpm test` and `pnpm test:fast` name the projects they run (scripts/test-projects.mjs): a project missing there
// would silently never run.
const names = projects.map((project) => project.test?.name).sort();
if (names.join() !== [...ALL_PROJECTS].sort().join()) {
  throw new Error(
    `scripts/test-projects.mjs names ${ALL_PROJECTS.join(', ')}; the projects are ${names.join(', ')}`,
  );
}

export default defineConfig({
  test: {
    // `pnpm test` runs two suites of this config side by side, each naming its report (scripts/test-all.mjs).
    reporters: reporters(process.env.TRADEDECK_REPORT_NAME ?? 'root'),
    // The packages' own setting: two workers overlap waits even on two cores.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects,
  },
});
