import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Shown for any path the app does not know. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-4 bg-slate-50 px-6 text-center text-slate-800 dark:bg-slate-950 dark:text-slate-100">
      <p className="text-7xl font-extrabold text-primary-ink">404</p>
      <h1 className="text-2xl font-bold">{t('notFound.title')}</h1>
      <p className="max-w-md text-muted">{t('notFound.description')}</p>
      <Link
        to="/"
        className="rounded-md bg-primary-strong px-5 py-2 text-sm font-semibold text-white hover:bg-primary-deep"
      >
        {t('notFound.back')}
      </Link>
    </main>
  );
}
