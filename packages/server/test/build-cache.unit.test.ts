import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheEntry, publish, sourcesHash } from './helpers/build-cache.ts';

// The cache behind the server bundles and the migrated database template (docs/testing.md): a file built once per
// change of its sources, then found by every later run.
describe('files the tests build from the sources', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tradedeck-build-cache-'));
  const prefix = `tradedeck-cache-test-${process.pid}-${Date.now()}-`;
  const made: string[] = [];
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    for (const file of made) rmSync(file, { recursive: true, force: true });
  });

  const build = (hash: string, content: string) => {
    const entry = cacheEntry(prefix, hash, '.txt');
    if (!entry.ready) {
      writeFileSync(entry.partial, content);
      made.push(publish(entry));
    }
    return entry;
  };

  it('is built once while its sources stay the same, and anew when one of them changes', () => {
    const source = join(dir, 'migration.sql');
    writeFileSync(source, 'create table a (id int);');
    const first = build(sourcesHash('template', [dir]), 'first build');
    expect(first.ready).toBe(false);

    const again = build(sourcesHash('template', [dir]), 'second build');
    expect(again.ready).toBe(true);
    expect(again.file).toBe(first.file);
    expect(readFileSync(again.file, 'utf8')).toBe('first build');

    writeFileSync(source, 'create table a (id bigint);');
    const changed = build(sourcesHash('template', [dir]), 'after the change');
    expect(changed.ready).toBe(false);
    expect(changed.file).not.toBe(first.file);
    expect(readFileSync(changed.file, 'utf8')).toBe('after the change');
  });

  it('publishes a folder whole, and keeps the first of two builds of the same sources made at once', () => {
    const hash = sourcesHash('split-bundle', [dir]);
    const folderBuild = (content: string) => {
      const entry = cacheEntry(prefix, hash, '', dir);
      mkdirSync(entry.partial);
      writeFileSync(join(entry.partial, 'index.mjs'), content);
      writeFileSync(join(entry.partial, 'chunk.mjs'), content);
      return entry;
    };
    const first = folderBuild('first');
    const second = folderBuild('second');
    expect(first.ready).toBe(false);
    expect(second.ready).toBe(false);
    expect(publish(first)).toBe(first.file);
    expect(publish(second)).toBe(first.file);
    expect(readFileSync(join(first.file, 'index.mjs'), 'utf8')).toBe('first');
    expect(readdirSync(first.file).sort()).toEqual(['chunk.mjs', 'index.mjs']);
    expect(readdirSync(dir).filter((name) => name.endsWith('.partial'))).toEqual([]);
    expect(cacheEntry(prefix, hash, '', dir).ready).toBe(true);
  });

  it('keeps two things built from the same sources apart by their seed', () => {
    writeFileSync(join(dir, 'entry.ts'), 'export {};');
    expect(sourcesHash('main', [dir])).not.toBe(sourcesHash('hub-process', [dir]));
  });
});
