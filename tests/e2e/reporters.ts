import { join } from 'node:path';
import type { ReporterDescription } from '@playwright/test';

/** The list reporter, plus a JSON report for CI totals when TRADEDECK_REPORT_DIR is set. */
export function reporters(suite: string): ReporterDescription[] {
  const dir = process.env.TRADEDECK_REPORT_DIR;
  return dir ? [['list'], ['json', { outputFile: join(dir, `${suite}.json`) }]] : [['list']];
}
