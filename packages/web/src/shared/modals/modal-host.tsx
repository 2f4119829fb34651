import { createContext, useEffect } from 'react';
import { useServices } from '../app-services.tsx';
import { useStore } from '../use-store.ts';
import type { ModalEntry } from './modal-stack.ts';
import { StackLayer } from './stack-layer.tsx';

/** The id the open modal's title carries, so the dialog is named by it. */
export const ModalTitleContext = createContext<string | undefined>(undefined);

/**
 * Renders the modal stack; each modal makes the dialog scope the live hotkey scope while it is open. Layers
 * that render themselves (the two-factor dialog) hold a place in the stack but are drawn by their owner.
 */
export function ModalHost() {
  const { modals } = useServices();
  const entries = useStore(modals.subscribe, () => modals.entries);
  const top = entries.at(-1);
  return (
    <>
      {entries.map((entry) =>
        entry.render ? <ModalLayer key={entry.id} entry={entry} topmost={entry === top} /> : null,
      )}
    </>
  );
}

function ModalLayer({ entry, topmost }: { entry: ModalEntry; topmost: boolean }) {
  const { modals, hotkeys } = useServices();

  useEffect(() => hotkeys.pushFrame(`modal-${entry.id}`, ['dialog']), [entry.id, hotkeys]);

  return (
    <StackLayer
      level={entry.level}
      zIndex={entry.zIndex}
      topmost={topmost}
      width={entry.width}
      onBackdrop={() => modals.outsideClick(entry.id)}
      labelledBy={`modal-title-${entry.id}`}
      panelClassName="rounded-lg border border-slate-200 bg-white text-slate-800 shadow-2xl dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <ModalTitleContext.Provider value={`modal-title-${entry.id}`}>
        {entry.render!(modals.controls(entry.id)) as React.ReactNode}
      </ModalTitleContext.Provider>
    </StackLayer>
  );
}
