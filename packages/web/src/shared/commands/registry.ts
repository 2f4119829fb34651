import type { ru } from '../../i18n/ru.ts';
import type { CommandDef } from './command-types.ts';
import { harvesterCommands } from './harvester-commands.ts';
import { lotCommands, priceProfileCommands, salesHistoryCommands } from './lot-commands.ts';
import { p2pAccountCommands } from './p2p-account-commands.ts';
import { proxyCommands } from './proxy-commands.ts';
import { steamAccountCommands } from './steam-account-commands.ts';

const nav = (
  id: keyof typeof ru.commands.nav,
  path: string,
  hotkey: string,
  keywords: readonly string[],
): CommandDef => ({
  id: `nav.${id}`,
  titleKey: `commands.nav.${id}`,
  keywords,
  group: 'navigation',
  scope: 'global',
  hotkeys: [hotkey],
  palette: true,
  enabled: (ctx) => ctx.isSignedIn(),
  run: (ctx) => ctx.navigate(path),
});

/** Every action of the shell. The palette, the hotkeys and the cheat sheet are all generated from this list. */
export const commands: readonly CommandDef[] = [
  {
    id: 'palette.open',
    titleKey: 'commands.palette.open',
    keywords: ['command', 'search', 'find'],
    group: 'general',
    scope: 'global',
    hotkeys: ['mod+k', '/'],
    run: (ctx) => ctx.openPalette(),
  },
  {
    id: 'help.cheatSheet',
    titleKey: 'commands.help.cheatSheet',
    keywords: ['help', 'shortcuts', 'keys', 'hotkeys'],
    group: 'general',
    scope: 'global',
    hotkeys: ['?'],
    palette: true,
    run: (ctx) => ctx.openCheatSheet(),
  },
  {
    id: 'notifications.toggle',
    titleKey: 'notifications.command',
    keywords: ['notifications', 'bell', 'alerts', 'unread'],
    group: 'general',
    scope: 'global',
    hotkeys: ['g n'],
    palette: true,
    enabled: (ctx) => ctx.isSignedIn(),
  },
  nav('dashboard', '/panel/dashboard', 'g d', ['dashboard', 'home', 'main']),
  nav('steamAccounts', '/panel/steam-accounts', 'g s', ['steam accounts', 'accounts']),
  nav('proxies', '/panel/proxy', 'g p', ['proxy', 'proxies', 'proxy management']),
  nav('p2pAccounts', '/panel/accounts', 'g a', ['p2p', 'seller', 'accounts']),
  nav('lots', '/panel/lots', 'g l', ['lots', 'orders', 'p2p']),
  nav('salesHistory', '/panel/sales-history', 'g h', ['sales', 'history']),
  nav('priceProfile', '/panel/price-profile', 'g f', ['price', 'profile', 'repricing']),
  nav('harvester', '/panel/harvester', 'g v', ['harvester', 'sessions']),
  nav('settings', '/panel/settings', 'g o', ['settings', 'currency', 'options', 'preferences']),
  nav('adminUsers', '/panel/admin/users', 'g u', ['admin', 'users', 'approve', 'ban']),
  // The admin page supplies these for the user picked in its list.
  ...(['approve', 'ban', 'unban'] as const).map(
    (action): CommandDef => ({
      id: `admin.${action}`,
      titleKey: `commands.admin.${action}`,
      keywords: ['admin', 'user', action],
      group: 'general',
      scope: 'global',
      palette: true,
    }),
  ),
  {
    id: 'layout.toggleSidebar',
    titleKey: 'commands.layout.toggleSidebar',
    keywords: ['sidebar', 'menu', 'collapse'],
    group: 'appearance',
    scope: 'global',
    // Not Mod+B: Firefox opens its bookmarks sidebar with it.
    hotkeys: ['['],
    palette: true,
    run: (ctx) => ctx.toggleSidebar(),
  },
  {
    id: 'appearance.theme',
    titleKey: 'commands.appearance.theme',
    keywords: ['theme', 'dark', 'light', 'color'],
    group: 'appearance',
    scope: 'global',
    palette: true,
    page: true,
  },
  ...(['light', 'dark', 'system'] as const).map(
    (theme): CommandDef => ({
      id: `appearance.theme.${theme}`,
      titleKey: `commands.appearance.themes.${theme}`,
      keywords: [theme, 'theme'],
      group: 'appearance',
      scope: 'global',
      palette: true,
      parent: 'appearance.theme',
      run: (ctx) => ctx.setTheme(theme),
    }),
  ),
  {
    id: 'appearance.language',
    titleKey: 'commands.appearance.language',
    keywords: ['language', 'english', 'russian', 'locale'],
    group: 'appearance',
    scope: 'global',
    palette: true,
    page: true,
  },
  ...(['ru', 'en'] as const).map(
    (language): CommandDef => ({
      id: `appearance.language.${language}`,
      titleKey: `language.${language}`,
      keywords: [language, 'language'],
      group: 'appearance',
      scope: 'global',
      palette: true,
      parent: 'appearance.language',
      run: (ctx) => ctx.setLanguage(language),
    }),
  ),
  {
    id: 'appearance.toggleWidth',
    titleKey: 'commands.appearance.toggleWidth',
    keywords: ['width', 'boxed', 'fluid', 'layout'],
    group: 'appearance',
    scope: 'global',
    palette: true,
    run: (ctx) => ctx.toggleWidth(),
  },
  {
    id: 'appearance.toggleSkin',
    titleKey: 'commands.appearance.toggleSkin',
    keywords: ['skin', 'bordered', 'border'],
    group: 'appearance',
    scope: 'global',
    palette: true,
    run: (ctx) => ctx.toggleSkin(),
  },
  {
    id: 'session.logout',
    titleKey: 'commands.session.logout',
    keywords: ['logout', 'sign out', 'exit'],
    group: 'general',
    scope: 'global',
    palette: true,
    enabled: (ctx) => ctx.isSignedIn(),
    run: (ctx) => ctx.logout(),
  },
  ...steamAccountCommands,
  // The row cursor of the mounted data table; handlers come from the table itself.
  table('table.next', ['j', 'arrowdown']),
  table('table.previous', ['k', 'arrowup']),
  table('table.extendNext', ['shift+j', 'shift+arrowdown']),
  table('table.extendPrevious', ['shift+k', 'shift+arrowup']),
  table('table.toggle', ['x', 'space']),
  table('table.selectPage', ['mod+a']),
  table('table.clearSelection', ['escape']),
  table('table.open', ['enter']),
  ...proxyCommands,
  ...p2pAccountCommands,
  ...harvesterCommands,
  ...lotCommands,
  ...salesHistoryCommands,
  ...priceProfileCommands,
  {
    id: 'transfer.open',
    titleKey: 'commands.transfer.open',
    keywords: ['transfer', 'money', 'balance', 'send', 'tm', 'перевод'],
    group: 'general',
    scope: 'global',
    palette: true,
    enabled: (ctx) => ctx.isSignedIn(),
  },
  {
    id: 'dialog.close',
    titleKey: 'commands.dialog.close',
    group: 'dialog',
    scope: 'dialog',
    hotkeys: ['escape'],
  },
];

function table(id: `table.${keyof typeof ru.commands.table}`, hotkeys: readonly string[]): CommandDef {
  return { id, titleKey: `commands.${id}`, group: 'table', scope: 'table', hotkeys };
}

export const commandById: ReadonlyMap<string, CommandDef> = new Map(commands.map((c) => [c.id, c]));

/** Browser and OS shortcuts the app must never take (copy, paste, close tab, find, new window, reload...). */
export const RESERVED_STROKES: readonly string[] = [
  ...'cvxzywftnmqlrpsdhjoug0123456789'.split('').map((key) => `mod+${key}`),
  'mod+b',
  'mod+shift+t',
  'mod+shift+n',
  'mod+shift+w',
  'mod+shift+i',
  'mod+shift+j',
  'mod+shift+delete',
  'mod+tab',
  'mod+shift+tab',
  'alt+d',
  'alt+arrowleft',
  'alt+arrowright',
  'f5',
  'f11',
  'f12',
];
