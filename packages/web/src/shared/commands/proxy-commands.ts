import type { proxiesRu } from '../../i18n/proxies.ts';
import type { CommandDef } from './command-types.ts';

/**
 * Commands of the proxies screen. They act on the selected rows, else on the row under the cursor; the screen
 * supplies their handlers while it is mounted, so they exist in the palette only there.
 */
function proxy(
  id: keyof typeof proxiesRu.commands,
  hotkeys: readonly string[],
  keywords: readonly string[],
): CommandDef {
  return {
    id: `proxies.${id}`,
    titleKey: `proxies.commands.${id}`,
    keywords: ['proxy', 'proxies', ...keywords],
    group: 'general',
    scope: 'proxies',
    hotkeys,
    palette: true,
  };
}

export const proxyCommands: readonly CommandDef[] = [
  proxy('add', ['n'], ['add', 'new', 'import', 'paste']),
  proxy('view', ['v'], ['view', 'edit', 'open', 'rename', 'credentials']),
  proxy('check', ['c'], ['check', 'test', 'validate']),
  proxy('checkAll', ['shift+c'], ['check all', 'test all', 'filters']),
  proxy('export', ['e'], ['export', 'copy', 'download']),
  proxy('remove', ['delete', 'shift+d'], ['delete', 'remove']),
  proxy('addTag', ['t'], ['tag', 'label', 'add tag']),
  proxy('removeTag', ['shift+t'], ['tag', 'untag', 'remove tag']),
  proxy('search', ['f'], ['search', 'find', 'filter']),
  proxy('refresh', ['r'], ['refresh', 'reload']),
];
