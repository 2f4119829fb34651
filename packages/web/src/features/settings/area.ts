import { defineArea } from '../../shared/area/define-area.ts';
import { settingsTexts } from './texts.ts';

/** The user's settings: language and currencies. */
export const settingsArea = defineArea({
  name: 'settings',
  nav: {
    path: '/panel/settings',
    hotkey: 'g o',
    keywords: ['settings', 'currency', 'options', 'preferences'],
  },
  panelRoutes: [{ path: 'settings', page: () => import('./settings-page.tsx').then((m) => m.SettingsPage) }],
  texts: [{ key: 'settings', shell: settingsTexts }],
});
