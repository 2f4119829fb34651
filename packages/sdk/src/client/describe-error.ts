import { displayMessage, type Language } from '../i18n/messages.ts';
import {
  ApiError,
  NetworkError,
  SessionExpiredError,
  TimeoutError,
  TwoFactorCancelledError,
} from './errors.ts';

/**
 * The text a user sees for a failed call, by the display rules of the error catalogue:
 * validation answers show the message or the joined field messages; other answers the message followed by the
 * code in parentheses; a bare code "Ошибка запроса. Код: {code}"; nothing at all "Неизвестная ошибка API".
 */
export function describeError(error: unknown, lang: Language): string {
  if (error instanceof ApiError) return describeApiError(error, lang);
  if (error instanceof NetworkError) return displayMessage(lang, 'networkFailure');
  if (error instanceof TimeoutError) return displayMessage(lang, 'timeout');
  if (error instanceof SessionExpiredError) return displayMessage(lang, 'sessionExpired');
  if (error instanceof TwoFactorCancelledError) return '';
  if (error instanceof Error) return displayMessage(lang, 'thrownError', { message: error.message });
  return displayMessage(lang, 'unknownThrown', { value: String(error) });
}

function describeApiError(error: ApiError, lang: Language): string {
  const code = error.resultCode ?? (error.httpStatus || null);
  if (error.resultCode === 10) {
    if (error.message) return error.message;
    const joined = Object.values(error.fieldErrors).flat().join(', ');
    if (joined) return joined;
  }
  if (error.message && code !== null) return `${error.message} (${code})`;
  if (error.message) return error.message;
  if (code !== null) return displayMessage(lang, 'requestFailedWithCode', { code });
  return displayMessage(lang, 'unknownApiError');
}
