type PaletteModule = typeof import('./palette-dialog.tsx');

let loaded: PaletteModule | null = null;
let loading: Promise<PaletteModule> | null = null;

/** The palette's code if it is in already. */
export function loadedPalette(): PaletteModule | null {
  return loaded;
}

/** Fetches the palette (cmdk and its dialog code), once; a failed download is tried again next time. */
export function loadPalette(): Promise<PaletteModule> {
  loading ??= import('./palette-dialog.tsx').then((module) => {
    loaded = module;
    return module;
  });
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/**
 * Starts the download when the user shows the intent to open the palette (pointer over or focus on the search
 * field, a key pressed with Ctrl or Cmd): a visit that never opens it never downloads it.
 */
export function preloadPalette(): void {
  if (!loaded) void loadPalette().catch(() => {});
}
