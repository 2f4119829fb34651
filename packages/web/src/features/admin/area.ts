import { defineArea } from '../../shared/area/define-area.ts';
import { adminShellTexts } from './shell-texts.ts';

/** User administration. Its commands act on the user picked in the list; the page supplies those that apply. */
export const adminArea = defineArea({
  name: 'admin',
  keywords: ['admin', 'user'],
  nav: { path: '/panel/admin/users', hotkey: 'g u', keywords: ['admin', 'users', 'approve', 'ban'] },
  panelRoutes: [
    { path: 'admin/users', page: () => import('./admin-users-page.tsx').then((m) => m.AdminUsersPage) },
    { path: 'admin/leases', page: () => import('./admin-leases-page.tsx').then((m) => m.AdminLeasesPage) },
  ],
  sets: {
    picked: {
      scope: 'global',
      commands: {
        approve: { hotkeys: [], keywords: ['approve'] },
        ban: { hotkeys: [], keywords: ['ban'] },
        unban: { hotkeys: [], keywords: ['unban'] },
      },
    },
  },
  texts: [
    { key: 'admin', shell: adminShellTexts, screen: () => import('./texts.ts').then((m) => m.adminTexts) },
  ],
});
