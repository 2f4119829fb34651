import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A concern with one home: the files allowed to do it, and how its code reads anywhere else. */
export interface OneHome {
  concern: string;
  homes: readonly string[];
  pattern: RegExp;
  /** The files the rule holds (every source file when absent). */
  scope?: RegExp;
  /** A file that uses the home's way is not a stray (its own listeners may read like the hand-written code). */
  usesHome?: RegExp;
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
  {
    concern: 'following a job over a hub by hand (use the sdk’s followJob)',
    homes: ['packages/sdk/src/hubs/job-follower.ts'],
    // Telling this job's events from others' by the id its start answered is what followJob does.
    pattern: /\b(?:jobId|batchId)\s*[!=]==?\s*[\w.]+\.(?:jobId|batchId)\b/,
    scope: /^packages\/web\/src\/features\//,
    usesHome: /\bfollowJob\s*(?:<[^>]*>)?\s*\(/,
  },
  {
    concern: 'tag rules (match typed tag names through shared/tags/tag-rules.ts)',
    homes: ['packages/web/src/shared/tags/tag-rules.ts'],
    // Comparing tag names letter case aside is the rule "a typed existing name reuses that tag".
    pattern: /\.name\.(?:trim\(\)\.)?to(?:Locale)?(?:Lower|Upper)Case\(\)/,
    scope: /^packages\/web\/src\//,
  },
];

/** The files, other than its homes, whose code does a concern, each as `file: concern`. */
export function strays(root: string, files: readonly string[], rules = ONE_HOMES): string[] {
  return files.flatMap((file) => {
    const text = readFileSync(join(root, file), 'utf8');
    return rules
      .filter(
        (rule) =>
          !rule.homes.includes(file) &&
          (!rule.scope || rule.scope.test(file)) &&
          rule.pattern.test(text) &&
          !rule.usesHome?.test(text),
      )
      .map((rule) => `${file}: ${rule.concern}`);
  });
}
