import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The infrastructure the app decorates itself with (`app.hubs`, `app.jobs`, `app.services`). A module is handed
 * what it uses by `app.ts` (docs/architecture.md, "Module shape"); reading it off the app, at once or in a
 * closure run later, is reaching up past the wiring.
 */
const REACH_UP = /\b(?:app|fastify|instance)\s*\.\s*(hubs|jobs|services)\b/g;

/** Each place a server module reads infrastructure off the app, as `file:line app.<what>`. */
export function reachesUp(root: string, files: readonly string[]): string[] {
  return files
    .filter((file) => /^packages\/server\/src\/modules\//.test(file))
    .flatMap((file) =>
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          [...line.matchAll(REACH_UP)].map((m) => `${file}:${index + 1} app.${m[1]}`),
        ),
    );
}
