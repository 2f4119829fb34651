// The JSON reports CI's suites wrote (vitest and Playwright), for ci-totals.mjs and ci-slow-files.mjs.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every `.json` file below `dir`, depth first; nothing when `dir` does not exist. */
export function* reportFiles(dir) {
  let entries = [];
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of entries) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* reportFiles(path);
    else if (name.endsWith('.json')) yield path;
  }
}
