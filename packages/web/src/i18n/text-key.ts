import type { ParseKeys } from 'i18next';

/** A key of the interface texts, for tables that name a text before it is translated (commands, menus). */
export type TextKey = ParseKeys;
