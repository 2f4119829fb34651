import { lazy, Suspense } from 'react';
import { useServices } from '../app-services.tsx';
import { useStore } from '../use-store.ts';

// The palette (cmdk, its dialog layer and the search) loads on its first opening, not with the panel.
const PaletteDialog = lazy(() => import('./command-palette.tsx').then((m) => ({ default: m.PaletteDialog })));

/** Mounted once in the shell: shows the command palette while it is open. */
export function CommandPalette() {
  const { palette } = useServices();
  const state = useStore(palette.subscribe, () => palette.state);
  if (!state.open) return null;
  return (
    <Suspense fallback={null}>
      <PaletteDialog pages={state.pages} />
    </Suspense>
  );
}
