import { join } from 'node:path';
import type { TestUserConfig } from 'vitest/config';

/**
 * Reporters for every package suite. With TRADEDECK_REPORT_DIR set (CI does), each suite also writes a JSON
 * report there, from which CI prints one line of totals.
 */
export function reporters(suite: string): TestUserConfig['reporters'] {
  const dir = process.env.TRADEDECK_REPORT_DIR;
  return dir ? ['default', ['json', { outputFile: join(dir, `${suite}.json`) }]] : ['default'];
}
