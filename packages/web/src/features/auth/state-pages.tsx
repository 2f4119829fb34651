import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MESSENGER_URL } from '../../shared/messenger.ts';
import { AuthCard, Notice } from '../../ui/account-form.tsx';

/** Route AccountBanned. */
export function AccountBannedPage() {
  const { t } = useTranslation('translation', { keyPrefix: 'auth' });
  return (
    <AuthCard title={t('bannedTitle')} footer={<Link to="/auth/login">{t('toLogin')}</Link>}>
      <Notice kind="error">{t('banned')}</Notice>
      <a
        href={MESSENGER_URL}
        target="_blank"
        rel="noreferrer noopener"
        className="mt-4 block text-center font-semibold text-primary-ink underline underline-offset-4"
      >
        {t('contactSupport')}
      </a>
    </AuthCard>
  );
}

/** Route PendingApproval. */
export function PendingApprovalPage() {
  const { t } = useTranslation('translation', { keyPrefix: 'auth' });
  return (
    <AuthCard title={t('pendingTitle')} footer={<Link to="/auth/login">{t('toLogin')}</Link>}>
      <Notice>{t('pending')}</Notice>
    </AuthCard>
  );
}
