import type { ParseKeys } from 'i18next';

/** A key of the interface texts, for tables that name a text before it is translated (commands, menus). */
export type TextKey = ParseKeys;

/**
 * The namespaces of a text table whose type is `never`. A namespace is typed as its shell part and its screen
 * part intersected; one key with two different texts in them reduces the whole namespace to `never`, and every
 * key of it then fails as unknown, far from the cause. `AppTexts` is checked against this (app/texts.ts).
 */
export type EmptiedSpaces<T> = { [K in keyof T]: [T[K]] extends [never] ? K : never }[keyof T];

/** Compiles only when no namespace is emptied; the error names the ones that are. */
export type EveryNamespaceTyped<Emptied extends never> = Emptied;
