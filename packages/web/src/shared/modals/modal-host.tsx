import { createContext, useEffect, useRef } from 'react';
import { useServices } from '../app-services.tsx';
import { useStore } from '../use-store.ts';
import type { ModalEntry } from './modal-stack.ts';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The id the open modal's title carries, so the dialog is named by it. */
export const ModalTitleContext = createContext<string | undefined>(undefined);

/** Renders the modal stack; each modal makes the dialog scope the live hotkey scope while it is open. */
export function ModalHost() {
  const { modals } = useServices();
  const entries = useStore(modals.subscribe, () => modals.entries);
  return (
    <>
      {entries.map((entry) => (
        <ModalLayer key={entry.id} entry={entry} topmost={entry === entries.at(-1)} />
      ))}
    </>
  );
}

function ModalLayer({ entry, topmost }: { entry: ModalEntry; topmost: boolean }) {
  const { modals, hotkeys } = useServices();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const pop = hotkeys.pushFrame(`modal-${entry.id}`, ['dialog']);
    const first =
      panel.current?.querySelector<HTMLElement>('[data-autofocus]') ??
      panel.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel.current)?.focus();
    return () => {
      pop();
      if (previous?.isConnected) previous.focus();
    };
  }, [entry.id, hotkeys]);

  const trapTab = (event: React.KeyboardEvent) => {
    if (event.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items.at(-1)!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div
      className="fixed inset-0 flex items-start justify-center overflow-y-auto p-4 pt-[10vh]"
      style={{ zIndex: entry.zIndex }}
      data-modal-level={entry.level}
    >
      <div
        aria-hidden
        data-testid="modal-backdrop"
        className={`fixed inset-0 ${topmost ? 'bg-slate-950/50' : 'bg-transparent'}`}
        onMouseDown={() => modals.outsideClick(entry.id)}
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`modal-title-${entry.id}`}
        tabIndex={-1}
        onKeyDown={trapTab}
        className="relative w-full rounded-lg border border-slate-200 bg-white text-slate-800 shadow-2xl outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        style={{ maxWidth: entry.width }}
      >
        <ModalTitleContext.Provider value={`modal-title-${entry.id}`}>
          {entry.render(modals.controls(entry.id)) as React.ReactNode}
        </ModalTitleContext.Provider>
      </div>
    </div>
  );
}
