import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestUserConfig } from 'vitest/config';

/**
 * Reporters for every package suite. With TRADEDECK_REPORT_DIR set (CI does), each suite also writes a JSON
 * report there, from which CI prints one line of totals.
 */
export function reporters(suite: string): TestUserConfig['reporters'] {
  const dir = process.env.TRADEDECK_REPORT_DIR;
  return dir ? ['default', ['json', { outputFile: join(dir, `${suite}.json`) }]] : ['default'];
}

/**
 * The setup file that writes each test file's CPU beside the reports (vitest.file-cpu.ts), for every project of
 * every package when TRADEDECK_REPORT_DIR is set; nothing otherwise.
 */
export function fileCpuSetup(): string[] {
  return process.env.TRADEDECK_REPORT_DIR
    ? [fileURLToPath(new URL('./vitest.file-cpu.ts', import.meta.url))]
    : [];
}
