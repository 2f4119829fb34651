import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The web package's sources (`src/`), for tests that read every file. */
export const WEB_SOURCES = fileURLToPath(new URL('../../src/', import.meta.url));

/** Every TypeScript file under `dir`. */
export function sourceFiles(dir: string = WEB_SOURCES): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}
