import { describe, expect, it, vi } from 'vitest';
import { loadAreaTexts, type TextArea } from '../src/i18n/area-texts.ts';
import { en } from '../src/i18n/en.ts';
import { ru } from '../src/i18n/ru.ts';
import { createShellI18n } from '../src/i18n/shell-i18n.ts';
import { commands } from '../src/shared/commands/registry.ts';
import { changeLanguage } from '../src/shared/language.ts';

const ALL_AREAS: TextArea[] = [
  'proxies',
  'steamAccounts',
  'inventory',
  'harvester',
  'p2pAccounts',
  'lots',
  'priceProfile',
  'salesHistory',
];

/** Every text of a table as `path → text`. */
function flatten(table: object, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(table)) {
    if (typeof value === 'string') out[`${prefix}${key}`] = value;
    else Object.assign(out, flatten(value as object, `${prefix}${key}.`));
  }
  return out;
}

describe("areas' texts load with their screens", () => {
  it('the shell has every area command for the palette, and no screen texts', async () => {
    const i18n = await createShellI18n('ru');
    expect(i18n.t('proxies.commands.add')).toBe(ru.proxies.commands.add);
    expect(i18n.t('steamAccounts.sandbox')).toBe(ru.steamAccounts.sandbox);
    expect(i18n.exists('proxies.title')).toBe(false);
    expect(i18n.exists('inventory.title')).toBe(false);
  });

  it("every command's title is in the shell, in both languages, for the palette on any screen", async () => {
    for (const language of ['ru', 'en'] as const) {
      const i18n = await createShellI18n(language);
      const missing = commands.filter(
        (command) => i18n.getResource(language, 'translation', command.titleKey) === undefined,
      );
      expect(missing.map((command) => command.titleKey)).toEqual([]);
    }
  });

  it("an area's texts join the shell's in both languages, keeping its commands", async () => {
    const i18n = await createShellI18n('ru');
    await loadAreaTexts(i18n, ['proxies']);
    expect(i18n.t('proxies.title')).toBe(ru.proxies.title);
    expect(i18n.t('proxies.commands.add')).toBe(ru.proxies.commands.add);
    await i18n.changeLanguage('en');
    expect(i18n.t('proxies.title')).toBe(en.proxies.title);
    expect(i18n.exists('harvester.title')).toBe(false);
  });

  it('a Russian panel fetches the English shell texts when English is chosen', async () => {
    const i18n = await createShellI18n('ru');
    expect(i18n.getResource('en', 'translation', 'notFound.title')).toBeUndefined();
    changeLanguage(i18n, 'en');
    await vi.waitFor(() => expect(i18n.language).toBe('en'));
    expect(i18n.t('notFound.title')).toBe(en.notFound.title);
  });

  it('the shell and every area together hold exactly the full tables', async () => {
    for (const [language, table] of [
      ['ru', ru],
      ['en', en],
    ] as const) {
      const i18n = await createShellI18n(language);
      await loadAreaTexts(i18n, ALL_AREAS);
      expect(flatten(i18n.getResourceBundle(language, 'translation') as object)).toEqual(flatten(table));
    }
  });
});
