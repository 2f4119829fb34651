import { defineArea } from '../../shared/area/define-area.ts';
import { lotsShellTexts } from './shell-texts.ts';

/** The lots area. Its commands act on the selected rows (groups and orders), else on the row under the cursor. */
export const lotsArea = defineArea({
  name: 'lots',
  keywords: ['p2p', 'seller'],
  nav: { path: '/panel/lots', hotkey: 'g l', keywords: ['lots', 'orders', 'p2p'] },
  panelRoutes: [{ path: 'lots', page: () => import('./lots-page.tsx').then((m) => m.LotsPage) }],
  sets: {
    screen: {
      scope: 'screen',
      commands: {
        reprice: { hotkeys: ['p'], keywords: ['reprice', 'price', 'strategy', 'preview'], needs: 'act' },
        thresholds: { hotkeys: ['t'], keywords: ['thresholds', 'min', 'max', 'bounds'], needs: 'act' },
        remove: { hotkeys: ['delete', 'shift+d'], keywords: ['delete', 'remove', 'unlist'], needs: 'act' },
        copy: { hotkeys: ['c'], keywords: ['copy', 'settings', 'profile'], needs: 'act' },
        sync: { hotkeys: ['s'], keywords: ['sync', 'market', 'refresh'], needs: 'act' },
        expand: { hotkeys: ['o'], keywords: ['expand', 'collapse', 'group', 'orders'] },
        search: { hotkeys: ['f'], keywords: ['search', 'find', 'filter'] },
        refresh: { hotkeys: ['r'], keywords: ['refresh', 'reload'] },
      },
    },
  },
  texts: [
    { key: 'lots', shell: lotsShellTexts, screen: () => import('./texts.ts').then((m) => m.lotsTexts) },
  ],
});
