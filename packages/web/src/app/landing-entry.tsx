import type { Language } from '@tradedeck/sdk/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { LandingPage } from '../features/landing/landing-page.tsx';
import { landingTexts } from '../features/landing/texts.ts';
import { createI18nWith } from '../i18n/i18n-instance.ts';
import { languageTexts } from '../i18n/language-texts.ts';

/** The landing page alone: its texts and the language switch, none of the panel. */
export function startLanding(root: HTMLElement, language: Language): void {
  const i18n = createI18nWith(language, {
    ru: { ...languageTexts.ru, landing: landingTexts.ru },
    en: { ...languageTexts.en, landing: landingTexts.en },
  });
  createRoot(root).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <LandingPage />
      </I18nextProvider>
    </StrictMode>,
  );
}
