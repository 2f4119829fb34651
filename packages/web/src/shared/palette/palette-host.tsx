import { type ComponentType, useEffect, useState } from 'react';
import { useServices } from '../app-services.tsx';
import { useStore } from '../use-store.ts';

type PaletteDialogType = ComponentType<{ pages: string[] }>;

/**
 * Mounted once in the shell: shows the command palette while it is open. The palette (cmdk, its dialog layer and
 * the search) is fetched once the shell has mounted, beside the first screen rather than before it, and is then
 * rendered synchronously, so keys typed right after Mod+K reach its input.
 */
export function CommandPalette() {
  const { palette } = useServices();
  const state = useStore(palette.subscribe, () => palette.state);
  const [Dialog, setDialog] = useState<PaletteDialogType | null>(null);
  useEffect(() => {
    let active = true;
    void import('./command-palette.tsx').then((m) => {
      if (active) setDialog(() => m.PaletteDialog);
    });
    return () => {
      active = false;
    };
  }, []);
  if (!state.open || !Dialog) return null;
  return <Dialog pages={state.pages} />;
}
