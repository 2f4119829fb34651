/** Class names shared by the screen's dialogs. */
export const PRIMARY_BUTTON =
  'rounded-md bg-primary-strong px-3 py-1.5 text-sm font-semibold text-white hover:bg-primary-deep disabled:cursor-not-allowed disabled:opacity-50';
export const LABEL = 'text-xs font-semibold tracking-wide text-muted uppercase';
