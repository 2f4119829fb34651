import {
  createBrowserRouter,
  type LoaderFunctionArgs,
  Navigate,
  type RouteObject,
  redirect,
} from 'react-router';
import { authRoutes, legacyAuthRedirects } from '../features/auth/routes.tsx';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import { profileArea } from '../features/profile/area.ts';
import { profileRoutes } from '../features/profile/routes.tsx';
import { OfflinePage } from '../features/status-pages/offline-page.tsx';
import type { AppServices } from '../shared/app-services.tsx';
import { loadAreaTexts } from '../shared/area/area-texts.ts';
import { AppShell } from './app-shell.tsx';
import { areas } from './areas.ts';
import { AuthPagesOutlet, ProfilePagesOutlet } from './auth-wiring.tsx';
import { RouteError } from './route-error.tsx';
import { requireSignedIn as signedIn, requireSignedOut as signedOut } from './route-guards.ts';

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

function createRoutes(services: Pick<AppServices, 'session' | 'i18n'>): RouteObject[] {
  const { session, i18n } = services;
  // Each area's pages: a page module loads beside the area's screen texts, and renders once both are in.
  const panelRoutes: RouteObject[] = areas.flatMap((area) =>
    (area.panelRoutes ?? []).map((route) => ({
      path: route.path,
      lazy: () =>
        Promise.all([route.page(), loadAreaTexts(i18n, [area])]).then(([Component]) => ({ Component })),
    })),
  );
  const requireSignedIn = signedIn(session);
  const requireSignedOut = signedOut(session);

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
          loader: async (args: LoaderFunctionArgs) => {
            await requireSignedIn(args);
            await loadAreaTexts(i18n, [profileArea]);
            return null;
          },
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
            ...panelRoutes,
            { path: 'socketdebug', element: <Navigate to={NOT_FOUND_PATH} replace /> },
          ],
        },
        // The invitation mail's link: accepted inside the panel, after a sign-in if need be.
        {
          path: '/workspace/accept',
          loader: ({ request }: LoaderFunctionArgs) =>
            redirect(`/panel/workspace/accept${new URL(request.url).search}`),
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
