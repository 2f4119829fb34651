import { describe, expect, it } from 'vitest';
import { commandDefinitions as commands } from '../src/app/areas.ts';
import { RESERVED_STROKES } from '../src/shared/commands/reserved-strokes.ts';
import { en, ru } from './helpers/texts.ts';

function lookup(resources: object, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], resources);
}

describe('command registry policy', () => {
  it('has unique ids', () => {
    const ids = commands.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('binds no hotkey twice within a scope', () => {
    const seen = new Map<string, string>();
    for (const def of commands) {
      for (const hotkey of def.hotkeys ?? []) {
        const key = `${def.scope}:${hotkey}`;
        expect(seen.get(key), `${hotkey} in ${def.scope}: ${def.id} and ${seen.get(key)}`).toBeUndefined();
        seen.set(key, def.id);
      }
    }
    expect(seen.size).toBeGreaterThan(10);
  });

  it('takes no browser-reserved combination', () => {
    const reserved = new Set(RESERVED_STROKES);
    expect(reserved.has('mod+c')).toBe(true);
    for (const def of commands) {
      for (const hotkey of def.hotkeys ?? []) {
        for (const stroke of hotkey.split(' '))
          expect(reserved.has(stroke), `${def.id}: ${stroke}`).toBe(false);
      }
    }
  });

  it('writes modifiers as mod (never ctrl/meta/cmd) and avoids Shift with digits or punctuation', () => {
    for (const def of commands) {
      for (const hotkey of def.hotkeys ?? []) {
        expect(hotkey).not.toMatch(/\b(ctrl|meta|cmd|command)\+/);
        expect(hotkey).not.toMatch(/shift\+[0-9/.,;']/);
      }
    }
  });

  it('navigates only with two-stroke sequences, keeping single keys for rows', () => {
    const navigation = commands.filter((c) => c.group === 'navigation');
    expect(navigation.length).toBeGreaterThanOrEqual(8);
    for (const def of navigation) {
      for (const hotkey of def.hotkeys ?? []) expect(hotkey).toMatch(/^g [a-z,]$/);
    }
  });

  it('has every title in Russian and English', () => {
    for (const def of commands) {
      const ruTitle = lookup(ru, def.titleKey);
      const enTitle = lookup(en, def.titleKey);
      expect(typeof ruTitle, `ru ${def.titleKey}`).toBe('string');
      expect(typeof enTitle, `en ${def.titleKey}`).toBe('string');
      expect(ruTitle).not.toBe('');
    }
  });

  it('gives every child command an existing page as parent', () => {
    const pages = new Set(commands.filter((c) => c.page).map((c) => c.id));
    for (const def of commands.filter((c) => c.parent)) expect(pages.has(def.parent!)).toBe(true);
  });
});
