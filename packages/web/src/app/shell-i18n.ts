import type { Language } from '@tradedeck/sdk/i18n';
import type { i18n } from 'i18next';
import { createI18nWith } from '../i18n/i18n-instance.ts';
import { shellTables } from './texts.ts';

/** The app's instance: the shell's texts in both languages; each area's route adds its own (`loadAreaTexts`). */
export function createShellI18n(language: Language): i18n {
  return createI18nWith(language, shellTables());
}
