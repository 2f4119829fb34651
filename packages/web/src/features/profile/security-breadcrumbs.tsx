import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const SECURITY_PATH = '/profile/security';

/** Breadcrumbs of the security pages: Security, then the change being made (the current page, not a link). */
export function SecurityBreadcrumbs({ current }: { current?: 'changeEmail' | 'changePassword' }) {
  const { t } = useTranslation('translation', { keyPrefix: 'account.crumbs' });
  return (
    <nav aria-label={t('label')} className="mb-4 text-sm text-slate-400">
      <ol className="flex flex-wrap items-center gap-2">
        <li>
          {current ? (
            <Link to={SECURITY_PATH} className="text-primary-ink hover:underline">
              {t('security')}
            </Link>
          ) : (
            <span aria-current="page">{t('security')}</span>
          )}
        </li>
        {current ? (
          <>
            <li aria-hidden>›</li>
            <li aria-current="page" className="text-slate-200">
              {t(current)}
            </li>
          </>
        ) : null}
      </ol>
    </nav>
  );
}
