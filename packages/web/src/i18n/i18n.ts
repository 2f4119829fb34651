import type { Language } from '@tradedeck/sdk/i18n';
import type { i18n } from 'i18next';
import { en } from './en.ts';
import { createI18nWith } from './i18n-instance.ts';
import { ru } from './ru.ts';

export { initialLanguage, LANGUAGE_STORAGE_KEY } from './i18n-instance.ts';

/** An instance with every screen's texts. */
export function createI18n(language: Language): i18n {
  return createI18nWith(language, { ru, en });
}
