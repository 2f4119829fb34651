import { SECURITY_SETTINGS_PATH } from '@tradedeck/sdk/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * Shown instead of the users table when the server refuses admin operations because this administrator has no
 * authenticator app: the server's message says what is missing, the button leads to where it is turned on.
 */
export function AdminTwoFactorNeeded({ message }: { message: string }) {
  const { t } = useTranslation('translation', { keyPrefix: 'admin' });
  return (
    <section
      role="alert"
      aria-labelledby="admin-two-factor-title"
      data-testid="admin-two-factor-needed"
      className="max-w-2xl space-y-3 rounded-lg border border-amber-500 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-400/60 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <h2 id="admin-two-factor-title" className="text-base font-semibold">
        {t('twoFactorTitle')}
      </h2>
      <p>{message}</p>
      <Link
        to={SECURITY_SETTINGS_PATH}
        className="inline-block rounded bg-sky-800 px-3 py-1.5 font-semibold text-white hover:bg-sky-700"
      >
        {t('openSecurity')}
      </Link>
    </section>
  );
}
