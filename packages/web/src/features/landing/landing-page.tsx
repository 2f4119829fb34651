import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../i18n/language-switcher.tsx';
import { MessengerLink } from '../../shared/messenger-link.tsx';

const FEATURE_KEYS = ['safe', 'prices', 'instant', 'items'] as const;

/** The public landing page: what the product is, and the way into the panel. */
export function LandingPage() {
  const { t } = useTranslation();
  return (
    <div className="relative flex min-h-full flex-col overflow-hidden bg-[#0f1020] text-slate-100">
      <div
        aria-hidden
        className="pointer-events-none absolute -top-40 left-1/2 h-[36rem] w-[56rem] -translate-x-1/2 rounded-full bg-primary/25 blur-3xl"
      />
      <header className="relative z-10 mx-auto flex w-full max-w-6xl items-center justify-between px-6 py-5">
        <span className="flex items-center gap-2 text-lg font-bold tracking-tight">
          <img src="/favicon.svg" alt="" className="h-7 w-7" />
          {t('app.name')}
        </span>
        <LanguageSwitcher />
      </header>

      <main className="relative z-10 mx-auto flex w-full max-w-6xl flex-1 flex-col items-center justify-center px-6 pb-24 text-center">
        <span className="mb-6 inline-flex items-center gap-2 rounded-full border border-emerald-400/30 bg-emerald-400/10 px-3 py-1 text-xs font-semibold tracking-widest text-emerald-300">
          <span className="h-2 w-2 animate-pulse rounded-full bg-emerald-400" aria-hidden />
          {t('landing.badge')}
        </span>
        <h1 className="text-5xl font-extrabold tracking-tight sm:text-7xl">{t('landing.title')}</h1>
        <p className="mt-3 bg-gradient-to-r from-primary to-fuchsia-400 bg-clip-text text-3xl font-bold text-transparent sm:text-5xl">
          {t('landing.subtitle')}
        </p>
        <p className="mt-6 max-w-2xl text-base text-slate-300 sm:text-lg">{t('landing.lead')}</p>

        {/* A plain link: the landing page loads without the panel, so the panel starts with a page load. */}
        <a
          href="/panel/dashboard"
          className="mt-10 rounded-lg bg-primary-strong px-8 py-3 text-sm font-bold tracking-widest text-white shadow-lg shadow-primary/30 transition hover:bg-primary-deep focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-primary"
        >
          {t('landing.cta')}
        </a>

        <ul className="mt-12 flex flex-wrap justify-center gap-3" aria-label="features">
          {FEATURE_KEYS.map((key) => (
            <li
              key={key}
              className="rounded-full border border-white/10 bg-white/5 px-4 py-1.5 text-sm text-slate-200"
            >
              {t(`landing.features.${key}`)}
            </li>
          ))}
        </ul>
      </main>

      <footer className="relative z-10 mx-auto w-full max-w-6xl px-6 py-6 text-center text-sm text-slate-400">
        <MessengerLink className="underline-offset-4 hover:text-slate-200 hover:underline">
          {t('landing.messenger')}
        </MessengerLink>
      </footer>
    </div>
  );
}
