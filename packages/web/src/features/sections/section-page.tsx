import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TextKey } from '../../i18n/text-key.ts';

/** A panel section whose screen arrives with its area; says so and points at what works today. */
export function SectionPage({ titleKey }: { titleKey: TextKey }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">{t(titleKey)}</h1>
      <section className="card p-6 text-sm text-slate-600 dark:text-slate-300">
        <p>{t('sections.pending')}</p>
        <Link
          to="/panel/dashboard"
          className="mt-3 inline-block font-semibold text-primary-ink hover:underline"
        >
          {t('nav.dashboard')}
        </Link>
      </section>
    </div>
  );
}
