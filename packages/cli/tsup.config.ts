import { defineConfig, type Options } from 'tsup';

const common: Options = {
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  // The sdk ships as TypeScript source inside the workspace, so it is bundled.
  noExternal: [/^@tradedeck\//],
  // Russian texts as they are, not as \u escapes: a third of the bytes to read and parse.
  esbuildOptions(options) {
    options.charset = 'utf8';
  },
};

export default defineConfig([
  {
    ...common,
    entry: ['src/index.ts'],
    // The direct commands' file is written by the second build.
    clean: ['!direct-run.js'],
    banner: { js: '#!/usr/bin/env node' },
    esbuildPlugins: [
      {
        // The bin loads the direct commands from their own file (below) rather than from shared chunks.
        name: 'direct-run-file',
        setup(build) {
          build.onResolve({ filter: /^\.\/direct-run\.ts$/ }, (args) =>
            args.importer.endsWith('index.ts') ? { path: './direct-run.js', external: true } : undefined,
          );
        },
      },
    ],
  },
  {
    ...common,
    // `accounts code` and the other direct commands in one file: the module loader's cost is per file.
    entry: { 'direct-run': 'src/direct-run.ts' },
    splitting: false,
    clean: false,
  },
]);
