import {
  createBrowserRouter,
  type LoaderFunctionArgs,
  Navigate,
  type RouteObject,
  redirect,
} from 'react-router';
import { authRoutes, legacyAuthRedirects } from '../features/auth/routes.tsx';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import { profileRoutes } from '../features/profile/routes.tsx';
import { OfflinePage } from '../features/status-pages/offline-page.tsx';
import { loadAreaTexts, type TextArea } from '../i18n/area-texts.ts';
import type { AppServices } from '../shared/app-services.tsx';
import { loginUrl } from '../shared/session/session-state.ts';
import { AppShell } from './app-shell.tsx';
import { AuthPagesOutlet, ProfilePagesOutlet } from './auth-wiring.tsx';
import { RouteError } from './route-error.tsx';

const MAIN_PATH = '/panel';
const NOT_FOUND_PATH = '/not-found';

/**
 * Development screens (the table fixture for end-to-end tests and the benchmark): in `vite dev` and the
 * `fixtures` build only. A production build leaves them out, chunk and all.
 */
const DEV_ROUTES = import.meta.env.DEV || import.meta.env.MODE === 'fixtures';
const devRoutes: RouteObject[] = [
  {
    path: '/dev/table',
    lazy: () =>
      import('../features/dev-table/dev-table-page.tsx').then((m) => ({ Component: m.DevTablePage })),
  },
];

function requestPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

function createRoutes(services: Pick<AppServices, 'session' | 'i18n'>): RouteObject[] {
  const { session, i18n } = services;
  // An area's screen texts load beside its page module: the route renders once both are in.
  const withTexts =
    <Route,>(areas: readonly TextArea[], page: () => Promise<Route>) =>
    () =>
      Promise.all([page(), loadAreaTexts(i18n, areas)]).then(([route]) => route);
  const requireSignedIn = async ({ request }: LoaderFunctionArgs) => {
    await session.ready();
    if (!session.isSignedIn()) throw redirect(loginUrl(requestPath(request)));
    return null;
  };
  const requireSignedOut = async () => {
    await session.ready();
    if (session.isSignedIn()) throw redirect(MAIN_PATH);
    return null;
  };

  return [
    {
      element: <AppShell />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <div className="min-h-full" />,
      children: [
        {
          path: '/',
          lazy: () =>
            import('../features/landing/landing-page.tsx').then((m) => ({ Component: m.LandingPage })),
        },
        // Part of the main bundle: it must show when nothing more can be downloaded.
        { path: '/offline', element: <OfflinePage /> },
        {
          path: '/maintenance',
          lazy: () =>
            import('../features/status-pages/maintenance-page.tsx').then((m) => ({
              Component: m.MaintenancePage,
            })),
        },
        {
          path: '/auth',
          loader: requireSignedOut,
          element: <AuthPagesOutlet />,
          errorElement: <RouteError />,
          children: authRoutes,
        },
        {
          path: '/profile',
          loader: requireSignedIn,
          element: <ProfilePagesOutlet />,
          errorElement: <RouteError />,
          children: profileRoutes,
        },
        {
          path: '/panel',
          loader: requireSignedIn,
          lazy: () => import('../layout/panel-layout.tsx').then((m) => ({ Component: m.PanelLayout })),
          errorElement: <RouteError />,
          children: [
            // /panel is Main, and Main opens the Dashboard.
            { index: true, element: <Navigate to="dashboard" replace /> },
            {
              path: 'dashboard',
              lazy: () =>
                import('../features/dashboard/dashboard-page.tsx').then((m) => ({
                  Component: m.DashboardPage,
                })),
            },
            {
              path: 'settings',
              lazy: () =>
                import('../features/settings/settings-page.tsx').then((m) => ({ Component: m.SettingsPage })),
            },
            {
              path: 'steam-accounts',
              lazy: withTexts(['steamAccounts', 'inventory'], () =>
                import('../features/steam-accounts/steam-accounts-page.tsx').then((m) => ({
                  Component: m.SteamAccountsPage,
                })),
              ),
            },
            {
              path: 'accounts',
              lazy: withTexts(['p2pAccounts'], () =>
                import('../features/p2p-accounts/p2p-accounts-page.tsx').then((m) => ({
                  Component: m.P2pAccountsPage,
                })),
              ),
            },
            {
              path: 'lots',
              lazy: withTexts(['lots'], () =>
                import('../features/lots/lots-page.tsx').then((m) => ({ Component: m.LotsPage })),
              ),
            },
            {
              path: 'sales-history',
              lazy: withTexts(['salesHistory'], () =>
                import('../features/sales-history/sales-history-page.tsx').then((m) => ({
                  Component: m.SalesHistoryPage,
                })),
              ),
            },
            {
              path: 'price-profile',
              lazy: withTexts(['priceProfile', 'lots'], () =>
                import('../features/price-profile/price-profile-page.tsx').then((m) => ({
                  Component: m.PriceProfilePage,
                })),
              ),
            },
            {
              path: 'harvester',
              lazy: withTexts(['harvester'], () =>
                import('../features/harvester/harvester-page.tsx').then((m) => ({
                  Component: m.HarvesterPage,
                })),
              ),
            },
            {
              path: 'proxy',
              lazy: withTexts(['proxies'], () =>
                import('../features/proxies/proxies-page.tsx').then((m) => ({ Component: m.ProxiesPage })),
              ),
            },
            {
              path: 'admin/users',
              lazy: () =>
                import('../features/admin/admin-users-page.tsx').then((m) => ({
                  Component: m.AdminUsersPage,
                })),
            },
            { path: 'socketdebug', element: <Navigate to={NOT_FOUND_PATH} replace /> },
          ],
        },
        ...legacyAuthRedirects,
        ...(DEV_ROUTES ? devRoutes : []),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

export function createRouter(services: Pick<AppServices, 'session' | 'i18n'>) {
  return createBrowserRouter(createRoutes(services));
}
