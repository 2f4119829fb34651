import { findForbiddenText, ResultCode } from '@tradedeck/sdk/contract';
import type { Language } from '@tradedeck/sdk/i18n';
import { type ZodError, type ZodType, z } from 'zod';
import { AppError } from './app-error.ts';

const localeErrors = { ru: z.locales.ru().localeError, en: z.locales.en().localeError } as const;

const validationFailed = { ru: 'Ошибка валидации', en: 'Validation failed' } as const;

const unknownField = { ru: 'Неизвестное поле', en: 'Unknown field' } as const;

const forbiddenText = {
  ru: 'Текст не может содержать символ NUL',
  en: 'The text must not contain the NUL character',
} as const;

/**
 * Parses input with the schema; failures become a validation error (10) with messages per field. Text holding a
 * NUL character is refused for every operation first: no stored value can hold one.
 */
export function parseInput<T extends ZodType>(schema: T, input: unknown, lang: Language): z.output<T> {
  const forbidden = findForbiddenText(input);
  if (forbidden !== null) return refuse({ [forbidden]: [forbiddenText[lang]] });
  const result = schema.safeParse(input, { error: localeErrors[lang] });
  if (result.success) return result.data;
  return refuse(fieldErrors(result.error, lang));
}

function refuse(fields: Record<string, string[]>): never {
  const first = Object.entries(fields)[0];
  const text = first
    ? { ru: `${validationFailed.ru}: ${first[0]}`, en: `${validationFailed.en}: ${first[0]}` }
    : validationFailed;
  throw new AppError({ code: ResultCode.ValidationError, text: text, details: { fields } });
}

/**
 * Groups issues by dotted path (`""` for the object itself). A field the contract does not name is reported
 * under its own path (`filter.userId`), so the answer names it; unknown fields come first, as the likeliest
 * mistake of a hand-written call.
 */
export function fieldErrors(error: ZodError, lang: Language = 'en'): Record<string, string[]> {
  const unknown = unknownFields(error.issues, []).map(
    (path) => [path.join('.'), unknownField[lang]] as const,
  );
  const other = error.issues
    .filter((issue) => issue.code !== 'unrecognized_keys')
    .map((issue) => [issue.path.map(String).join('.'), issue.message] as const);
  const fields: Record<string, string[]> = {};
  for (const [key, message] of [...unknown, ...other]) fields[key] = [...(fields[key] ?? []), message];
  return fields;
}

/**
 * The paths of fields no schema names. Under a union, a field is unknown when no option names it: the options'
 * own reports are relative to the union's place.
 */
function unknownFields(issues: readonly z.core.$ZodIssue[], at: readonly PropertyKey[]): string[][] {
  const found: string[][] = [];
  for (const issue of issues) {
    const path = [...at, ...issue.path].map(String);
    if (issue.code === 'unrecognized_keys') for (const key of issue.keys) found.push([...path, key]);
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const perOption = issue.errors.map((option) => unknownFields(option, path).map((p) => p.join('.')));
      const inEvery = perOption[0]!.filter((p) => perOption.every((option) => option.includes(p)));
      for (const p of new Set(inEvery)) found.push(p.split('.'));
    }
  }
  return found;
}
