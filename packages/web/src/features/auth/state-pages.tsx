import { Link } from 'react-router';
import { AuthCard, Notice } from '../../ui/account-form.tsx';
import { useAuthTexts } from './texts.ts';

/** Route AccountBanned. */
export function AccountBannedPage() {
  const t = useAuthTexts();
  return (
    <AuthCard title={t('bannedTitle')} footer={<Link to="/auth/login">{t('toLogin')}</Link>}>
      <Notice kind="error">{t('banned')}</Notice>
    </AuthCard>
  );
}

/** Route PendingApproval. */
export function PendingApprovalPage() {
  const t = useAuthTexts();
  return (
    <AuthCard title={t('pendingTitle')} footer={<Link to="/auth/login">{t('toLogin')}</Link>}>
      <Notice>{t('pending')}</Notice>
    </AuthCard>
  );
}
