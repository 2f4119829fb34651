import { describe, expect, it } from 'vitest';
import { en, ru } from './helpers/texts.ts';

/** Every text of a table as `path → text`; Russian-only plural forms (`_few`, `_many`) are left out. */
function flatten(table: object, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(table)) {
    if (/_(few|many)$/.test(key)) continue;
    if (value !== null && typeof value === 'object') {
      for (const [path, text] of flatten(value, `${prefix}${key}.`)) out.set(path, text);
    } else out.set(`${prefix}${key}`, value);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('every text of the app, in both languages', () => {
  const russian = flatten(ru);
  const english = flatten(en);

  it('has the same keys in Russian and English', () => {
    expect([...english.keys()].sort()).toEqual([...russian.keys()].sort());
  });

  it('is a non-empty string in both', () => {
    const bad = [...russian, ...english].filter(([, text]) => typeof text !== 'string' || text.trim() === '');
    expect(bad.map(([path]) => path)).toEqual([]);
  });

  it('has the same placeholders in both', () => {
    const differ = [...russian.keys()].filter(
      (path) =>
        placeholders(String(russian.get(path))).join() !==
        placeholders(String(english.get(path) ?? '')).join(),
    );
    expect(differ).toEqual([]);
  });
});
