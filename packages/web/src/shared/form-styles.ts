/** Class lists of form dialogs: a field label, the primary button, an error line. */
export const FIELD_LABEL = 'block text-xs font-semibold tracking-wide text-muted uppercase';
export const APPLY_BUTTON =
  'rounded-md bg-primary-strong px-3 py-1.5 text-sm font-semibold text-white hover:bg-primary-deep disabled:cursor-not-allowed disabled:opacity-50';
export const ERROR_TEXT = 'text-sm text-rose-700 dark:text-rose-300';
