import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** The house rule of docs/architecture.md ("Files"): a source or test file stays under this many lines. */
export const MAX_LINES = 600;

/** Folders whose files are data, builds or generated, not code a newcomer reads. */
const SKIPPED = new Set(['node_modules', 'dist', 'fixtures', 'test-results', 'playwright-report', '.vite']);

/** Every TypeScript and script file under the packages and the workspace tests, relative to the root. */
export function codeFilesOf(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name) && !entry.name.startsWith('.')) walk(path);
      } else if (/\.(ts|tsx|mts|cts|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        files.push(relative(root, path).split(sep).join('/'));
      }
    }
  };
  walk(join(root, 'packages'));
  walk(join(root, 'tests'));
  return files.sort();
}

/** The number of lines of a text, a last line without its newline counted too. */
export function lineCount(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** The files at or over the limit, each with its line count. */
export function oversized(root: string, files: readonly string[]): { file: string; lines: number }[] {
  return files
    .map((file) => ({ file, lines: lineCount(readFileSync(join(root, file), 'utf8')) }))
    .filter(({ lines }) => lines >= MAX_LINES);
}
