import { languageTexts } from '../i18n/language-texts.ts';
import { shellTexts } from '../i18n/shell-texts.ts';
import type { EmptiedSpaces, EveryNamespaceTyped } from '../i18n/text-key.ts';
import { loadAreaTexts } from '../shared/area/area-texts.ts';
import type { Area, AreasTexts } from '../shared/area/define-area.ts';
import { areas } from './areas.ts';

/** The Russian table of the whole app (the reference for text keys): the shell's and every area's namespaces. */
export type AppTexts = typeof languageTexts.ru & typeof shellTexts.ru & AreasTexts<(typeof areas)[number]>;
/** A shell part and its screen part must agree on their common keys, or the namespace loses its keys. */
export type AppTextsChecked = EveryNamespaceTyped<EmptiedSpaces<AppTexts>>;

type Table = Record<string, unknown>;

/** What the shell loads: its own texts and the shell part of every area (their palette commands, for one). */
export function shellTables(): { ru: Table; en: Table } {
  const ru: Table = { ...languageTexts.ru, ...shellTexts.ru };
  const en: Table = { ...languageTexts.en, ...shellTexts.en };
  for (const space of (areas as readonly Area[]).flatMap((area) => area.texts ?? [])) {
    if (!space.shell) continue;
    ru[space.key] = space.shell.ru;
    en[space.key] = space.shell.en;
  }
  return { ru, en };
}

export { loadAreaTexts };
