import type { Language } from '@tradedeck/sdk/i18n';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../shared/language.ts';
import { ServicesContext } from '../shared/services-context.ts';
import { useLanguage } from '../shared/use-language.ts';

const LANGUAGES: Language[] = ['ru', 'en'];

const TONES = {
  dark: { idle: 'text-slate-300 hover:text-white', frame: 'border-white/15' },
  auto: {
    idle: 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
    frame: 'border-slate-300 dark:border-slate-600',
  },
} as const;

/** Two-button RU / EN switch; the choice is remembered in this browser (and on the server when signed in). */
export function LanguageSwitcher({
  className = '',
  tone = 'dark',
}: {
  className?: string;
  tone?: keyof typeof TONES;
}) {
  const { t, i18n } = useTranslation();
  const current = useLanguage();
  const services = useContext(ServicesContext);
  return (
    <fieldset className={`inline-flex rounded-md border p-0.5 text-xs ${TONES[tone].frame} ${className}`}>
      <legend className="sr-only">{t('language.label')}</legend>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={current === language}
          title={t(`language.${language}`)}
          onClick={() => changeLanguage(i18n, language, services ?? undefined)}
          className={`rounded px-2 py-1 font-semibold uppercase tracking-wide transition-colors ${
            current === language ? 'bg-primary-strong text-white' : TONES[tone].idle
          }`}
        >
          {language}
        </button>
      ))}
    </fieldset>
  );
}
