import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/main.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // The sdk ships as TypeScript source inside the workspace, so it is bundled; everything else stays external.
  noExternal: [/^@tradedeck\//],
});
