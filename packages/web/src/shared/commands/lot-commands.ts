import type { lotsRu } from '../../i18n/lots.ts';
import type { priceProfileRu } from '../../i18n/price-profile.ts';
import type { salesHistoryRu } from '../../i18n/sales-history.ts';
import type { CommandDef, CommandScope } from './command-types.ts';

/** A command of one screen: live (with its hotkey) while that screen is open, which supplies the handler. */
function screenCommand(
  scope: CommandScope,
  id: string,
  hotkeys: readonly string[],
  keywords: readonly string[],
): CommandDef {
  return {
    id: `${scope}.${id}`,
    titleKey: `${scope}.commands.${id}` as CommandDef['titleKey'],
    keywords: ['p2p', 'seller', ...keywords],
    group: 'general',
    scope,
    hotkeys,
    palette: true,
  };
}

const lots = (id: keyof typeof lotsRu.commands, hotkeys: readonly string[], keywords: readonly string[]) =>
  screenCommand('lots', id, hotkeys, keywords);
const sales = (
  id: keyof typeof salesHistoryRu.commands,
  hotkeys: readonly string[],
  keywords: readonly string[],
) => screenCommand('salesHistory', id, hotkeys, keywords);
const prices = (
  id: keyof typeof priceProfileRu.commands,
  hotkeys: readonly string[],
  keywords: readonly string[],
) => screenCommand('priceProfile', id, hotkeys, keywords);

/** Lots act on the selected rows (groups and orders), else on the row under the cursor. */
export const lotCommands: readonly CommandDef[] = [
  lots('reprice', ['p'], ['reprice', 'price', 'strategy', 'preview']),
  lots('thresholds', ['t'], ['thresholds', 'min', 'max', 'bounds']),
  lots('remove', ['delete', 'shift+d'], ['delete', 'remove', 'unlist']),
  lots('copy', ['c'], ['copy', 'settings', 'profile']),
  lots('sync', ['s'], ['sync', 'market', 'refresh']),
  lots('expand', ['o'], ['expand', 'collapse', 'group', 'orders']),
  lots('search', ['f'], ['search', 'find', 'filter']),
  lots('refresh', ['r'], ['refresh', 'reload']),
];

export const salesHistoryCommands: readonly CommandDef[] = [
  sales('exportCsv', ['e'], ['export', 'csv', 'download', 'sales']),
  sales('period', ['f'], ['period', 'from', 'to', 'dates', 'filter']),
  sales('reset', ['shift+r'], ['reset', 'filters', 'clear']),
  sales('refresh', ['r'], ['refresh', 'reload', 'sales']),
];

export const priceProfileCommands: readonly CommandDef[] = [
  prices('paste', ['i'], ['paste', 'import', 'bulk', 'prices']),
  prices('history', ['h'], ['history', 'chart', 'price']),
  prices('search', ['f'], ['search', 'find', 'filter']),
  prices('refresh', ['r'], ['refresh', 'reload']),
];
