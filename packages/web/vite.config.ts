import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { fileCpuSetup, reporters } from '../../vitest.shared.ts';
import { entryChunks } from './build/entry-chunks.ts';
import { signalrWebSocketsOnly } from './build/signalr-websockets-only.ts';

// The built app goes straight into the server's static root, so the panel and the API share one origin.
const serverPublic = fileURLToPath(new URL('../server/public', import.meta.url));
// `vite build --mode fixtures`: the same app plus the development routes, for the end-to-end shell suite and the
// benchmark; it never replaces the production build.
const fixturesPublic = fileURLToPath(new URL('../server/public-fixtures', import.meta.url));

const TESTS = ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'];
/** Web tests are pure by default; one that runs a process (the linter) is named `*.app.test.ts` (docs/testing.md). */
const APP = ['src/**/*.app.test.{ts,tsx}', 'test/**/*.app.test.{ts,tsx}'];
/** The bound of testing-library's waits in every web test (`test/helpers/wait-timeout.ts`). */
const WAIT_TIMEOUT = fileURLToPath(new URL('./test/helpers/wait-timeout.ts', import.meta.url));

/** The web's two projects, also run from the root config (`pnpm test:fast` runs web). */
export const webProjects: TestProjectInlineConfiguration[] = [
  {
    plugins: [react()],
    // Files share a worker's loaded modules: importing React, the router and the texts anew for every file took
    // longer than its tests. Each file still gets a fresh jsdom.
    test: {
      name: 'web',
      environment: 'jsdom',
      include: TESTS,
      exclude: [...configDefaults.exclude, ...APP],
      isolate: false,
      setupFiles: [...fileCpuSetup(), WAIT_TIMEOUT],
      // A test's own timeout covers a few of those waits.
      testTimeout: 30_000,
    },
  },
  {
    plugins: [react()],
    test: {
      name: 'web-app',
      environment: 'jsdom',
      include: APP,
      setupFiles: [...fileCpuSetup(), WAIT_TIMEOUT],
      testTimeout: 30_000,
    },
  },
];

export default defineConfig(({ mode }) => ({
  plugins: [react(), tailwindcss(), signalrWebSocketsOnly(), entryChunks()],
  build: { outDir: mode === 'fixtures' ? fixturesPublic : serverPublic, emptyOutDir: true, sourcemap: true },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080', '/tenant': { target: 'ws://127.0.0.1:8080', ws: true } },
  },
  test: {
    reporters: reporters('web'),
    projects: webProjects,
  },
}));
