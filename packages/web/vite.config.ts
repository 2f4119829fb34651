import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { reporters } from '../../vitest.shared.ts';

// The built app goes straight into the server's static root, so the panel and the API share one origin.
const serverPublic = fileURLToPath(new URL('../server/public', import.meta.url));
// `vite build --mode fixtures`: the same app plus the development routes, for the end-to-end shell suite and the
// benchmark; it never replaces the production build.
const fixturesPublic = fileURLToPath(new URL('../server/public-fixtures', import.meta.url));

export default defineConfig(({ mode }) => ({
  plugins: [react(), tailwindcss()],
  build: { outDir: mode === 'fixtures' ? fixturesPublic : serverPublic, emptyOutDir: true, sourcemap: true },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080', '/tenant': { target: 'ws://127.0.0.1:8080', ws: true } },
  },
  test: {
    reporters: reporters('web'),
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
  },
}));
