import { Navigate, type RouteObject } from 'react-router';
import { AccountPage } from './account-page.tsx';
import { ChangeEmailPage, ChangePasswordPage } from './change-pages.tsx';
import { SecurityPage } from './security-page.tsx';

/** Children of `/profile` (requires sign-in: the app's guard applies). Names as in the spec. */
export const profileRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="account" replace /> },
  { path: 'account', id: 'ProfileAccount', element: <AccountPage /> },
  { path: 'security', id: 'ProfileSecurity', element: <SecurityPage /> },
  { path: 'security/change-password', id: 'ProfileChangePassword', element: <ChangePasswordPage /> },
  { path: 'security/change-email', id: 'ProfileChangeEmail', element: <ChangeEmailPage /> },
];
