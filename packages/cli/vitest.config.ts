import { defineConfig } from 'vitest/config';
import { reporters } from '../../vitest.shared.ts';

export default defineConfig({
  test: {
    reporters: reporters('cli'),
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
