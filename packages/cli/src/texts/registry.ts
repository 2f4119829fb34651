import type { Language } from '@tradedeck/sdk/i18n';

/** One home's texts: its name (for the checks' messages) and every key in both languages. */
export interface TextSet<K extends string = string> {
  readonly name: string;
  readonly en: Readonly<Record<K, string>>;
  readonly ru: Readonly<Record<K, string>>;
}

/** The texts loaded so far: the shared ones, then each group's as its module loads. */
const loaded: TextSet[] = [];

/**
 * Declares a home's texts, English and Russian with the same keys (tsc refuses a key missing in Russian), and adds
 * them to the loaded texts. Commander's commands load every home (`texts/all.ts`); a direct command loads only
 * the texts its modules import.
 */
export function defineTexts<const E extends Record<string, string>>(
  name: string,
  texts: { en: E; ru: { [K in keyof E]: string } },
): TextSet<keyof E & string> {
  const set = { name, en: texts.en, ru: texts.ru } as TextSet<keyof E & string>;
  loaded.push(set);
  return set;
}

/** The text of a key in a language, from the texts loaded so far. */
export function loadedText(lang: Language, key: string): string | undefined {
  for (const set of loaded) {
    const text = (set[lang] as Record<string, string | undefined>)[key];
    if (text !== undefined) return text;
  }
  return undefined;
}

/** Every text set loaded so far (the texts test loads them all). */
export function loadedTextSets(): readonly TextSet[] {
  return loaded;
}
