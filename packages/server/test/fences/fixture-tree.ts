import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll } from 'vitest';

/**
 * A small tree laid out like the repository, for a fence check to run on (removed after the file's tests):
 * `write(path, text)` adds a file and answers its path.
 */
export function fixtureTree(name: string): { root: string; write(path: string, text: string): string } {
  const root = mkdtempSync(join(tmpdir(), `tradedeck-${name}-`));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  return {
    root,
    write(path, text) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
      return path;
    },
  };
}
