import { Navigate, type RouteObject, useLocation } from 'react-router';

// Each page loads with its route: a signed-in first visit downloads none of them.
const emailPages = () => import('./email-pages.tsx');
const passwordPages = () => import('./password-pages.tsx');
const statePages = () => import('./state-pages.tsx');

/** Children of `/auth` (signed-out only: the app's guard sends a signed-in user to Main). Names as in the spec. */
export const authRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="login" replace /> },
  {
    path: 'login',
    id: 'Login',
    lazy: () => import('./login-page.tsx').then((m) => ({ Component: m.LoginPage })),
  },
  {
    path: 'forgot-password',
    id: 'ForgotPassword',
    lazy: () => passwordPages().then((m) => ({ Component: m.ForgotPasswordPage })),
  },
  {
    path: 'reset-password',
    id: 'ForgotPasswordReset',
    lazy: () => passwordPages().then((m) => ({ Component: m.ResetPasswordPage })),
  },
  {
    path: 'forgot-password-info',
    id: 'ForgotPasswordSended',
    lazy: () => passwordPages().then((m) => ({ Component: m.ForgotPasswordInfoPage })),
  },
  {
    path: 'registration',
    id: 'Register',
    lazy: () => import('./register-page.tsx').then((m) => ({ Component: m.RegisterPage })),
  },
  {
    path: 'email-confirmation',
    id: 'EmailConfirmation',
    lazy: () => emailPages().then((m) => ({ Component: m.EmailConfirmationPage })),
  },
  {
    path: 'email-confirm',
    id: 'ConfirmationEmail',
    lazy: () => emailPages().then((m) => ({ Component: m.EmailConfirmPage })),
  },
  {
    path: 'email-resend',
    id: 'ResendEmail',
    lazy: () => emailPages().then((m) => ({ Component: m.ResendEmailPage })),
  },
  {
    path: 'account-banned',
    id: 'AccountBanned',
    lazy: () => statePages().then((m) => ({ Component: m.AccountBannedPage })),
  },
  {
    path: 'pending-approval',
    id: 'PendingApproval',
    lazy: () => statePages().then((m) => ({ Component: m.PendingApprovalPage })),
  },
];

function KeepQuery({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={`${to}${search}${hash}`} replace />;
}

/** Legacy links from older mails keep their query string and hash. */
export const legacyAuthRedirects: RouteObject[] = [
  { path: '/confirmation/confirm-email', element: <KeepQuery to="/auth/email-confirm" /> },
  { path: '/confirmation/reset-password', element: <KeepQuery to="/auth/reset-password" /> },
  { path: '/confirmation/confirm-email-change', element: <KeepQuery to="/profile/security/change-email" /> },
];
