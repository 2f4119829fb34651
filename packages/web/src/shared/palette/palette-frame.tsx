import type { ReactNode } from 'react';
import { useServices } from '../app-services.tsx';
import type { PaletteStore } from './palette-store.ts';

/** The palette's box, shared by the palette and the input that stands in for it while it loads. */
export const paletteFrameClass =
  'relative w-full max-w-xl overflow-hidden rounded-xl border border-slate-200 bg-white text-slate-800 shadow-2xl dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';
export const paletteInputClass =
  'w-full border-b border-slate-200 bg-transparent px-4 py-3 text-sm outline-none placeholder:text-slate-400 dark:border-slate-700';

/** The dimmed page behind the palette; a click on it closes the palette. */
export function PaletteBackdrop({ children }: { children: ReactNode }) {
  const { palette } = useServices();
  return (
    <div className="fixed inset-0 z-[1900] flex items-start justify-center p-4 pt-[12vh]">
      <div aria-hidden className="fixed inset-0 bg-slate-950/50" onMouseDown={() => palette.close()} />
      {children}
    </div>
  );
}

/** Escape leaves a nested page, else closes the palette. */
export function onPaletteKeyDown(event: React.KeyboardEvent, palette: PaletteStore): void {
  if (event.key !== 'Escape') return;
  event.preventDefault();
  event.stopPropagation();
  if (palette.state.pages.length > 0) palette.pop();
  else palette.close();
}
