import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

/** The modules a file loads at run time: its imports and re-exports, less those that name only types. */
function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings;
      const onlyTypes =
        clause &&
        !clause.name &&
        named &&
        ts.isNamedImports(named) &&
        named.elements.length > 0 &&
        named.elements.every((element) => element.isTypeOnly);
      if (!onlyTypes) specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specifiers;
}

/** Every package a module loads, following the sdk's own files (which import each other directly). */
function packagesLoadedBy(entry: string): { packages: Set<string>; chains: Map<string, string[]> } {
  const packages = new Set<string>();
  const chains = new Map<string, string[]>();
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of valueImports(file)) {
      if (specifier.startsWith('.')) walk(resolve(dirname(file), specifier), [...chain, specifier]);
      else if (!specifier.startsWith('node:')) {
        packages.add(specifier);
        chains.set(specifier, [...chain, specifier]);
      }
    }
  };
  walk(resolve(SRC, entry), [entry]);
  return { packages, chains };
}

// The web panel's first visit calls the API through the client and its route table, and connects its live views
// through the hub client; the schemas (zod and every area's contract) load only with what parses them (a live
// event's payload, a form). The browser downloads what these load.
describe('the client without the schemas', () => {
  it.each([
    'client/index.ts',
    'contract/routes.ts',
    'contract/session-cookie.ts',
    'contract/http-path.ts',
    'network/index.ts',
  ])('%s loads no zod and no SignalR', (entry) => {
    const { packages, chains } = packagesLoadedBy(entry);
    expect(chains.get('zod') ?? [], 'the import chain to zod').toEqual([]);
    expect(packages.has('@microsoft/signalr')).toBe(false);
  });

  // The live part connects and subscribes before any payload arrives: the schemas load with the first one.
  it('the hub client loads SignalR but no zod', () => {
    const { packages, chains } = packagesLoadedBy('hubs/index.ts');
    expect(chains.get('zod') ?? [], 'the import chain to zod').toEqual([]);
    expect(packages.has('@microsoft/signalr')).toBe(true);
  });
});
