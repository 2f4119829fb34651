import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  forbiddenImports,
  kindOf,
  reachesDatabaseChoice,
  signUpOutsideAuth,
  testFilesOf,
} from './helpers/test-layout.ts';

// `pnpm test:fast` runs the pure tests only (docs/testing.md): a pure-named file that builds an app, a database or
// a process would slow it down or break it.
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const testFiles = testFilesOf(ROOT);

describe('test layout', () => {
  it('finds the test files of every package', () => {
    for (const pkg of ['sdk', 'web', 'cli', 'server']) {
      expect(testFiles.some((file) => file.startsWith(`packages/${pkg}/`))).toBe(true);
    }
  });

  it('keeps every pure-named test free of apps, databases and processes', () => {
    const broken = testFiles
      .filter((file) => kindOf(file) === 'pure')
      .map((file) => ({ file, reaches: forbiddenImports(join(ROOT, file), ROOT) }))
      .filter(({ reaches }) => reaches.length > 0)
      .map(({ file, reaches }) => `${file} reaches ${reaches.join(', ')}: name it as an app test`);
    expect(broken).toEqual([]);
  });

  it('signs up through registration, mail and argon2 only in the tests of sign-in itself (test/auth)', () => {
    expect(signUpOutsideAuth(ROOT)).toEqual([]);
  });

  it('has no app tests in the sdk, which has no app project', () => {
    expect(testFiles.filter((file) => file.startsWith('packages/sdk/') && kindOf(file) === 'app')).toEqual(
      [],
    );
  });
});

describe('the purity check itself', () => {
  const tree = mkdtempSync(join(tmpdir(), 'tradedeck-layout-'));
  afterAll(() => rmSync(tree, { recursive: true, force: true }));
  /** Writes a file importing `name` from `specifier` (a module, or a path relative to the file). */
  const write = (path: string, specifier?: string) => {
    const text = specifier ? `import { name } from '${specifier}';\n` : 'export const name = 1;\n';
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
    return join(tree, path);
  };
  const dynamic = (path: string, specifier: string) => {
    writeFileSync(join(tree, path), `const { name } = await import('${specifier}');\n`);
    return join(tree, path);
  };

  it('catches an app helper reached through another helper, a spawn, PGlite and the database', () => {
    write('packages/server/test/helpers/test-app.ts');
    write('packages/server/test/lots/helpers.ts', '../helpers/test-app.ts');
    write('packages/server/src/db/database.ts');
    write('packages/server/src/domain/rules.ts');

    expect(forbiddenImports(write('packages/server/test/lots/a.unit.test.ts', './helpers.ts'), tree)).toEqual(
      ['packages/server/test/helpers/test-app.ts'],
    );
    expect(
      forbiddenImports(write('packages/server/test/b.unit.test.ts', 'node:child_process'), tree),
    ).toEqual(['node:child_process']);
    expect(
      forbiddenImports(dynamic('packages/server/test/c.unit.test.ts', '@electric-sql/pglite'), tree),
    ).toEqual(['@electric-sql/pglite']);
    expect(
      forbiddenImports(write('packages/cli/test/d.unit.test.ts', '../../server/src/db/database.ts'), tree),
    ).toEqual(['packages/server/src/db/database.ts']);
    expect(
      forbiddenImports(write('packages/server/test/e.unit.test.ts', '../src/domain/rules.ts'), tree),
    ).toEqual([]);
  });

  it('reads the kind from the package and the name', () => {
    expect(kindOf('packages/server/test/config.unit.test.ts')).toBe('pure');
    expect(kindOf('packages/server/test/lots/list.test.ts')).toBe('app');
    expect(kindOf('packages/cli/test/views/live-views.unit.test.tsx')).toBe('pure');
    expect(kindOf('packages/web/test/amount.test.tsx')).toBe('pure');
    expect(kindOf('packages/web/test/lint-boundaries.app.test.ts')).toBe('app');
  });
});

// CI runs the server's app tests again on a real Postgres: only those the database choice changes (vitest.config.ts).
describe('the files a run on Postgres repeats', () => {
  const tree = mkdtempSync(join(tmpdir(), 'tradedeck-database-choice-'));
  afterAll(() => rmSync(tree, { recursive: true, force: true }));
  /** A file's text importing `name` from each specifier (written out here, the file itself would reach them). */
  const importing = (...specifiers: string[]) =>
    specifiers.map((specifier) => `import { name } from '${specifier}';\n`).join('');
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
    return join(tree, path);
  };

  it('keeps a file that opens the test database or reads TEST_DATABASE_URL through its helpers', () => {
    write('packages/server/test/helpers/test-database.ts', 'export const db = 1;\n');
    write('packages/server/test/helpers/test-app.ts', importing('./test-database.ts'));
    write('packages/server/test/lots/helpers.ts', importing('../helpers/test-app.ts'));
    write('packages/server/test/hubs/cluster.ts', 'export const url = process.env.TEST_DATABASE_URL;\n');
    const viaApp = write('packages/server/test/lots/a.test.ts', importing('./helpers.ts'));
    const viaEnv = write('packages/server/test/hubs/b.test.ts', importing('./cluster.ts'));
    expect(reachesDatabaseChoice(viaApp, tree)).toBe(true);
    expect(reachesDatabaseChoice(viaEnv, tree)).toBe(true);
  });

  it('leaves out a file that runs the same on either database', () => {
    write('packages/server/test/helpers/spawn-server.ts', importing('node:child_process'));
    const spawned = write(
      'packages/server/test/c.test.ts',
      importing('./helpers/spawn-server.ts', '../src/db/database.ts'),
    );
    expect(reachesDatabaseChoice(spawned, tree)).toBe(false);
  });

  it('sorts the real files: data directories and the embedded engine out, the app and job tests in', () => {
    const choice = (file: string) => reachesDatabaseChoice(join(ROOT, file), ROOT);
    expect(choice('packages/server/test/data-dir.test.ts')).toBe(false);
    expect(choice('packages/server/test/db/pglite-prepared.test.ts')).toBe(false);
    expect(choice('packages/server/test/http/bad-input.test.ts')).toBe(true);
    expect(choice('packages/server/test/jobs/jobs.test.ts')).toBe(true);
    expect(choice('packages/server/test/jobs/crash-recovery.test.ts')).toBe(true);
  });
});
