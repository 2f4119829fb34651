import { describe, expect, it } from 'vitest';
import { areas, commandDefinitions } from '../src/app/areas.ts';
import { createShellI18n } from '../src/app/shell-i18n.ts';
import { loadAreaTexts } from '../src/shared/area/area-texts.ts';
import type { Area } from '../src/shared/area/define-area.ts';
import { changeLanguage } from '../src/shared/language.ts';
import { en, ru } from './helpers/texts.ts';

const ALL_AREAS = areas as readonly Area[];
const area = (name: string) => ALL_AREAS.find((candidate) => candidate.name === name)!;

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
  it('the shell has every area command for the palette, and no screen texts', () => {
    const i18n = createShellI18n('ru');
    expect(i18n.t('proxies.commands.add')).toBe(ru.proxies.commands.add);
    expect(i18n.t('steamAccounts.sandbox')).toBe(ru.steamAccounts.sandbox);
    expect(i18n.exists('proxies.title')).toBe(false);
    expect(i18n.exists('inventory.title')).toBe(false);
    expect(i18n.exists('transfer.title')).toBe(false);
  });

  it("every command's title is in the shell, in both languages, for the palette on any screen", () => {
    for (const language of ['ru', 'en'] as const) {
      const i18n = createShellI18n(language);
      const missing = commandDefinitions.filter(
        (command) => i18n.getResource(language, 'translation', command.titleKey) === undefined,
      );
      expect(missing.map((command) => command.titleKey)).toEqual([]);
    }
  });

  it("an area's texts join the shell's in both languages, keeping its commands", async () => {
    const i18n = createShellI18n('ru');
    await loadAreaTexts(i18n, [area('proxies')]);
    expect(i18n.t('proxies.title')).toBe(ru.proxies.title);
    expect(i18n.t('proxies.commands.add')).toBe(ru.proxies.commands.add);
    changeLanguage(i18n, 'en');
    expect(i18n.t('proxies.title')).toBe(en.proxies.title);
    expect(i18n.exists('harvester.title')).toBe(false);
  });

  it('an area with two namespaces loads both with its route', async () => {
    const i18n = createShellI18n('en');
    await loadAreaTexts(i18n, [area('steamAccounts')]);
    expect(i18n.t('steamAccounts.title')).toBe(en.steamAccounts.title);
    expect(i18n.t('inventory.label')).toBe(en.inventory.label);
  });

  it("a screen part never changes its shell part's texts: the shell would read the screen's once it loads", async () => {
    const changed: string[] = [];
    for (const space of ALL_AREAS.flatMap((candidate) => candidate.texts ?? [])) {
      if (!space.shell || !space.screen) continue;
      const screen = await space.screen();
      for (const language of ['ru', 'en'] as const) {
        const ofScreen = flatten(screen[language]);
        for (const [path, text] of Object.entries(flatten(space.shell[language]))) {
          if (path in ofScreen && ofScreen[path] !== text) changed.push(`${language} ${space.key}.${path}`);
        }
      }
    }
    expect(changed).toEqual([]);
  });

  it('the shell and every area together hold exactly the full tables', async () => {
    for (const [language, table] of [
      ['ru', ru],
      ['en', en],
    ] as const) {
      const i18n = createShellI18n(language);
      await loadAreaTexts(i18n, ALL_AREAS);
      expect(flatten(i18n.getResourceBundle(language, 'translation') as object)).toEqual(flatten(table));
    }
  });
});
