import { defineConfig } from 'tsup';

export default defineConfig({
  // A new embedded database is created in a process of its own (src/db/database.ts, createDataDirApart).
  entry: ['src/main.ts', 'src/db/pglite-first-start.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // The sdk ships as TypeScript source inside the workspace, so it is bundled; everything else stays external.
  noExternal: [/^@tradedeck\//],
});
