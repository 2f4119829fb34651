// The reports CI's suites wrote: JSON (vitest and Playwright) for ci-totals.mjs and ci-slow-files.mjs, the CPU per
// test file (`.jsonl`) for ci-file-cpu.mjs.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every file below `dir` named `*<ending>`, depth first; nothing when `dir` does not exist. */
export function* reportFiles(dir, ending = '.json') {
  let entries = [];
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of entries) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* reportFiles(path, ending);
    else if (name.endsWith(ending)) yield path;
  }
}
