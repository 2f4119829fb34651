import { defineArea } from '../../shared/area/define-area.ts';
import { portfolioShellTexts } from './shell-texts.ts';

/** The portfolio: every account's items in one table, grouped, filtered and valued. */
export const portfolioArea = defineArea({
  name: 'portfolio',
  keywords: ['inventory', 'items', 'value'],
  nav: { path: '/panel/portfolio', hotkey: 'g i', keywords: ['portfolio', 'inventory', 'items'] },
  panelRoutes: [
    { path: 'portfolio', page: () => import('./portfolio-page.tsx').then((m) => m.PortfolioPage) },
  ],
  sets: {
    screen: {
      scope: 'screen',
      commands: {
        byItem: { hotkeys: ['1'], keywords: ['group', 'item'] },
        byAccount: { hotkeys: ['2'], keywords: ['group', 'account'] },
        flat: { hotkeys: ['3'], keywords: ['flat', 'list', 'asset'] },
        tradable: { hotkeys: ['t'], keywords: ['tradable', 'now', 'filter'] },
        search: { hotkeys: ['/'], keywords: ['search', 'find', 'name'] },
        reset: { hotkeys: ['shift+r'], keywords: ['reset', 'filters', 'clear'] },
        refresh: { hotkeys: ['r'], keywords: ['refresh', 'reload'] },
      },
    },
  },
  texts: [
    {
      key: 'portfolio',
      shell: portfolioShellTexts,
      screen: () => import('./texts.ts').then((m) => m.portfolioTexts),
    },
  ],
});
