import { describe, expect, it } from 'vitest';
import {
  ApiError,
  describeError,
  NetworkError,
  SessionExpiredError,
  TimeoutError,
} from '../src/client/index.ts';

const apiError = (status: number, body: Record<string, unknown> | null) =>
  new ApiError('proxies.add', status, body as never);

describe('describeError (the catalogue display rules)', () => {
  it('shows the message followed by the code in parentheses', () => {
    const error = apiError(409, {
      message: 'Прокси используется',
      resultCode: 9,
      errorDetails: null,
      traceId: 't',
    });
    expect(describeError(error, 'ru')).toBe('Прокси используется (9)');
  });

  it('shows a validation error as its message', () => {
    const error = apiError(400, {
      message: 'Проверьте поля',
      resultCode: 10,
      errorDetails: null,
      traceId: 't',
    });
    expect(describeError(error, 'ru')).toBe('Проверьте поля');
  });

  it('shows a validation error without a message as the joined field messages', () => {
    const error = apiError(400, {
      message: '',
      resultCode: 10,
      errorDetails: {
        fields: {
          port: ['Порт должен быть числом от 1 до 65535'],
          host: ['Введите корректный IP-адрес или доменное имя'],
        },
      },
      traceId: 't',
    });
    expect(describeError(error, 'ru')).toBe(
      'Порт должен быть числом от 1 до 65535, Введите корректный IP-адрес или доменное имя',
    );
  });

  it('shows a bare code as "Ошибка запроса. Код: {code}"', () => {
    expect(
      describeError(apiError(409, { message: '', resultCode: 5, errorDetails: null, traceId: 't' }), 'ru'),
    ).toBe('Ошибка запроса. Код: 5');
    expect(describeError(apiError(502, null), 'en')).toBe('Request failed. Code: 502');
  });

  it('shows "Неизвестная ошибка API" when there is nothing to show', () => {
    expect(describeError(apiError(0, null), 'ru')).toBe('Неизвестная ошибка API');
  });

  it('shows network and session failures with the spec texts', () => {
    expect(describeError(new NetworkError('x', new TypeError('fetch failed')), 'ru')).toBe(
      'Ошибка подключения к сети',
    );
    expect(describeError(new NetworkError('x', new TypeError('fetch failed')), 'en')).toBe(
      'Network error. Check your internet connection.',
    );
    expect(describeError(new SessionExpiredError('x'), 'ru')).toBe(
      'Ваша сессия истекла. Пожалуйста, войдите снова.',
    );
    expect(describeError(new TimeoutError('x', 10), 'en')).toBe('The server did not answer in time');
  });

  it('shows other thrown errors and values', () => {
    expect(describeError(new Error('boom'), 'ru')).toBe('Произошла ошибка: boom');
    expect(describeError(42, 'ru')).toBe('Неизвестная ошибка: 42');
  });
});
