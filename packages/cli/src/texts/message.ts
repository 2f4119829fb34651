import type { Language } from '@tradedeck/sdk/i18n';
import type { MessageKey } from './keys.ts';
import { loadedText } from './registry.ts';
import './shared.ts';

export type { MessageKey } from './keys.ts';

/** A bound `message` for one language, as views get it. */
export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** A text in the user's language with its `{placeholders}` filled in. */
export function message(
  lang: Language,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  const template = loadedText(lang, key);
  // A command that uses a group whose texts it did not load: named, so the mistake is found at once.
  if (template === undefined) throw new Error(`text "${key}" is not loaded`);
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
