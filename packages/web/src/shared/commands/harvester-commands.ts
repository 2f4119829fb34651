import type { harvesterRu } from '../../i18n/harvester.ts';
import type { CommandDef } from './command-types.ts';

/**
 * Commands of the harvester screen. Session commands act on the open session tab; the screen supplies their
 * handlers while it is mounted, so they exist in the palette only there.
 */
function harvester(
  id: keyof typeof harvesterRu.commands,
  hotkeys: readonly string[],
  keywords: readonly string[],
): CommandDef {
  return {
    id: `harvester.${id}`,
    titleKey: `harvester.commands.${id}`,
    keywords: ['harvester', ...keywords],
    group: 'general',
    scope: 'harvester',
    hotkeys,
    palette: true,
  };
}

export const harvesterCommands: readonly CommandDef[] = [
  harvester('newSession', ['n'], ['new session', 'create', 'wizard']),
  harvester('start', ['s'], ['start', 'resume', 'run']),
  harvester('pause', ['p'], ['pause', 'stop']),
  harvester('complete', ['shift+c'], ['complete', 'finish', 'close']),
  harvester('restartErrored', ['shift+r'], ['restart', 'retry', 'errors', 'failed']),
  harvester('cancelActive', ['shift+x'], ['cancel', 'active', 'abort']),
  harvester('nextTab', ['l'], ['next tab', 'switch']),
  harvester('previousTab', ['h'], ['previous tab', 'switch']),
  harvester('closeTab', ['shift+w'], ['close tab']),
  harvester('sessionsTab', ['a'], ['sessions', 'list', 'all']),
  harvester('profilesTab', ['o'], ['profiles', 'settings', 'options']),
  harvester('newProfile', ['shift+n'], ['new profile', 'create profile']),
  harvester('errorsOnly', ['e'], ['errors', 'filter', 'failed']),
  harvester('groupByTarget', ['t'], ['group', 'target']),
];
