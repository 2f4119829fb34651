import { defineArea } from '../../shared/area/define-area.ts';
import { confirmationsShellTexts } from './shell-texts.ts';

/** The confirmations centre. */
export const confirmationsArea = defineArea({
  name: 'confirmations',
  keywords: ['steam', 'mobile', 'guard'],
  nav: { path: '/panel/confirmations', hotkey: 'g c', keywords: ['confirmations', 'confirm', 'mobile'] },
  panelRoutes: [
    {
      path: 'confirmations',
      page: () => import('./confirmations-page.tsx').then((m) => m.ConfirmationsPage),
    },
  ],
  sets: {
    screen: {
      scope: 'screen',
      commands: {
        accept: { hotkeys: ['a'], keywords: ['accept', 'allow', 'confirm'] },
        deny: { hotkeys: ['shift+d'], keywords: ['deny', 'reject', 'cancel'] },
        dryRun: { hotkeys: ['p'], keywords: ['rules', 'dry run', 'plan'] },
        refresh: { hotkeys: ['r'], keywords: ['refresh', 'reload', 'steam'] },
      },
    },
  },
  texts: [
    {
      key: 'confirmations',
      shell: confirmationsShellTexts,
      screen: () => import('./texts.ts').then((m) => m.confirmationsTexts),
    },
  ],
});
