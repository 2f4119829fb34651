import { defineArea } from '../../shared/area/define-area.ts';
import { dashboardTexts } from './texts.ts';

/** The dashboard, Main's first screen (its texts load with the shell). */
export const dashboardArea = defineArea({
  name: 'dashboard',
  nav: { path: '/panel/dashboard', hotkey: 'g d', keywords: ['dashboard', 'home', 'main'] },
  panelRoutes: [
    { path: 'dashboard', page: () => import('./dashboard-page.tsx').then((m) => m.DashboardPage) },
  ],
  texts: [{ key: 'dashboard', shell: dashboardTexts }],
});
