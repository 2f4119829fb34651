import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * `node --import` of this file runs TypeScript. Named by its full URL, not as `tsx`, which resolves from the working
 * directory: `pnpm test` starts the suites from the repository root, where `tsx` is not installed.
 */
export const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
