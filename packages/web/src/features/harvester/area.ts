import { defineArea } from '../../shared/area/define-area.ts';
import { harvesterShellTexts } from './shell-texts.ts';

/**
 * The harvester area. Session commands act on the open session tab; the screen supplies their handlers while it
 * is mounted, so they exist in the palette only there.
 */
export const harvesterArea = defineArea({
  name: 'harvester',
  keywords: ['harvester'],
  nav: { path: '/panel/harvester', hotkey: 'g v', keywords: ['harvester', 'sessions'] },
  panelRoutes: [
    { path: 'harvester', page: () => import('./harvester-page.tsx').then((m) => m.HarvesterPage) },
  ],
  sets: {
    screen: {
      scope: 'screen',
      commands: {
        newSession: { hotkeys: ['n'], keywords: ['new session', 'create', 'wizard'] },
        start: { hotkeys: ['s'], keywords: ['start', 'resume', 'run'] },
        pause: { hotkeys: ['p'], keywords: ['pause', 'stop'] },
        complete: { hotkeys: ['shift+c'], keywords: ['complete', 'finish', 'close'] },
        restartErrored: { hotkeys: ['shift+r'], keywords: ['restart', 'retry', 'errors', 'failed'] },
        cancelActive: { hotkeys: ['shift+x'], keywords: ['cancel', 'active', 'abort'] },
        nextTab: { hotkeys: ['l'], keywords: ['next tab', 'switch'] },
        previousTab: { hotkeys: ['h'], keywords: ['previous tab', 'switch'] },
        closeTab: { hotkeys: ['shift+w'], keywords: ['close tab'] },
        sessionsTab: { hotkeys: ['a'], keywords: ['sessions', 'list', 'all'] },
        profilesTab: { hotkeys: ['o'], keywords: ['profiles', 'settings', 'options'] },
        newProfile: { hotkeys: ['shift+n'], keywords: ['new profile', 'create profile'] },
        errorsOnly: { hotkeys: ['e'], keywords: ['errors', 'filter', 'failed'] },
        groupByTarget: { hotkeys: ['t'], keywords: ['group', 'target'] },
      },
    },
  },
  texts: [
    {
      key: 'harvester',
      shell: harvesterShellTexts,
      screen: () => import('./texts.ts').then((m) => m.harvesterTexts),
    },
  ],
});
