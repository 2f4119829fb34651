// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { areas } from '../src/app/areas.ts';
import { shellCommands } from '../src/app/shell-commands.ts';
import {
  noOpFallbacks,
  registeredByHand,
  type SourceText,
  shellCommandsWithoutHandler,
  sourcesUnder,
  unhandledSets,
} from './helpers/command-handler-check.ts';

const files = sourcesUnder(fileURLToPath(new URL('../src', import.meta.url)));
const areaSets = Object.fromEntries(areas.map((area) => [area.name, Object.keys(area.sets)]));
const areaIds = new Set(areas.flatMap((area) => area.commands.map((command) => command.id)));
const SHELL_LIST = 'app/shell-commands.ts';
const shellWithoutRun = shellCommands
  .filter((command) => !('run' in command) && !('page' in command))
  .map((command) => command.id);

describe('every palette command has its handler', () => {
  it('falls back to no handler that does nothing', () => {
    expect(noOpFallbacks(files)).toEqual([]);
  });

  it('has a view supplying the handlers of every command set of every area', () => {
    expect(Object.keys(areaSets).length).toBeGreaterThan(10);
    expect(unhandledSets(areaSets, files)).toEqual([]);
  });

  it('handles area commands only through the area manifest, never by registering them by hand', () => {
    expect(areaIds.has('steamAccounts.refreshInventory')).toBe(true);
    expect(registeredByHand(areaIds, files)).toEqual([]);
  });

  it('names, outside their list, every shell command that has nothing to run of its own', () => {
    expect(shellWithoutRun).toContain('dialog.close');
    expect(shellCommandsWithoutHandler(shellWithoutRun, SHELL_LIST, files)).toEqual([]);
  });
});

describe('the handler checks themselves', () => {
  const tree: SourceText[] = [
    { path: 'shared/run.ts', text: 'const run = handlers.get(id) ?? (() => {});\nconst ok = a ?? b;\n' },
    { path: 'features/x/tab.tsx', text: "useEffect(() => commands.register('x.refresh', refresh), []);\n" },
    { path: 'features/x/page.tsx', text: "useCommandHandlers('x', 'screen', { refresh });\n" },
    { path: SHELL_LIST, text: "{ id: 'dialog.close' }, { id: 'table.next' }\n" },
    { path: 'shared/table.tsx', text: "commands.register('table.next', next);\n" },
  ];

  it('finds a no-op fallback, a set nobody handles, a hand registration and a shell command with no handler', () => {
    expect(noOpFallbacks(tree)).toEqual(['shared/run.ts:1']);
    expect(unhandledSets({ x: ['screen', 'dialog'] }, tree)).toEqual(['x.dialog']);
    expect(registeredByHand(new Set(['x.refresh']), tree)).toEqual(['features/x/tab.tsx: x.refresh']);
    expect(shellCommandsWithoutHandler(['dialog.close', 'table.next'], SHELL_LIST, tree)).toEqual([
      'dialog.close',
    ]);
  });
});
