import { defineConfig } from 'tsup';

export default defineConfig({
  // A new embedded database is created in a process of its own (src/db/database.ts, createDataDirApart); with
  // TRADEDECK_PGLITE_THREAD on, the engine runs on a worker thread started from its own file (pglite-thread.ts).
  entry: {
    main: 'src/main.ts',
    'pglite-first-start': 'src/db/pglite-first-start.ts',
    'pglite-thread-worker': 'src/db/pglite-thread-worker.ts',
  },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // The sdk ships as TypeScript source inside the workspace, so it is bundled; everything else stays external.
  noExternal: [/^@tradedeck\//],
});
