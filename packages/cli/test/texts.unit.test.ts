import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import type { CommandContext } from '../src/context.ts';
import { buildProgram } from '../src/program.ts';
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

  it("shows each command's own text for an option several groups name alike", async () => {
    const io = { stdout: () => {}, stderr: () => {}, env: { TRADEDECK_LANG: 'en' } };
    const program = await buildProgram(['--help'], io, () => ({}) as CommandContext);
    const option = (path: string[], flag: string) => {
      let command: Command = program;
      for (const word of path) command = command.commands.find((c) => c.name() === word)!;
      return command.options.find((o) => o.long === flag)?.description;
    };
    expect(option(['p2p', 'accounts', 'add'], '--currency')).toBe(
      'the market currency of the account: RUB, USD or EUR',
    );
    expect(option(['p2p', 'reprice'], '--currency')).toBe('currency of the prices: RUB, USD or EUR');
    expect(option(['harvester', 'profiles', 'add'], '--currency')).toBe(
      'currency of the amounts: RUB, USD or EUR',
    );
  });
});
