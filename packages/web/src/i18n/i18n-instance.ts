import type { Language } from '@tradedeck/sdk/i18n';
import i18next, { type i18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** An i18next instance over the given texts (the shell's, or only a page's that loads alone). */
export function createI18nWith(language: Language, texts: { ru: object; en: object }): i18n {
  const instance = i18next.createInstance();
  const resources: Resource = {
    ru: { translation: texts.ru as Resource[string]['translation'] },
    en: { translation: texts.en as Resource[string]['translation'] },
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
