import type { Language } from '@tradedeck/sdk/i18n';
import { useTranslation } from 'react-i18next';

/** The language of an i18next tag: English when it says so, else Russian (the product default). */
export const languageOf = (tag: string): Language => (tag === 'en' ? 'en' : 'ru');

/** The locale of dates and numbers in a language. */
export const localeOf = (language: Language): string => (language === 'en' ? 'en-US' : 'ru-RU');

/** The interface language; the component re-renders when it changes. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return languageOf(i18n.language);
}
