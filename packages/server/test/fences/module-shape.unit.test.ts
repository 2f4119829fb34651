import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// docs/architecture.md, "Module shape": every module has the five files, or the doc's table names its variant.
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MODULES = join(ROOT, 'packages/server/src/modules');
const SHAPE = ['routes.ts', 'service.ts', 'repo.ts', 'messages.ts'];

/** The modules the doc's variant table names, each with the text of its row. */
function variants(): Map<string, string> {
  const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
  const section = doc.slice(
    doc.indexOf('## Module shape'),
    doc.indexOf('\n## ', doc.indexOf('## Module shape') + 1),
  );
  const rows = new Map<string, string>();
  for (const [, name, text] of section.matchAll(/^\|\s*`([a-z-]+)`\s*\|(.+)\|\s*$/gm)) rows.set(name!, text!);
  return rows;
}

/** What a module's folder lacks of the shape, or has beside it that needs naming. */
function differences(module: string): string[] {
  const lacks = SHAPE.filter((file) => !existsSync(join(MODULES, module, file)));
  const extra = existsSync(join(MODULES, module, 'deps.ts')) ? ['deps.ts'] : [];
  return [...lacks.map((file) => `no \`${file}\``), ...extra.map((file) => `\`${file}\``)];
}

describe('server module shape', () => {
  const modules = readdirSync(MODULES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const table = variants();

  it('gives every module an index.ts, the only file other modules import', () => {
    expect(modules.filter((module) => !existsSync(join(MODULES, module, 'index.ts')))).toEqual([]);
  });

  it('names, in docs/architecture.md, every module whose files differ from the shape and what differs', () => {
    const unnamed = modules.flatMap((module) => {
      const row = table.get(module);
      return differences(module)
        .filter((difference) => !row?.includes(difference))
        .map((difference) => `${module}: ${difference}`);
    });
    expect(unnamed).toEqual([]);
  });

  it('names no module that is gone', () => {
    expect([...table.keys()].filter((module) => !modules.includes(module))).toEqual([]);
  });
});
