import type { ResultCode } from '../contract/result-codes.ts';

export type Language = 'ru' | 'en';

/** Default text per result code, used when the server has nothing more specific to say. */
export const resultCodeMessages: Readonly<Record<Language, Readonly<Record<ResultCode, string>>>> = {
  ru: {
    0: 'Некорректный запрос',
    1: 'Внутренняя ошибка сервера',
    2: 'Операция выполняется',
    3: 'Не найдено',
    4: 'Доступ запрещён',
    5: 'Уже существует',
    6: 'Недопустимое состояние',
    7: 'Некорректные данные запроса',
    8: 'Операция отклонена',
    9: 'Ресурс используется',
    10: 'Ошибка валидации',
    11: 'Требуется авторизация',
    12: 'Сервис временно недоступен, повторите позже',
    100: 'Учётная запись не активна',
    101: 'Требуется подтверждение вторым фактором',
    102: 'Неверный e-mail или пароль',
    103: 'Вход запрещён',
    104: 'Ваша роль в рабочем пространстве не позволяет это действие',
  },
  en: {
    0: 'Invalid request',
    1: 'Internal server error',
    2: 'Operation in progress',
    3: 'Not found',
    4: 'Access denied',
    5: 'Already exists',
    6: 'Invalid state',
    7: 'Malformed request',
    8: 'Operation rejected',
    9: 'Resource in use',
    10: 'Validation error',
    11: 'Sign-in required',
    12: 'Service temporarily unavailable, try again later',
    100: 'Account is not active',
    101: 'Second factor required',
    102: 'Wrong e-mail or password',
    103: 'Sign-in not allowed',
    104: 'Your role in this workspace does not allow this',
  },
};

/** Texts of the error display rules (docs/product-shell.md §8). Russian texts are the spec's, verbatim. */
export const errorDisplayMessages = {
  ru: {
    requestFailedWithCode: 'Ошибка запроса. Код: {code}',
    unknownApiError: 'Неизвестная ошибка API',
    networkFailure: 'Ошибка подключения к сети',
    timeout: 'Сервер не ответил вовремя',
    thrownError: 'Произошла ошибка: {message}',
    unknownThrown: 'Неизвестная ошибка: {value}',
    sessionExpired: 'Ваша сессия истекла. Пожалуйста, войдите снова.',
    wrongCode: 'Неверный код',
    routeNotFound: 'Маршрут не найден: {method} {url}',
    malformedJson: 'Тело запроса не является корректным JSON',
    unsupportedMediaType: 'Неподдерживаемый тип содержимого: {type}',
    bodyTooLarge: 'Тело запроса слишком большое',
    tooManyRequests: 'Слишком много запросов. Повторите через {seconds} с',
  },
  en: {
    requestFailedWithCode: 'Request failed. Code: {code}',
    unknownApiError: 'Unknown API error',
    networkFailure: 'Network error. Check your internet connection.',
    timeout: 'The server did not answer in time',
    thrownError: 'An error occurred: {message}',
    unknownThrown: 'Unknown error: {value}',
    sessionExpired: 'Your session has expired. Please sign in again.',
    wrongCode: 'Wrong code',
    routeNotFound: 'Route not found: {method} {url}',
    malformedJson: 'The request body is not valid JSON',
    unsupportedMediaType: 'Unsupported content type: {type}',
    bodyTooLarge: 'The request body is too large',
    tooManyRequests: 'Too many requests. Try again in {seconds} s',
  },
} as const satisfies Record<Language, Record<string, string>>;

export type ErrorDisplayKey = keyof (typeof errorDisplayMessages)['ru'];

/** Fills `{name}` placeholders. */
export function fillTemplate(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export function displayMessage(
  lang: Language,
  key: ErrorDisplayKey,
  params?: Record<string, string | number>,
): string {
  return fillTemplate(errorDisplayMessages[lang][key], params);
}

/** Maps an Accept-Language header or a locale tag to one of the two languages; Russian by default. */
export function languageFromTag(tag: string | null | undefined): Language {
  if (!tag) return 'ru';
  const first = tag.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'ru';
}

export function languageTag(lang: Language): 'ru-RU' | 'en-US' {
  return lang === 'en' ? 'en-US' : 'ru-RU';
}
