import { useContext, useEffect, useState } from 'react';
import { useStore } from '../use-store.ts';
import { type ModalEntry, ModalStack } from './modal-stack.ts';
import { StackContext } from './stack-context.ts';

/**
 * While `open`, a dialog that renders itself holds a place in the app's modal stack (level, z-index, Escape and
 * outside clicks by the stack's rules, the dialog hotkey scope). Outside the app (a page rendered on its own) it
 * gets a stack of its own. Null while closed.
 */
export function useStackPlace(
  open: boolean,
  options: { persistent?: boolean; width?: number },
): { entry: ModalEntry; topmost: boolean } | null {
  const services = useContext(StackContext);
  const [ownStack] = useState(() => new ModalStack());
  const modals = services?.modals ?? ownStack;
  const hotkeys = services?.hotkeys;
  const [id, setId] = useState<number | null>(null);
  const { persistent, width } = options;

  useEffect(() => {
    if (!open) return;
    const placed = modals.place({
      ...(persistent === undefined ? {} : { persistent }),
      ...(width === undefined ? {} : { width }),
    });
    setId(placed);
    const pop = hotkeys?.pushFrame(`modal-${placed}`, ['dialog']);
    return () => {
      pop?.();
      modals.dismiss(placed);
      setId(null);
    };
  }, [open, modals, hotkeys, persistent, width]);

  const entries = useStore(modals.subscribe, () => modals.entries);
  const entry = id === null ? undefined : entries.find((e) => e.id === id);
  return entry ? { entry, topmost: entries.at(-1) === entry } : null;
}
