import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The repository's linter settings over a small tree of server modules (the web package's test covers features).
const root = fileURLToPath(new URL('../../../', import.meta.url));
const biome = join(root, 'node_modules/.bin/biome');
let workspace: string;

beforeAll(() => {
  workspace = mkdtempSync(join(tmpdir(), 'tradedeck-modules-'));
  const settings = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8'));
  settings.vcs = { enabled: false };
  writeFileSync(join(workspace, 'biome.json'), JSON.stringify(settings));
});
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

function write(files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(workspace, path)), { recursive: true });
    writeFileSync(join(workspace, path), text);
  }
}

function lint(paths: string[]): Promise<string[]> {
  return new Promise((resolve) => {
    execFile(biome, ['lint', '--reporter=github', ...paths], { cwd: workspace, timeout: 60_000 }, (_e, out) =>
      resolve(
        [...out.matchAll(/title=(lint\/[A-Za-z/]+),file=([^,]+),/g)]
          .map((m) => `${m[2]!.slice(workspace.length + 1)} ${m[1]}`)
          .sort(),
      ),
    );
  });
}

const modules = 'packages/server/src/modules';

describe('server module boundaries', { timeout: 60_000 }, () => {
  it('holds the account modules to index.ts imports like every other module', async () => {
    write({
      [`${modules}/auth/users-repo.ts`]: 'export const users = 1;\n',
      [`${modules}/auth/index.ts`]: "export { users } from './users-repo.ts';\n",
      [`${modules}/users/service.ts`]:
        "import { users } from '../auth/index.ts';\nexport const info = users;\n",
      [`${modules}/admin/service.ts`]:
        "import { users } from '../auth/users-repo.ts';\nexport const moderate = users;\n",
    });
    expect(await lint([`${modules}/users/service.ts`, `${modules}/admin/service.ts`])).toEqual([
      `${modules}/admin/service.ts lint/style/noRestrictedImports`,
    ]);
  });

  it('fails on two modules that depend on each other through their index.ts', async () => {
    write({
      [`${modules}/lots/index.ts`]:
        "import { seller } from '../seller/index.ts';\nexport const lots = seller;\n",
      [`${modules}/seller/index.ts`]:
        "import { lots } from '../lots/index.ts';\nexport const seller = lots;\n",
    });
    expect(await lint([`${modules}/lots`, `${modules}/seller`])).toEqual([
      `${modules}/lots/index.ts lint/suspicious/noImportCycles`,
      `${modules}/seller/index.ts lint/suspicious/noImportCycles`,
    ]);
  });
});
