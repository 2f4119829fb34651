import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A concern with one home: the files allowed to do it, and how its code reads anywhere else. */
export interface OneHome {
  concern: string;
  homes: readonly string[];
  pattern: RegExp;
}

/**
 * The concerns written once in the workspace (docs/architecture.md, "One home per concern"). The patterns are
 * the spellings the concern had before it moved to its home.
 */
export const ONE_HOMES: readonly OneHome[] = [
  {
    concern: 'decoding a JWT payload',
    homes: ['packages/sdk/src/domain/jwt.ts'],
    // The payload is a token's second part; `atob` is the browser's way to read it.
    pattern: /\.split\(\s*['"]\.['"]\s*\)\s*\[\s*1\s*\]|\batob\(/,
  },
];

/** The files, other than its homes, whose code does a concern, each as `file: concern`. */
export function strays(root: string, files: readonly string[], rules = ONE_HOMES): string[] {
  return files.flatMap((file) => {
    const text = readFileSync(join(root, file), 'utf8');
    return rules
      .filter((rule) => !rule.homes.includes(file) && rule.pattern.test(text))
      .map((rule) => `${file}: ${rule.concern}`);
  });
}
