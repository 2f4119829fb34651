import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readAllowlist } from './allowlist.ts';
import { codeFilesOf, lineCount, MAX_LINES, oversized } from './file-size.ts';

// docs/architecture.md, "Files": small files with one job. The allowlist names the few files still over the
// limit, each with its reason, and only shrinks.
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const allowlist = readAllowlist(fileURLToPath(new URL('./file-size-allowlist.txt', import.meta.url)));

describe('the file size fence', () => {
  const files = codeFilesOf(ROOT);
  const over = oversized(ROOT, files);
  const allowed = new Set(allowlist.map((entry) => entry.key));

  it('reads the sources and tests of every package', () => {
    for (const pkg of ['sdk', 'server', 'web', 'cli']) {
      expect(files.some((file) => file.startsWith(`packages/${pkg}/src/`))).toBe(true);
      expect(files.some((file) => file.startsWith(`packages/${pkg}/test/`))).toBe(true);
    }
  });

  it(`keeps every file under ${MAX_LINES} lines but those the allowlist names`, () => {
    const found = over
      .filter(({ file }) => !allowed.has(file))
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(found).toEqual([]);
  });

  it('allows only files still over the limit, each with its reason', () => {
    const still = new Set(over.map(({ file }) => file));
    const wrong = allowlist
      .filter((entry) => !still.has(entry.key) || entry.reason === '')
      .map((entry) => entry.key);
    expect(wrong).toEqual([]);
  });

  it('lists neither proxies repository: the tag queries have their own file', () => {
    expect(allowlist.filter((entry) => entry.key.startsWith('packages/server/src/modules/proxies/'))).toEqual(
      [],
    );
  });
});

describe('the file size check itself', () => {
  const tree = mkdtempSync(join(tmpdir(), 'tradedeck-size-'));
  afterAll(() => rmSync(tree, { recursive: true, force: true }));
  const write = (path: string, lines: number) => {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), 'export {};\n'.repeat(lines));
  };

  it('counts lines with or without a last newline', () => {
    expect([lineCount(''), lineCount('a'), lineCount('a\n'), lineCount('a\nb')]).toEqual([0, 1, 1, 2]);
  });

  it('finds a file at the limit anywhere in the packages and tests, and skips builds and fixtures', () => {
    write('packages/server/src/modules/x/repo.ts', MAX_LINES);
    write('packages/web/src/features/y/page.tsx', MAX_LINES - 1);
    write('tests/e2e/z.spec.ts', MAX_LINES + 1);
    write('packages/server/dist/big.mjs', MAX_LINES * 2);
    write('packages/sdk/test/fixtures/big.ts', MAX_LINES * 2);
    expect(oversized(tree, codeFilesOf(tree)).map(({ file }) => file)).toEqual([
      'packages/server/src/modules/x/repo.ts',
      'tests/e2e/z.spec.ts',
    ]);
  });
});
