import type { Language } from '@tradedeck/sdk/i18n';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_STORAGE_KEY } from './i18n.ts';

const LANGUAGES: Language[] = ['ru', 'en'];

/** Two-button RU / EN switch; the choice is remembered in this browser. */
export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const choose = (language: Language) => {
    void i18n.changeLanguage(language);
    document.documentElement.lang = language;
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  };
  return (
    <fieldset className={`inline-flex rounded-md border border-white/15 p-0.5 text-xs ${className}`}>
      <legend className="sr-only">{t('language.label')}</legend>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={i18n.language === language}
          title={t(`language.${language}`)}
          onClick={() => choose(language)}
          className={`rounded px-2 py-1 font-semibold uppercase tracking-wide transition-colors ${
            i18n.language === language ? 'bg-primary text-white' : 'text-slate-300 hover:text-white'
          }`}
        >
          {language}
        </button>
      ))}
    </fieldset>
  );
}
