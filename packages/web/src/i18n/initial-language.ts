import type { Language } from '@tradedeck/sdk/i18n';

export const LANGUAGE_STORAGE_KEY = 'tradedeck.language';

/** Language of a first visit: the saved choice, else Russian (the product default). */
export function initialLanguage(storage: Pick<Storage, 'getItem'> | null): Language {
  return storage?.getItem(LANGUAGE_STORAGE_KEY) === 'en' ? 'en' : 'ru';
}
