import { defineArea } from '../../shared/area/define-area.ts';
import { ledgerShellTexts } from './shell-texts.ts';

/** The ledger: profit per item, account, tag, game or period, its chart and CSV, from the append-only entries. */
export const ledgerArea = defineArea({
  name: 'ledger',
  keywords: ['profit', 'ledger', 'p2p'],
  nav: { path: '/panel/ledger', hotkey: 'g e', keywords: ['ledger', 'profit', 'earnings'] },
  panelRoutes: [{ path: 'ledger', page: () => import('./ledger-page.tsx').then((m) => m.LedgerPage) }],
  sets: {
    screen: {
      scope: 'screen',
      commands: {
        exportCsv: { hotkeys: ['e'], keywords: ['export', 'csv', 'download', 'profit'] },
        exportEntries: { hotkeys: ['shift+e'], keywords: ['export', 'csv', 'entries', 'ledger'] },
        period: { hotkeys: ['f'], keywords: ['period', 'from', 'to', 'dates', 'filter'] },
        series: { hotkeys: ['c'], keywords: ['chart', 'series', 'revenue', 'profit', 'held'] },
        reset: { hotkeys: ['shift+r'], keywords: ['reset', 'filters', 'clear'] },
        refresh: { hotkeys: ['r'], keywords: ['refresh', 'reload', 'profit'] },
      },
    },
  },
  texts: [
    {
      key: 'ledger',
      shell: ledgerShellTexts,
      screen: () => import('./texts.ts').then((m) => m.ledgerTexts),
    },
  ],
});
