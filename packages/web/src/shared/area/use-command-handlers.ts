import { useEffect, useRef } from 'react';
import { useServices } from '../app-services.tsx';
import type { CommandId, RegisteredSets } from '../commands/command-ids.ts';
import type { CommandSet } from './define-area.ts';

/**
 * A handler for each command of one set: a missing or an unknown name fails `tsc`. `null` says the command does
 * not apply now (the palette leaves it out), which is not the same as forgetting it.
 */
type Handlers<Set> = Set extends CommandSet
  ? { readonly [K in keyof Set['commands']]: (() => void) | null }
  : never;

/**
 * Supplies the handlers of one command set of an area's manifest while the calling view is mounted (a screen set
 * also makes the area's hotkeys live): `useCommandHandlers('lots', 'screen', { reprice, thresholds, … })`. Every
 * command of the set needs a handler, and only those: a missing or an unknown one fails `tsc`. Handlers may
 * change on every render; the latest ones run. `active: false` leaves them out for now (keys that apply in one
 * state of a dialog only).
 */
export function useCommandHandlers<
  Name extends keyof RegisteredSets & string,
  Set extends keyof RegisteredSets[Name] & string,
>(name: Name, _set: Set, handlers: Handlers<RegisteredSets[Name][Set]>, active = true): void {
  const { commands, hotkeys } = useServices();
  const latest = useRef<Readonly<Record<string, (() => void) | null>>>(handlers);
  latest.current = handlers;
  // The commands that apply now: registering anew when that changes, not when a handler does.
  const applying = Object.keys(handlers)
    .filter((key) => (handlers as Record<string, unknown>)[key] !== null)
    .join(',');
  useEffect(() => {
    if (!active) return;
    const keys = applying === '' ? [] : applying.split(',');
    const ids = keys.map((key) => [key, `${name}.${key}` as CommandId] as const);
    const offs = ids.map(([key, id]) => commands.register(id, () => latest.current[key]?.()));
    // A screen's commands are scoped to its area: the area's hotkeys are live while the screen is.
    const screen = ids.some(([, id]) => commands.definition(id)?.scope === name);
    const deactivate = screen ? hotkeys.activate(name) : () => {};
    return () => {
      deactivate();
      for (const off of offs) off();
    };
  }, [name, commands, hotkeys, active, applying]);
}
