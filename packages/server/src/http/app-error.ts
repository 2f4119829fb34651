import { type HttpStatus, type ResultCode, resultCodeHttpStatus } from '@tradedeck/sdk/contract';
import { type Language, resultCodeMessages } from '@tradedeck/sdk/i18n';

/** Text in both languages; a plain string is used as is in either. */
export type LocalizedText = string | { ru: string; en: string };

function localize(text: LocalizedText, lang: Language): string {
  return typeof text === 'string' ? text : text[lang];
}

export interface AppErrorOptions {
  code: ResultCode;
  /** What the caller reads; the catalogue's message of the code when absent. */
  text?: LocalizedText | undefined;
  details?: Record<string, unknown> | null;
  cause?: unknown;
  /** Only where the answer differs from the code's own status (limits, media types). */
  httpStatus?: HttpStatus;
  headers?: Record<string, string>;
}

/** A failure the API reports to the caller with a result code, in the caller's language. */
export class AppError extends Error {
  override name = 'AppError';
  readonly resultCode: ResultCode;
  readonly text: LocalizedText | undefined;
  readonly details: Record<string, unknown> | null;
  readonly httpStatus: HttpStatus;
  readonly headers: Record<string, string>;

  constructor({ code, text, details = null, cause, httpStatus, headers = {} }: AppErrorOptions) {
    super(text ? localize(text, 'en') : `result code ${code}`, cause === undefined ? undefined : { cause });
    this.resultCode = code;
    this.text = text;
    this.details = details;
    this.httpStatus = httpStatus ?? resultCodeHttpStatus[code];
    this.headers = headers;
  }

  messageFor(lang: Language): string {
    return this.text ? localize(this.text, lang) : resultCodeMessages[lang][this.resultCode];
  }
}
