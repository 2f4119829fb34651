import { Navigate, type RouteObject } from 'react-router';
import { AccountPage } from './account-page.tsx';
import { ChangeEmailPage, ChangePasswordPage } from './change-pages.tsx';
import { SecurityPage } from './security-page.tsx';

/** Children of `/profile` (requires sign-in: the app's guard applies). */
export const profileRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="account" replace /> },
  { path: 'account', element: <AccountPage /> },
  { path: 'security', element: <SecurityPage /> },
  { path: 'security/change-password', element: <ChangePasswordPage /> },
  { path: 'security/change-email', element: <ChangeEmailPage /> },
];
