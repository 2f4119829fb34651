import { Navigate, type RouteObject } from 'react-router';

// Each page loads with its route.
const changePages = () => import('./change-pages.tsx');

/** Children of `/profile` (requires sign-in: the app's guard applies). Names as in the spec. */
export const profileRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="account" replace /> },
  {
    path: 'account',
    id: 'ProfileAccount',
    lazy: () => import('./account-page.tsx').then((m) => ({ Component: m.AccountPage })),
  },
  {
    path: 'security',
    id: 'ProfileSecurity',
    lazy: () => import('./security-page.tsx').then((m) => ({ Component: m.SecurityPage })),
  },
  {
    path: 'security/change-password',
    id: 'ProfileChangePassword',
    lazy: () => changePages().then((m) => ({ Component: m.ChangePasswordPage })),
  },
  {
    path: 'security/change-email',
    id: 'ProfileChangeEmail',
    lazy: () => changePages().then((m) => ({ Component: m.ChangeEmailPage })),
  },
];
