import { defineArea } from '../../shared/area/define-area.ts';
import { proxiesShellTexts } from './shell-texts.ts';

/**
 * The proxies area. Its commands act on the selected rows, else on the row under the cursor; the screen supplies
 * their handlers while it is mounted, so they exist in the palette only there.
 */
export const proxiesArea = defineArea({
  name: 'proxies',
  keywords: ['proxy', 'proxies'],
  nav: { path: '/panel/proxy', hotkey: 'g p', keywords: ['proxy', 'proxies', 'proxy management'] },
  panelRoutes: [{ path: 'proxy', page: () => import('./proxies-page.tsx').then((m) => m.ProxiesPage) }],
  sets: {
    screen: {
      scope: 'screen',
      commands: {
        add: { hotkeys: ['n'], keywords: ['add', 'new', 'import', 'paste'], needs: 'act' },
        view: { hotkeys: ['v'], keywords: ['view', 'edit', 'open', 'rename', 'credentials'] },
        check: { hotkeys: ['c'], keywords: ['check', 'test', 'validate'], needs: 'act' },
        checkAll: { hotkeys: ['shift+c'], keywords: ['check all', 'test all', 'filters'], needs: 'act' },
        export: { hotkeys: ['e'], keywords: ['export', 'copy', 'download'], needs: 'secrets' },
        remove: { hotkeys: ['delete', 'shift+d'], keywords: ['delete', 'remove'], needs: 'act' },
        addTag: { hotkeys: ['t'], keywords: ['tag', 'label', 'add tag'], needs: 'act' },
        removeTag: { hotkeys: ['shift+t'], keywords: ['tag', 'untag', 'remove tag'], needs: 'act' },
        search: { hotkeys: ['f'], keywords: ['search', 'find', 'filter'] },
        refresh: { hotkeys: ['r'], keywords: ['refresh', 'reload'] },
      },
    },
  },
  texts: [
    {
      key: 'proxies',
      shell: proxiesShellTexts,
      screen: () => import('./texts.ts').then((m) => m.proxiesTexts),
    },
  ],
});
