import { readFileSync } from 'node:fs';
import type { Breach } from './fence-rules.ts';

/** One allowed breach: the key it matches (fence, file, detail) and why it is allowed. */
export interface Allowance {
  key: string;
  reason: string;
}

/** How a breach is named in the allowlist: its line number is left out, so edits above it do not stale it. */
export const breachKey = (breach: Breach) => `${breach.fence} ${breach.file} ${breach.detail}`;

export function readAllowlist(path: string): Allowance[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const bar = line.lastIndexOf(' | ');
      return bar < 0
        ? { key: line.trim(), reason: '' }
        : { key: line.slice(0, bar).trim(), reason: line.slice(bar + 3).trim() };
    });
}
