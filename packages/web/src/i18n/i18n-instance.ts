import type { Language } from '@tradedeck/sdk/i18n';
import i18next, { type i18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGE_STORAGE_KEY = 'tradedeck.language';

/** Language of a first visit: the saved choice, else Russian (the product default). */
export function initialLanguage(storage: Pick<Storage, 'getItem'> | null): Language {
  return storage?.getItem(LANGUAGE_STORAGE_KEY) === 'en' ? 'en' : 'ru';
}

/**
 * An i18next instance over the given texts (the whole panel's, or only a page's that loads alone). Without
 * English texts, `registerLanguageLoader` says how to fetch them when English is chosen.
 */
export function createI18nWith(language: Language, texts: { ru: object; en?: object }): i18n {
  const instance = i18next.createInstance();
  const resources: Resource = {
    ru: { translation: texts.ru as Resource[string]['translation'] },
    ...(texts.en ? { en: { translation: texts.en as Resource[string]['translation'] } } : {}),
  };
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'ru',
    resources,
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });
  return instance;
}

const languageLoaders = new WeakMap<i18n, (language: Language) => Promise<void>>();

/** How an instance fetches the texts of a language it was created without. */
export function registerLanguageLoader(instance: i18n, load: (language: Language) => Promise<void>): void {
  languageLoaders.set(instance, load);
}

/** Makes sure the instance has the language's texts before it switches to it. */
export function prepareLanguage(instance: i18n, language: Language): Promise<void> {
  return languageLoaders.get(instance)?.(language) ?? Promise.resolve();
}
