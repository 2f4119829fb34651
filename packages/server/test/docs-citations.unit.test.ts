/**
 * What the code cites is in the repository: every `docs/<file>.md` named in a source or test file of any package,
 * and every page a doc links to, exists, and a cited `§N` is a numbered section of it. The trading rules, the wire
 * rules and the product pages are cited by their docs file; the old names of those documents ("design
 * trading.md §2", "spec §4", "shell document §5") stay out of the server, the sdk, the tests and the docs.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SKIP = new Set(['node_modules', 'dist', 'public', '.turbo', 'coverage', 'test-results']);

function filesUnder(dir: string, ends: RegExp): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : filesUnder(path, ends);
    return ends.test(entry.name) ? [path] : [];
  });
}

const packages = ['server', 'sdk', 'web', 'cli'];
/** Every source and test file but this one, whose examples are wrong on purpose. */
const sources = [
  ...packages.flatMap((pkg) => filesUnder(join(ROOT, 'packages', pkg), /\.(ts|tsx)$/)),
  ...filesUnder(join(ROOT, 'tests'), /\.(ts|tsx)$/),
].filter((file) => file !== fileURLToPath(import.meta.url));
const docs = filesUnder(join(ROOT, 'docs'), /\.md$/);
/** Where the old names are gone (the web app and the CLI follow when their areas are next reshaped). */
const converted = [...sources.filter((file) => /packages\/(server|sdk)\/|\/tests\//.test(file)), ...docs];

interface Citation {
  doc: string;
  section: string | null;
  line: number;
}

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** `docs/<file>.md` (and a `§N` right after it) in code; `[page](page.md)` (and `§N`) in a doc. */
function citationsIn(text: string, markdown: boolean): Citation[] {
  const pattern = markdown
    ? /\]\(([\w-]+\.md)(?:#[\w-]*)?\)(?:\s*§\s*(\d+))?/g
    : /\bdocs\/([\w/-]+\.md)(?:\s*§\s*(\d+))?/g;
  return [...text.matchAll(pattern)].map((m) => ({
    doc: markdown ? m[1]! : `docs/${m[1]}`,
    section: m[2] ?? null,
    line: lineAt(text, m.index),
  }));
}

const OLD_NAMES =
  /\bdesign(?::)? [\w-]+\.md §|\bdesign §|\b[Ss]pec(?: trading)? §|\b[Tt]rading spec §|\b(?:shell|trading) (?:document|spec)(?:'s)? §|\b[Ss]hell §/g;

function oldCitationsIn(text: string): { text: string; line: number }[] {
  return [...text.matchAll(OLD_NAMES)].map((m) => ({ text: m[0], line: lineAt(text, m.index) }));
}

function sectionsOf(doc: string): Set<string> {
  const text = readFileSync(join(ROOT, doc), 'utf8');
  return new Set([...text.matchAll(/^#{2,3} (\d+)\./gm)].map((m) => m[1]!));
}

const read = (files: string[]) =>
  files.map((file) => ({ from: relative(ROOT, file), text: readFileSync(file, 'utf8') }));

function brokenCitations(files: { from: string; text: string }[], markdown: boolean): string[] {
  const broken: string[] = [];
  for (const { from, text } of files) {
    for (const { doc, section, line } of citationsIn(text, markdown)) {
      const target = markdown ? join('docs', doc) : doc;
      if (!existsSync(join(ROOT, target)))
        broken.push(`${from}:${line} cites ${target}, which does not exist`);
      else if (section && !sectionsOf(target).has(section))
        broken.push(`${from}:${line} cites ${target} §${section}, which has no such section`);
    }
  }
  return broken;
}

describe('citations of the docs', () => {
  it('finds the files it checks', () => {
    expect(sources.length).toBeGreaterThan(100);
    expect(docs.some((file) => file.endsWith('trading-rules.md'))).toBe(true);
  });

  it('names only docs files and sections that exist, from every source and test file', () => {
    expect(brokenCitations(read(sources), false)).toEqual([]);
  });

  it('links only pages and sections that exist, from every doc', () => {
    expect(brokenCitations(read(docs), true)).toEqual([]);
  });

  it('no longer cites the design and the spec by their old names', () => {
    const old = read(converted).flatMap(({ from, text }) =>
      oldCitationsIn(text).map((found) => `${from}:${found.line} ${found.text}`),
    );
    expect(old).toEqual([]);
  });
});

describe('the citation reader', () => {
  it('reads a docs file and its section from a comment, and a page from a doc link', () => {
    expect(citationsIn('/** Intent first (docs/trading-rules.md §2 rule 1). */', false)).toEqual([
      { doc: 'docs/trading-rules.md', section: '2', line: 1 },
    ]);
    expect(citationsIn('x\n// see docs/gone.md', false)).toEqual([
      { doc: 'docs/gone.md', section: null, line: 2 },
    ]);
    expect(citationsIn('As [product-trading.md](product-trading.md) §4 says', true)).toEqual([
      { doc: 'product-trading.md', section: '4', line: 1 },
    ]);
  });

  it('fails a comment that cites a docs file that does not exist, or a section it does not have', () => {
    const text =
      '/**\n * See docs/no-such-page.md and docs/trading-rules.md §12, per docs/trading-rules.md §2.\n */';
    expect(brokenCitations([{ from: 'src/x.ts', text }], false)).toEqual([
      'src/x.ts:2 cites docs/no-such-page.md, which does not exist',
      'src/x.ts:2 cites docs/trading-rules.md §12, which has no such section',
    ]);
    expect(brokenCitations([{ from: 'docs/x.md', text: 'see [gone](gone.md) §1' }], true)).toEqual([
      'docs/x.md:1 cites docs/gone.md, which does not exist',
    ]);
  });

  it('catches each old name', () => {
    const text = [
      '/** intent first (design trading.md §2 rule 1) */',
      '/** confirm our own (design §2 rule 4) */',
      '/** paused only (spec §4) */',
      '/** thresholds (spec trading §5, trading spec §9) */',
      '/** the host rule (shell document §5), the routes (shell spec §2), the entity (shell §3) */',
      '/** dialogs (trading document §4) */',
      'docs/trading-rules.md §2 and docs/product-shell.md §5 are fine',
    ].join('\n');
    expect(oldCitationsIn(text).map((c) => c.line)).toEqual([1, 2, 3, 4, 4, 5, 5, 5, 6]);
  });
});
