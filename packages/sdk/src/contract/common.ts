import { z } from 'zod';
import { MAX_STORED_ID } from '../domain/constants.ts';

/** ISO 8601 UTC timestamp as carried on the wire. */
export const isoDateTime = z.iso.datetime({ offset: false });

export const languageSchema = z.enum(['ru', 'en']);
export type Language = z.infer<typeof languageSchema>;

/** Input of operations that take nothing (any field sent is refused, as for every operation's input). */
export const emptyInput = z.object({});

/** The id of a stored row (a 32-bit database key): larger numbers can name nothing and are refused as input. */
export const idSchema = z.number().int().positive().max(MAX_STORED_ID);

/** An id from a path or query string, where it arrives as text. */
export const idFromText = z.coerce.number().int().positive().max(MAX_STORED_ID);

/** A page number of a list: past the last stored id there can be no page. */
export const pageNumberSchema = z.number().int().min(1).max(MAX_STORED_ID);

/**
 * Text no stored value may hold: the NUL character (Postgres text cannot store it, and no name, line or secret
 * of the product contains one). The server refuses such input for every operation before its schema runs.
 */
export const FORBIDDEN_TEXT_CHARACTER = '\u0000';

/**
 * The dotted path of the first string in `value` holding a NUL character (a key included), or null when there is
 * none. One pass without allocation per value (a 100,000-row import is walked in milliseconds); the path is built
 * only for the string found.
 */
export function findForbiddenText(value: unknown, path: readonly (string | number)[] = []): string | null {
  const found = forbiddenAt(value);
  return found === null ? null : [...path, ...found].join('.');
}

function forbiddenAt(value: unknown): (string | number)[] | null {
  if (typeof value === 'string') return value.includes(FORBIDDEN_TEXT_CHARACTER) ? [] : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      if (typeof item === 'number' || typeof item === 'boolean' || item === null) continue;
      const found = forbiddenAt(item);
      if (found !== null) return [i, ...found];
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      if (key.includes(FORBIDDEN_TEXT_CHARACTER)) return [key];
      const found = forbiddenAt((value as Record<string, unknown>)[key]);
      if (found !== null) return [key, ...found];
    }
  }
  return null;
}
