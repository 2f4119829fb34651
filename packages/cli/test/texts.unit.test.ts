import { describe, expect, it } from 'vitest';
import '../src/texts/all.ts';
import { loadedTextSets } from '../src/texts/registry.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map(([, name]) => name).sort();

describe('texts', () => {
  const sets = loadedTextSets();

  it('loads every home of texts once', () => {
    const names = sets.map((set) => set.name);
    expect(names).toContain('shared');
    expect(names).toContain('accounts');
    expect(new Set(names).size).toBe(names.length);
  });

  it('has every key in English and Russian, none empty, with the same placeholders', () => {
    const problems: string[] = [];
    for (const set of sets) {
      const keys = new Set([...Object.keys(set.en), ...Object.keys(set.ru)]);
      for (const key of keys) {
        const en = (set.en as Record<string, string | undefined>)[key];
        const ru = (set.ru as Record<string, string | undefined>)[key];
        if (!en?.trim()) problems.push(`${set.name}.${key}: no English text`);
        if (!ru?.trim()) problems.push(`${set.name}.${key}: no Russian text`);
        if (en && ru && placeholders(en).join() !== placeholders(ru).join())
          problems.push(
            `${set.name}.${key}: {${placeholders(en)}} in English, {${placeholders(ru)}} in Russian`,
          );
      }
    }
    expect(problems).toEqual([]);
  });

  it('names each key in one home only, so a key cannot mean two things', () => {
    const homes = new Map<string, string[]>();
    for (const set of sets)
      for (const key of Object.keys(set.en)) homes.set(key, [...(homes.get(key) ?? []), set.name]);
    expect([...homes].filter(([, names]) => names.length > 1)).toEqual([]);
  });
});
