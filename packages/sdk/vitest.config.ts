import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { fileCpuSetup, reporters } from '../../vitest.shared.ts';

/**
 * Every sdk test is pure (no app, database or process; docs/testing.md): one project, also run from the root. Files
 * share a worker's loaded modules (no state of one file reaches the next: the modules are pure).
 */
export const sdkProjects: TestProjectInlineConfiguration[] = [
  {
    test: {
      name: 'sdk',
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      testTimeout: 15_000,
      isolate: false,
      setupFiles: fileCpuSetup(),
    },
  },
];

export default defineConfig({ test: { reporters: reporters('sdk'), projects: sdkProjects } });
