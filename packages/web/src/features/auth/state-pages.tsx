import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MessengerLink } from '../../shared/messenger-link.tsx';
import { AuthCard, Notice } from '../../ui/account-form.tsx';

/** Route AccountBanned. */
export function AccountBannedPage() {
  const { t } = useTranslation('translation', { keyPrefix: 'auth' });
  return (
    <AuthCard title={t('bannedTitle')} footer={<Link to="/auth/login">{t('toLogin')}</Link>}>
      <Notice kind="error">{t('banned')}</Notice>
      <MessengerLink className="mt-4 block text-center font-semibold text-primary-ink underline underline-offset-4">
        {t('contactSupport')}
      </MessengerLink>
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
