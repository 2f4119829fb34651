import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app-services.tsx';
import { useStore } from '../use-store.ts';
import { loadedPalette, loadPalette, preloadPalette } from './load-palette.ts';
import { onPaletteKeyDown, PaletteBackdrop, paletteFrameClass, paletteInputClass } from './palette-frame.tsx';

/**
 * Mod+K / `/`: the command palette. Its code is not part of the first visit: it is fetched at the first sign the
 * user reaches for it (a key pressed with Ctrl or Cmd, the pointer or the focus on the top bar's search field).
 * Opened before it is in, an input stands in for it and keeps what is typed.
 */
export function CommandPalette() {
  const { palette } = useServices();
  const state = useStore(palette.subscribe, () => palette.state);
  usePalettePreload();
  if (!state.open) return null;
  return <PaletteLayer pages={state.pages} />;
}

function usePalettePreload(): void {
  useEffect(() => {
    if (loadedPalette()) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey) preloadPalette();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}

/** Holds the page's hotkeys back and gives the focus back on close, whether the palette is in yet or not. */
function PaletteLayer({ pages }: { pages: string[] }) {
  const { palette, hotkeys, searchCache } = useServices();
  const [module, setModule] = useState(loadedPalette);
  // Read before the palette's input takes the focus.
  const [previous] = useState(() => document.activeElement as HTMLElement | null);
  const typed = useRef('');

  useEffect(() => {
    if (module) return;
    let active = true;
    loadPalette().then(
      (next) => active && setModule(next),
      () => active && palette.close(),
    );
    return () => {
      active = false;
    };
  }, [module, palette]);

  useEffect(() => {
    const pop = hotkeys.pushFrame('palette', []);
    return () => {
      pop();
      searchCache.onClose();
      if (previous?.isConnected && !document.querySelector('[role="dialog"]')) previous.focus();
    };
  }, [hotkeys, searchCache, previous]);

  if (module) return <module.PaletteDialog pages={pages} initialQuery={typed.current} />;
  return <PaletteLoading typed={typed} />;
}

/** The palette's input while its code downloads: what is typed here is the palette's query once it is in. */
function PaletteLoading({ typed }: { typed: { current: string } }) {
  const { t } = useTranslation();
  const { palette } = useServices();
  return (
    <PaletteBackdrop>
      <div className={paletteFrameClass} data-testid="command-palette-loading">
        <input
          // biome-ignore lint/a11y/noAutofocus: the palette opens to type in it.
          autoFocus
          aria-label={t('palette.label')}
          placeholder={t('palette.placeholder')}
          className={paletteInputClass}
          onChange={(event) => {
            typed.current = event.target.value;
          }}
          onKeyDown={(event) => onPaletteKeyDown(event, palette)}
        />
      </div>
    </PaletteBackdrop>
  );
}
