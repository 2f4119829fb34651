/** Russian has plural forms English lacks (`_few`, `_many`): those are optional in other languages. */
type RussianOnly = `${string}_${'few' | 'many'}`;

/** The shape another language must have: every key of the Russian table, each a string. */
export type Widen<T> = {
  [K in keyof T as K extends RussianOnly ? never : K]: T[K] extends string ? string : Widen<T[K]>;
} & { [K in keyof T as K extends RussianOnly ? K : never]?: string };

/** A table of interface texts in both languages; Russian (the default, the spec's texts verbatim) gives the keys. */
export interface Texts<Ru extends object = object> {
  ru: Ru;
  en: Widen<Ru>;
}

/**
 * The one shape of every text table of the web app: the Russian texts, then the English ones with the same keys
 * (a missing or extra English key fails `tsc`; the texts test checks the placeholders match).
 */
export function defineTexts<const Ru extends object>(ru: Ru, en: NoInfer<Widen<Ru>>): Texts<Ru> {
  return { ru, en };
}
