import { defineConfig } from 'tsup';

export default defineConfig({
  // A new embedded database is created in a process of its own (src/db/database.ts, createDataDirApart).
  entry: { main: 'src/main.ts', 'pglite-first-start': 'src/db/pglite-first-start.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // The sdk ships as TypeScript source inside the workspace, so it is bundled; everything else stays external.
  noExternal: [/^@tradedeck\//],
});
