import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  banner: { js: '#!/usr/bin/env node' },
  // The sdk ships as TypeScript source inside the workspace, so it is bundled.
  noExternal: [/^@tradedeck\//],
});
