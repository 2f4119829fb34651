import { defineTexts } from './define-texts.ts';

/** The app's name and the language switch: the texts every entry (the landing page alone, the app) starts with. */
export const languageTexts = defineTexts(
  {
    app: { name: 'Tradedeck' },
    language: { label: 'Язык', ru: 'Русский', en: 'English' },
  },
  {
    app: { name: 'Tradedeck' },
    language: { label: 'Language', ru: 'Русский', en: 'English' },
  },
);
