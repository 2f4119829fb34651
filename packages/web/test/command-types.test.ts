import { describe, expect, it } from 'vitest';
import { commandDefinitions } from '../src/app/areas.ts';
import { useCommandHandlers } from '../src/shared/area/use-command-handlers.ts';
import type { CommandId } from '../src/shared/commands/command-ids.ts';
import type { CommandRuntime } from '../src/shared/commands/command-runtime.ts';

/**
 * `tsc` checks this file (the web typecheck includes test/): each `@ts-expect-error` below must stay an error, so
 * an unknown command id or a command without its handler keeps failing the build.
 */
function useTypeChecks(commands: CommandRuntime): void {
  commands.run('lots.reprice');
  commands.run('nav.proxies');
  commands.register('table.next', () => {});
  // @ts-expect-error: no such command
  commands.run('lots.repriceAll');
  // @ts-expect-error: no such command
  commands.register('proxies.explode', () => {});

  const noop = () => {};
  useCommandHandlers('salesHistory', 'screen', { exportCsv: noop, period: noop, reset: noop, refresh: noop });
  // @ts-expect-error: `refresh` has no handler
  useCommandHandlers('salesHistory', 'screen', { exportCsv: noop, period: noop, reset: noop });
  useCommandHandlers('salesHistory', 'screen', {
    exportCsv: noop,
    period: noop,
    reset: noop,
    refresh: noop,
    // @ts-expect-error: the sales history has no `print` command
    print: noop,
  });
  // A command that does not apply now has `null`; one left out is still a mistake.
  useCommandHandlers('admin', 'picked', { approve: null, ban: noop, unban: null });
  // @ts-expect-error: `unban` has no handler, not even `null`
  useCommandHandlers('admin', 'picked', { approve: null, ban: noop });
  // @ts-expect-error: no such area
  useCommandHandlers('portfolio', 'screen', {});
  // @ts-expect-error: the lots area has no `wizard` set
  useCommandHandlers('lots', 'wizard', {});
}

describe('command ids and handlers are typed by the areas', () => {
  it('knows every id the type checks above use', () => {
    const ids = new Set(commandDefinitions.map((def) => def.id));
    const used: CommandId[] = ['lots.reprice', 'nav.proxies', 'table.next', 'salesHistory.refresh'];
    expect(used.filter((id) => !ids.has(id))).toEqual([]);
    expect(typeof useTypeChecks).toBe('function');
  });
});
