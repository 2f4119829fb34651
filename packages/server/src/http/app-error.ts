import { type ResultCode, resultCodeHttpStatus } from '@tradedeck/sdk/contract';
import { type Language, resultCodeMessages } from '@tradedeck/sdk/i18n';

/** Text in both languages; a plain string is used as is in either. */
export type LocalizedText = string | { ru: string; en: string };

export function localize(text: LocalizedText, lang: Language): string {
  return typeof text === 'string' ? text : text[lang];
}

/** A failure the API reports to the caller with a result code, in the caller's language. */
export class AppError extends Error {
  override name = 'AppError';
  readonly httpStatus: number;

  constructor(
    readonly resultCode: ResultCode,
    readonly text?: LocalizedText,
    readonly details: Record<string, unknown> | null = null,
    options: { httpStatus?: number; headers?: Record<string, string> } = {},
  ) {
    super(text ? localize(text, 'en') : `result code ${resultCode}`);
    this.httpStatus = options.httpStatus ?? resultCodeHttpStatus[resultCode];
    this.headers = options.headers ?? {};
  }

  readonly headers: Record<string, string>;

  messageFor(lang: Language): string {
    return this.text ? localize(this.text, lang) : resultCodeMessages[lang][this.resultCode];
  }
}
