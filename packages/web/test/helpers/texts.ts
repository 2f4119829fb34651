import type { Language } from '@tradedeck/sdk/i18n';
import type { i18n } from 'i18next';
import { areas } from '../../src/app/areas.ts';
import { type AppTexts, shellTables } from '../../src/app/texts.ts';
import type { Widen } from '../../src/i18n/define-texts.ts';
import { createI18nWith } from '../../src/i18n/i18n-instance.ts';
import type { Area } from '../../src/shared/area/define-area.ts';

type Table = Record<string, unknown>;

/** Every text of the app, as the panel has them once every area's route has loaded. */
async function allTables(): Promise<{ ru: Table; en: Table }> {
  const { ru, en } = shellTables();
  for (const space of (areas as readonly Area[]).flatMap((area) => area.texts ?? [])) {
    if (!space.screen) continue;
    const screen = await space.screen();
    ru[space.key] = { ...(ru[space.key] as Table | undefined), ...screen.ru };
    en[space.key] = { ...(en[space.key] as Table | undefined), ...screen.en };
  }
  return { ru, en };
}

const tables = await allTables();
/** The whole Russian table, typed like `t()` keys. */
export const ru = tables.ru as AppTexts;
export const en = tables.en as Widen<AppTexts>;

/** An instance with every text of the app (screens render without waiting for their route). */
export function createI18n(language: Language): i18n {
  return createI18nWith(language, { ru, en });
}
