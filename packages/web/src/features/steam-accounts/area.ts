import { defineArea } from '../../shared/area/define-area.ts';
import { steamAccountsShellTexts } from './shell-texts.ts';

/** The Steam accounts area: the list, its add wizard and each account's inventory. */
export const steamAccountsArea = defineArea({
  name: 'steamAccounts',
  keywords: ['steam', 'account'],
  nav: { path: '/panel/steam-accounts', hotkey: 'g s', keywords: ['steam accounts', 'accounts'] },
  panelRoutes: [
    {
      path: 'steam-accounts',
      page: () => import('./steam-accounts-page.tsx').then((m) => m.SteamAccountsPage),
    },
  ],
  sets: {
    screen: {
      scope: 'screen',
      commands: {
        add: { hotkeys: ['n'], keywords: ['add', 'import', 'mafile', 'new'], needs: 'act' },
        view: { hotkeys: ['v'], keywords: ['view', 'open', 'details', 'password'] },
        copyGuardCode: {
          hotkeys: ['c'],
          keywords: ['guard', 'code', '2fa', 'totp', 'copy'],
          needs: 'secrets',
        },
        assignProxies: { hotkeys: ['p'], keywords: ['proxy', 'proxies', 'assign', 'batch'], needs: 'act' },
        tags: { hotkeys: ['t'], keywords: ['tag', 'tags', 'batch'], needs: 'act' },
        remove: { hotkeys: ['delete'], keywords: ['remove', 'delete'], needs: 'act' },
        search: { hotkeys: ['s'], keywords: ['search', 'find', 'filter'] },
        refresh: { hotkeys: ['r'], keywords: ['refresh', 'reload'] },
        openInventory: { hotkeys: ['i'], keywords: ['inventory', 'items', 'open'] },
        refreshInventory: {
          hotkeys: ['shift+r'],
          keywords: ['inventory', 'items', 'refresh', 'scan'],
          needs: 'act',
        },
      },
    },
    // In the account dialog's Inventory tab, about the account it shows; the tab supplies the handler while it is
    // open. No key: Shift+R in a dialog is the P2P bulk dialog's.
    inventory: {
      scope: 'dialog',
      commands: {
        refreshOpenInventory: {
          hotkeys: [],
          keywords: ['inventory', 'items', 'refresh', 'scan'],
          needs: 'act',
        },
      },
    },
    // Inside the add wizard; the wizard supplies the handlers while it is open.
    wizard: {
      scope: 'dialog',
      commands: {
        wizardNext: { hotkeys: ['mod+enter'], keywords: ['next', 'submit', 'add'] },
        retryFailed: { hotkeys: ['mod+shift+enter'], keywords: ['retry', 'failed', 'again'] },
      },
    },
  },
  texts: [
    {
      key: 'steamAccounts',
      shell: steamAccountsShellTexts,
      screen: () => import('./texts.ts').then((m) => m.steamAccountsTexts),
    },
    { key: 'inventory', screen: () => import('./inventory/texts.ts').then((m) => m.inventoryTexts) },
  ],
});
