import { defineArea } from '../../shared/area/define-area.ts';
import { salesHistoryShellTexts } from './shell-texts.ts';

/** The sales history area. */
export const salesHistoryArea = defineArea({
  name: 'salesHistory',
  keywords: ['p2p', 'seller'],
  nav: { path: '/panel/sales-history', hotkey: 'g h', keywords: ['sales', 'history'] },
  panelRoutes: [
    { path: 'sales-history', page: () => import('./sales-history-page.tsx').then((m) => m.SalesHistoryPage) },
  ],
  sets: {
    screen: {
      scope: 'screen',
      commands: {
        exportCsv: { hotkeys: ['e'], keywords: ['export', 'csv', 'download', 'sales'] },
        period: { hotkeys: ['f'], keywords: ['period', 'from', 'to', 'dates', 'filter'] },
        reset: { hotkeys: ['shift+r'], keywords: ['reset', 'filters', 'clear'] },
        refresh: { hotkeys: ['r'], keywords: ['refresh', 'reload', 'sales'] },
      },
    },
  },
  texts: [
    {
      key: 'salesHistory',
      shell: salesHistoryShellTexts,
      screen: () => import('./texts.ts').then((m) => m.salesHistoryTexts),
    },
  ],
});
