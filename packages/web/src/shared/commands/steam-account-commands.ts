import type { steamAccountsRu } from '../../i18n/steam-accounts.ts';
import type { CommandDef } from './command-types.ts';

const account = (
  id: keyof typeof steamAccountsRu.commands,
  hotkey: string,
  keywords: readonly string[],
): CommandDef => ({
  id: `steamAccounts.${id}`,
  titleKey: `steamAccounts.commands.${id}`,
  keywords: ['steam', 'account', ...keywords],
  group: 'general',
  // Live while the Steam accounts screen is open; its handlers come from the screen.
  scope: 'steamAccounts',
  hotkeys: [hotkey],
  palette: true,
});

/** Actions of the Steam accounts screen (the screen registers a handler for each while it is mounted). */
export const steamAccountCommands: readonly CommandDef[] = [
  account('add', 'n', ['add', 'import', 'mafile', 'new']),
  account('view', 'v', ['view', 'open', 'details', 'password']),
  account('copyGuardCode', 'c', ['guard', 'code', '2fa', 'totp', 'copy']),
  account('assignProxies', 'p', ['proxy', 'proxies', 'assign', 'batch']),
  account('tags', 't', ['tag', 'tags', 'batch']),
  account('remove', 'delete', ['remove', 'delete']),
  account('search', 's', ['search', 'find', 'filter']),
  account('refresh', 'r', ['refresh', 'reload']),
  account('openInventory', 'i', ['inventory', 'items', 'open']),
  account('refreshInventory', 'shift+r', ['inventory', 'items', 'refresh', 'scan']),
  // Inside the add wizard (the dialog scope); the wizard supplies the handlers while it is open.
  wizard('wizardNext', 'mod+enter', ['next', 'submit', 'add']),
  wizard('retryFailed', 'mod+shift+enter', ['retry', 'failed', 'again']),
];

function wizard(
  id: keyof typeof steamAccountsRu.commands,
  hotkey: string,
  keywords: readonly string[],
): CommandDef {
  return { ...account(id, hotkey, keywords), scope: 'dialog' };
}
