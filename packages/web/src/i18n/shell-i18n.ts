import type { Language } from '@tradedeck/sdk/i18n';
import type { i18n } from 'i18next';
import { createI18nWith, registerLanguageLoader } from './i18n-instance.ts';
import { shellRu } from './shell-ru.ts';

/**
 * The app's instance: the shell's Russian texts (the default language and the fallback) and, when English is
 * chosen, the shell's English texts, fetched then; each area's route adds its own texts (`loadAreaTexts`).
 */
export async function createShellI18n(language: Language): Promise<i18n> {
  const instance = createI18nWith(language, { ru: shellRu });
  let english: Promise<void> | null = null;
  const load = (wanted: Language) => {
    if (wanted === 'ru') return Promise.resolve();
    english ??= import('./shell-en.ts').then(
      ({ shellEn }) => {
        instance.addResourceBundle('en', 'translation', shellEn, true, false);
      },
      (error: unknown) => {
        english = null; // tried again on the next switch
        throw error;
      },
    );
    return english;
  };
  registerLanguageLoader(instance, load);
  await load(language);
  return instance;
}
