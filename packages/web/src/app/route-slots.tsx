import { useTranslation } from 'react-i18next';
import { Link, type RouteObject } from 'react-router';

/**
 * Slots for the auth and profile pages. The auth work replaces these two arrays with `authRoutes` and
 * `profileRoutes` exported from `features/auth` and `features/profile`; the router imports them from here only.
 * Paths (relative to /auth and /profile) and route names follow the shell spec §2.
 */
export const AUTH_PAGES = [
  ['login', 'Login'],
  ['forgot-password', 'ForgotPassword'],
  ['reset-password', 'ForgotPasswordReset'],
  ['forgot-password-info', 'ForgotPasswordSended'],
  ['registration', 'Register'],
  ['email-confirmation', 'EmailConfirmation'],
  ['email-confirm', 'ConfirmationEmail'],
  ['email-resend', 'ResendEmail'],
  ['account-banned', 'AccountBanned'],
  ['pending-approval', 'PendingApproval'],
] as const;

export const PROFILE_PAGES = [
  ['account', 'ProfileAccount'],
  ['security', 'ProfileSecurity'],
  ['security/change-password', 'ProfileChangePassword'],
  ['security/change-email', 'ProfileChangeEmail'],
] as const;

export const authRoutes: RouteObject[] = AUTH_PAGES.map(([path, name]) => ({
  path,
  element: <SlotPage name={name} />,
}));

export const profileRoutes: RouteObject[] = PROFILE_PAGES.map(([path, name]) => ({
  path,
  element: <SlotPage name={name} />,
}));

/** Placeholder until the real page lands: names the route so guards and redirects are testable. */
function SlotPage({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <main
      data-route={name}
      className="flex min-h-full flex-col items-center justify-center gap-3 bg-slate-100 p-6 text-center text-slate-800 dark:bg-slate-950 dark:text-slate-100"
    >
      <h1 className="text-xl font-semibold">{t('slots.title')}</h1>
      <p className="text-sm text-muted">{t('slots.description', { name })}</p>
      <Link to="/" className="text-sm font-semibold text-primary-ink hover:underline">
        {t('notFound.back')}
      </Link>
    </main>
  );
}
