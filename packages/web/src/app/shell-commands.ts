import type { shellTexts } from '../i18n/shell-texts.ts';
import type { CommandContext, CommandDef } from '../shared/commands/command-types.ts';

/**
 * The shell's own commands (palette, help, layout, appearance, session, table rows, dialogs). Each area's commands
 * are in its manifest (`features/<area>/area.ts`); `areas.ts` composes both.
 */
export const shellCommands = [
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
  ...choices(
    'appearance.theme',
    ['light', 'dark', 'system'] as const,
    (theme) => `commands.appearance.themes.${theme}`,
    (ctx, theme) => ctx.setTheme(theme),
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
  ...choices(
    'appearance.language',
    ['ru', 'en'] as const,
    (language) => `language.${language}`,
    (ctx, language) => ctx.setLanguage(language),
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
  // The row cursor of the mounted data table; handlers come from the table itself.
  table('table.next', ['j', 'arrowdown']),
  table('table.previous', ['k', 'arrowup']),
  table('table.extendNext', ['shift+j', 'shift+arrowdown']),
  table('table.extendPrevious', ['shift+k', 'shift+arrowup']),
  table('table.toggle', ['x', 'space']),
  table('table.selectPage', ['mod+a']),
  table('table.clearSelection', ['escape']),
  table('table.open', ['enter']),
  {
    id: 'dialog.close',
    titleKey: 'commands.dialog.close',
    group: 'dialog',
    scope: 'dialog',
    hotkeys: ['escape'],
  },
] as const satisfies readonly CommandDef[];

/** The commands of a nested palette page, one per value (`appearance.theme.dark`). */
function choices<const Parent extends string, const Value extends string>(
  parent: Parent,
  values: readonly Value[],
  titleKey: (value: Value) => CommandDef['titleKey'],
  run: (ctx: CommandContext, value: Value) => void,
): Array<CommandDef & { id: `${Parent}.${Value}` }> {
  return values.map((value) => ({
    id: `${parent}.${value}`,
    titleKey: titleKey(value),
    keywords: [value, parent.split('.').at(-1)!],
    group: 'appearance',
    scope: 'global',
    palette: true,
    parent,
    run: (ctx) => run(ctx, value),
  }));
}

function table(
  id: `table.${keyof typeof shellTexts.ru.commands.table}`,
  hotkeys: readonly string[],
): CommandDef & { id: typeof id } {
  return { id, titleKey: `commands.${id}`, group: 'table', scope: 'table', hotkeys };
}
