import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Repositories that still open the user's scope in each method, with the reason; the check fails on a line whose
 * file opens it once, so the list only shrinks.
 */
export const SCOPED_PER_METHOD: Readonly<Record<string, string>> = {
  'packages/server/src/modules/pacing/repo.ts':
    'two reads of the pacing screen; moves to `run` with that area',
};

const OPENS_SCOPE = /\bscope\.run\(/g;
const REPOSITORY = /(^|\/)([\w-]+-)?repo\.ts$/;

/**
 * Where the user's scope is opened other than once, in a repository's `run` (docs/architecture.md, "Module
 * shape"): a repository that opens it in each method, or a file that is no repository, as `file: reason`.
 */
export function scopeOpenedElsewhere(
  root: string,
  files: readonly string[],
  allowed: Readonly<Record<string, string>> = SCOPED_PER_METHOD,
): string[] {
  const found = files
    .filter((file) => file.startsWith('packages/server/src/'))
    .flatMap((file) => {
      const opens = readFileSync(join(root, file), 'utf8').match(OPENS_SCOPE)?.length ?? 0;
      if (opens === 0) return [];
      if (!REPOSITORY.test(file)) return [`${file}: opens a user scope outside a repository`];
      if (opens > 1 && !(file in allowed))
        return [`${file}: opens the user scope ${opens} times, not once in run`];
      return [];
    });
  const stale = Object.keys(allowed)
    .filter((file) => files.includes(file))
    .filter((file) => (readFileSync(join(root, file), 'utf8').match(OPENS_SCOPE)?.length ?? 0) <= 1)
    .map((file) => `${file}: opens the scope once now; take it off the list`);
  return [...found, ...stale];
}
