// @vitest-environment node
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The repository's own linter settings, run over small trees laid out like the repository.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const biome = join(root, 'node_modules/.bin/biome');
let workspace: string;

beforeAll(() => {
  workspace = mkdtempSync(join(tmpdir(), 'tradedeck-boundaries-'));
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

/** Lints the given files of the workspace: the exit code and every diagnostic's file and rule. */
function lint(paths: string[]): Promise<{ code: number; findings: string[] }> {
  return new Promise((resolve) => {
    execFile(
      biome,
      ['lint', '--reporter=github', ...paths],
      { cwd: workspace, timeout: 60_000 },
      (error, stdout) => {
        const findings = [...stdout.matchAll(/title=(lint\/[A-Za-z/]+),file=([^,]+),/g)].map(
          (match) => `${match[2]!.slice(workspace.length + 1)} ${match[1]}`,
        );
        resolve({ code: error ? Number(error.code ?? 1) : 0, findings });
      },
    );
  });
}

const STORE = 'export const value = 1;\n';

describe('import boundaries', { timeout: 60_000 }, () => {
  it('lets a feature use its own files and shared code, and a module another module through its index.ts', async () => {
    write({
      'packages/web/src/shared/format.ts': STORE,
      'packages/web/src/features/orders/rows.ts': STORE,
      'packages/web/src/features/orders/page.ts':
        "import { value as a } from '../../shared/format.ts';\nimport { value as b } from './rows.ts';\nexport const page = a + b;\n",
      'packages/web/src/features/orders/wizard/step.ts':
        "import { value as a } from '../../../shared/format.ts';\nimport { value as b } from '../rows.ts';\nexport const step = a + b;\n",
      'packages/server/src/db/database.ts': STORE,
      'packages/server/src/modules/lots/repo.ts': STORE,
      'packages/server/src/modules/lots/index.ts': "export { value } from './repo.ts';\n",
      'packages/server/src/modules/seller/service.ts':
        "import { value as a } from '../../db/database.ts';\nimport { value as b } from '../lots/index.ts';\nexport const service = a + b;\n",
    });
    const result = await lint([
      'packages/web/src/features/orders/page.ts',
      'packages/web/src/features/orders/wizard/step.ts',
      'packages/server/src/modules/seller/service.ts',
    ]);
    expect(result).toEqual({ code: 0, findings: [] });
  });

  it('fails on a feature importing another feature, from its top or from a subfolder', async () => {
    write({
      'packages/web/src/features/lots/lot-row.ts': STORE,
      'packages/web/src/features/seller/page.ts':
        "import { value } from '../lots/lot-row.ts';\nexport const page = value;\n",
      'packages/web/src/features/seller/wizard/step.ts':
        "import { value } from '../../lots/lot-row.ts';\nexport const step = value;\n",
    });
    const result = await lint(['packages/web/src/features/seller']);
    expect(result.code).not.toBe(0);
    expect(result.findings.sort()).toEqual([
      'packages/web/src/features/seller/page.ts lint/style/noRestrictedImports',
      'packages/web/src/features/seller/wizard/step.ts lint/style/noRestrictedImports',
    ]);
  });

  it('fails on shared web code importing a feature', async () => {
    write({
      'packages/web/src/features/lots/lot-row.ts': STORE,
      'packages/web/src/shared/table/cells.ts':
        "import { value } from '../../features/lots/lot-row.ts';\nexport const cells = value;\n",
    });
    const result = await lint(['packages/web/src/shared/table/cells.ts']);
    expect(result.code).not.toBe(0);
    expect(result.findings).toEqual([
      'packages/web/src/shared/table/cells.ts lint/style/noRestrictedImports',
    ]);
  });

  it("fails on a server module reaching into another module's files", async () => {
    write({
      'packages/server/src/modules/lots/repo.ts': STORE,
      'packages/server/src/modules/harvester/service.ts':
        "import { value } from '../lots/repo.ts';\nexport const service = value;\n",
    });
    const result = await lint(['packages/server/src/modules/harvester/service.ts']);
    expect(result.code).not.toBe(0);
    expect(result.findings).toEqual([
      'packages/server/src/modules/harvester/service.ts lint/style/noRestrictedImports',
    ]);
  });

  it('fails on an import cycle', async () => {
    write({
      'packages/server/src/modules/transfer/plan.ts':
        "import { run } from './run.ts';\nexport const plan = () => run;\n",
      'packages/server/src/modules/transfer/run.ts':
        "import { plan } from './plan.ts';\nexport const run = () => plan;\n",
    });
    const result = await lint(['packages/server/src/modules/transfer']);
    expect(result.code).not.toBe(0);
    expect(result.findings.sort()).toEqual([
      'packages/server/src/modules/transfer/plan.ts lint/suspicious/noImportCycles',
      'packages/server/src/modules/transfer/run.ts lint/suspicious/noImportCycles',
    ]);
  });
});
