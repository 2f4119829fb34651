import type { p2pAccountsRu } from '../../i18n/p2p-accounts.ts';
import type { CommandDef } from './command-types.ts';

type P2pCommandId = keyof typeof p2pAccountsRu.commands;

const seller = (id: P2pCommandId, hotkeys: readonly string[], keywords: readonly string[]): CommandDef => ({
  id: `p2pAccounts.${id}`,
  titleKey: `p2pAccounts.commands.${id}`,
  keywords: ['p2p', 'seller', 'market', 'tm', ...keywords],
  group: 'general',
  // Live while the P2P accounts screen is open; its handlers come from the screen.
  scope: 'p2pAccounts',
  hotkeys,
  palette: true,
});

/** Inside the bulk error dialog (the dialog scope); the dialog supplies the handlers while it is open. */
const bulkDialog = (id: P2pCommandId, hotkey: string, keywords: readonly string[]): CommandDef => ({
  ...seller(id, [hotkey], keywords),
  scope: 'dialog',
});

/**
 * Actions of the P2P accounts screen. They act on the selected rows, else on the row under the cursor; the
 * screen registers a handler for each while it is mounted.
 */
export const p2pAccountCommands: readonly CommandDef[] = [
  seller('add', ['n'], ['add', 'connect', 'new', 'api key']),
  seller('view', ['v'], ['view', 'edit', 'open', 'key', 'proxy']),
  seller('start', ['s'], ['start', 'run', 'online']),
  seller('pause', ['p'], ['pause', 'offline']),
  seller('stop', ['shift+s'], ['stop', 'force', 'safe']),
  seller('remove', ['delete', 'shift+d'], ['delete', 'remove', 'force']),
  seller('search', ['f'], ['search', 'find', 'filter']),
  seller('refresh', ['r'], ['refresh', 'reload']),
  bulkDialog('retryFailed', 'r', ['retry', 'again', 'failed']),
  bulkDialog('retryAll', 'shift+r', ['retry', 'all', 'again']),
  bulkDialog('toggleForce', 'shift+f', ['force', 'cancel trades']),
];
