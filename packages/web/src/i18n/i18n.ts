import type { Language } from '@tradedeck/sdk/i18n';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en.ts';
import { ru } from './ru.ts';

export const LANGUAGE_STORAGE_KEY = 'tradedeck.language';

/** Language of a first visit: the saved choice, else Russian (the product default). */
export function initialLanguage(storage: Pick<Storage, 'getItem'> | null): Language {
  return storage?.getItem(LANGUAGE_STORAGE_KEY) === 'en' ? 'en' : 'ru';
}

export function createI18n(language: Language): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'ru',
    resources: { ru: { translation: ru }, en: { translation: en } },
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });
  return instance;
}
