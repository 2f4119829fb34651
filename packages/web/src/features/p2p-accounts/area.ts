import { defineArea } from '../../shared/area/define-area.ts';
import { p2pAccountsShellTexts } from './shell-texts.ts';

/**
 * The P2P seller accounts area. Screen commands act on the selected rows, else on the row under the cursor; the
 * bulk error dialog has its own.
 */
export const p2pAccountsArea = defineArea({
  name: 'p2pAccounts',
  keywords: ['p2p', 'seller', 'market', 'tm'],
  nav: { path: '/panel/accounts', hotkey: 'g a', keywords: ['p2p', 'seller', 'accounts'] },
  panelRoutes: [
    { path: 'accounts', page: () => import('./p2p-accounts-page.tsx').then((m) => m.P2pAccountsPage) },
  ],
  sets: {
    screen: {
      scope: 'screen',
      commands: {
        add: { hotkeys: ['n'], keywords: ['add', 'connect', 'new', 'api key'] },
        view: { hotkeys: ['v'], keywords: ['view', 'edit', 'open', 'key', 'proxy'] },
        start: { hotkeys: ['s'], keywords: ['start', 'run', 'online'] },
        pause: { hotkeys: ['p'], keywords: ['pause', 'offline'] },
        stop: { hotkeys: ['shift+s'], keywords: ['stop', 'force', 'safe'] },
        remove: { hotkeys: ['delete', 'shift+d'], keywords: ['delete', 'remove', 'force'] },
        search: { hotkeys: ['f'], keywords: ['search', 'find', 'filter'] },
        refresh: { hotkeys: ['r'], keywords: ['refresh', 'reload'] },
      },
    },
    bulkDialog: {
      scope: 'dialog',
      commands: {
        retryFailed: { hotkeys: ['r'], keywords: ['retry', 'again', 'failed'] },
        retryAll: { hotkeys: ['shift+r'], keywords: ['retry', 'all', 'again'] },
        toggleForce: { hotkeys: ['shift+f'], keywords: ['force', 'cancel trades'] },
      },
    },
  },
  texts: [
    {
      key: 'p2pAccounts',
      shell: p2pAccountsShellTexts,
      screen: () => import('./texts.ts').then((m) => m.p2pAccountsTexts),
    },
  ],
});
