import { defineArea } from '../../shared/area/define-area.ts';
import { priceProfileShellTexts } from './shell-texts.ts';

/** The price profile area. */
export const priceProfileArea = defineArea({
  name: 'priceProfile',
  keywords: ['p2p', 'seller'],
  nav: { path: '/panel/price-profile', hotkey: 'g f', keywords: ['price', 'profile', 'repricing'] },
  panelRoutes: [
    { path: 'price-profile', page: () => import('./price-profile-page.tsx').then((m) => m.PriceProfilePage) },
  ],
  sets: {
    screen: {
      scope: 'screen',
      commands: {
        paste: { hotkeys: ['i'], keywords: ['paste', 'import', 'bulk', 'prices'] },
        history: { hotkeys: ['h'], keywords: ['history', 'chart', 'price'] },
        search: { hotkeys: ['f'], keywords: ['search', 'find', 'filter'] },
        refresh: { hotkeys: ['r'], keywords: ['refresh', 'reload'] },
      },
    },
  },
  texts: [
    {
      key: 'priceProfile',
      shell: priceProfileShellTexts,
      screen: () => import('./texts.ts').then((m) => m.priceProfileTexts),
    },
  ],
});
