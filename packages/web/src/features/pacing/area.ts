import { defineArea } from '../../shared/area/define-area.ts';
import { pacingShellTexts } from './shell-texts.ts';

/** The Pacing screen: the limiters of the user's proxies and accounts, resting ones first. */
export const pacingArea = defineArea({
  name: 'pacing',
  keywords: ['steam', 'rate limit', '429'],
  nav: { path: '/panel/pacing', hotkey: 'g t', keywords: ['pacing', 'rate limit', 'budget', 'rest'] },
  panelRoutes: [{ path: 'pacing', page: () => import('./pacing-page.tsx').then((m) => m.PacingPage) }],
  sets: {
    screen: {
      scope: 'screen',
      commands: { refresh: { hotkeys: ['r'], keywords: ['refresh', 'reload'] } },
    },
  },
  texts: [
    {
      key: 'pacing',
      shell: pacingShellTexts,
      screen: () => import('./texts.ts').then((m) => m.pacingTexts),
    },
  ],
});
