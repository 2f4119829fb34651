import type { Language } from '@tradedeck/sdk/i18n';

/** Class names shared by the screen's dialogs. */
export const PRIMARY_BUTTON =
  'rounded-md bg-primary-strong px-3 py-1.5 text-sm font-semibold text-white hover:bg-primary-deep disabled:cursor-not-allowed disabled:opacity-50';
export const LABEL = 'text-xs font-semibold tracking-wide text-muted uppercase';

export const languageOf = (tag: string): Language => (tag === 'en' ? 'en' : 'ru');

/** Russian and English locale tags for dates and numbers. */
export const localeOf = (tag: string): string => (tag === 'en' ? 'en-US' : 'ru-RU');
