import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The production build of the panel. */
export const PRODUCTION_WEB_ROOT = `${ROOT}packages/server/public/`;
/** The same app plus the development routes (`/dev/table`), built with `vite build --mode fixtures`. */
export const FIXTURES_WEB_ROOT = `${ROOT}packages/server/public-fixtures/`;

const builtAt = (dir) => (existsSync(`${dir}index.html`) ? statSync(`${dir}index.html`).mtimeMs : 0);

/**
 * The shell suite and the benchmark need the table fixture, which a production build leaves out: build the
 * fixtures variant when it is missing or older than the production build.
 */
export function ensureFixturesBuild() {
  const production = builtAt(PRODUCTION_WEB_ROOT);
  if (!production) throw new Error('The web app is not built: run `pnpm build` first');
  if (builtAt(FIXTURES_WEB_ROOT) >= production) return FIXTURES_WEB_ROOT;
  execFileSync('pnpm', ['--filter', '@tradedeck/web', 'run', 'build:fixtures'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  return FIXTURES_WEB_ROOT;
}
