import { Navigate, type RouteObject, useLocation } from 'react-router';
import { EmailConfirmationPage, EmailConfirmPage, ResendEmailPage } from './email-pages.tsx';
import { LoginPage } from './login-page.tsx';
import { ForgotPasswordInfoPage, ForgotPasswordPage, ResetPasswordPage } from './password-pages.tsx';
import { RegisterPage } from './register-page.tsx';
import { AccountBannedPage, PendingApprovalPage } from './state-pages.tsx';

/** Children of `/auth` (signed-out only: the app's guard sends a signed-in user to Main). Names as in the spec. */
export const authRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="login" replace /> },
  { path: 'login', id: 'Login', element: <LoginPage /> },
  { path: 'forgot-password', id: 'ForgotPassword', element: <ForgotPasswordPage /> },
  { path: 'reset-password', id: 'ForgotPasswordReset', element: <ResetPasswordPage /> },
  { path: 'forgot-password-info', id: 'ForgotPasswordSended', element: <ForgotPasswordInfoPage /> },
  { path: 'registration', id: 'Register', element: <RegisterPage /> },
  { path: 'email-confirmation', id: 'EmailConfirmation', element: <EmailConfirmationPage /> },
  { path: 'email-confirm', id: 'ConfirmationEmail', element: <EmailConfirmPage /> },
  { path: 'email-resend', id: 'ResendEmail', element: <ResendEmailPage /> },
  { path: 'account-banned', id: 'AccountBanned', element: <AccountBannedPage /> },
  { path: 'pending-approval', id: 'PendingApproval', element: <PendingApprovalPage /> },
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
