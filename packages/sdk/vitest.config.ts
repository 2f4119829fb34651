import { defineConfig } from 'vitest/config';
import { reporters } from '../../vitest.shared.ts';

export default defineConfig({
  test: {
    reporters: reporters('sdk'),
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 15_000,
  },
});
