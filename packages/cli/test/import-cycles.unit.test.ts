import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
/** Every relative import of a file: static, type-only, re-exports and dynamic ones. */
const IMPORTS = /(?:\bfrom |^import |\bimport\()'(\.{1,2}\/[^']+)'/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The import cycles among the given files, each as the list of files around it. */
function importCycles(files: string[]): string[][] {
  const edges = new Map(
    files.map((file) => [
      file,
      [...readFileSync(file, 'utf8').matchAll(IMPORTS)].map(([, path]) => join(dirname(file), path!)),
    ]),
  );
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of edges.get(file) ?? []) {
      if (state.get(next) === 'open')
        cycles.push(stack.slice(stack.indexOf(next)).map((f) => relative(SRC, f)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return cycles;
}

describe('CLI imports', () => {
  it('form no cycle, type-only imports included', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(60);
    expect(importCycles(files)).toEqual([]);
  });
});
