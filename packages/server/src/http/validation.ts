import { findForbiddenText, ResultCode } from '@tradedeck/sdk/contract';
import type { Language } from '@tradedeck/sdk/i18n';
import { type ZodError, type ZodType, z } from 'zod';
import { AppError } from './app-error.ts';

const localeErrors = { ru: z.locales.ru().localeError, en: z.locales.en().localeError } as const;

const validationFailed = { ru: 'Ошибка валидации', en: 'Validation failed' } as const;

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
  return refuse(fieldErrors(result.error));
}

function refuse(fields: Record<string, string[]>): never {
  const first = Object.entries(fields)[0];
  const text = first
    ? { ru: `${validationFailed.ru}: ${first[0]}`, en: `${validationFailed.en}: ${first[0]}` }
    : validationFailed;
  throw new AppError({ code: ResultCode.ValidationError, text: text, details: { fields } });
}

/** Groups issues by dotted path (`""` for the object itself). */
export function fieldErrors(error: ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    const messages = fields[key] ?? [];
    messages.push(issue.message);
    fields[key] = messages;
  }
  return fields;
}
