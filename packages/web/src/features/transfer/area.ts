import { defineArea } from '../../shared/area/define-area.ts';
import { transferShellTexts } from './shell-texts.ts';

/** Balance transfers between market accounts: a dialog the shell hosts, opened from anywhere. */
export const transferArea = defineArea({
  name: 'transfer',
  sets: {
    host: {
      scope: 'global',
      signedIn: true,
      commands: {
        open: { hotkeys: [], keywords: ['transfer', 'money', 'balance', 'send', 'tm', 'перевод'] },
      },
    },
  },
  texts: [
    {
      key: 'transfer',
      shell: transferShellTexts,
      screen: () => import('./texts.ts').then((m) => m.transferTexts),
    },
  ],
});
