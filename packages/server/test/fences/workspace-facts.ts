import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { ResolvedFacts } from './fence-rules.ts';
import { importResolver } from './resolve-import.ts';
import { sourceFacts } from './source-facts.ts';

/** The source files the fences hold: every package's `src/`, relative to the root with forward slashes. */
export function sourceFilesOf(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(path);
      } else if (/\.(ts|tsx|mts|cts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        files.push(relative(root, path).split(sep).join('/'));
      }
    }
  };
  for (const pkg of readdirSync(join(root, 'packages'), { withFileTypes: true }))
    if (pkg.isDirectory()) {
      const src = join(root, 'packages', pkg.name, 'src');
      try {
        walk(src);
      } catch {
        // a package without src/ has nothing to fence
      }
    }
  return files.sort();
}

/** Every source file's facts, its imports resolved to workspace files. */
export function workspaceFacts(root: string, files = sourceFilesOf(root)): ResolvedFacts[] {
  const resolve = importResolver(root);
  return files.map((file) => {
    const path = join(root, file);
    const facts = sourceFacts(file, readFileSync(path, 'utf8'));
    return { ...facts, file, targets: facts.imports.map((fact) => resolve(path, fact.specifier)) };
  });
}
