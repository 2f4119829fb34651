import { HttpStatus, ResultCode } from '@tradedeck/sdk/contract';
import { displayMessage } from '@tradedeck/sdk/i18n';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable, isStorageWriteFailure } from '../db/database-faults.ts';
import { AppError } from './app-error.ts';
import { sendAppError } from './envelope.ts';

/**
 * Makes every failure under `/api/` an envelope: known application errors, malformed bodies, limits and
 * crashes. Crash details stay in the log (with the same trace id); the caller gets a generic message.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (appError.resultCode === ResultCode.ServiceUnavailable) {
      request.log.warn({ err: error }, 'request failed: the database is unavailable');
    } else if (appError.resultCode === ResultCode.UndefinedError) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ resultCode: appError.resultCode, reason: error.message }, 'request refused');
    }
    return sendAppError(request, reply, appError);
  });
}

/** How long a client should wait before retrying while the database is unavailable. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

function toAppError(error: FastifyError): AppError {
  if (error instanceof AppError) return error;
  // A lost or refused database connection, or storage that refuses writes: temporary, not a crash.
  if (isDatabaseUnavailable(error) || isStorageWriteFailure(error)) {
    return new AppError({
      code: ResultCode.ServiceUnavailable,
      headers: { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
    });
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError({
        code: ResultCode.InvalidModel,
        text: {
          ru: displayMessage('ru', 'malformedJson'),
          en: displayMessage('en', 'malformedJson'),
        },
      });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError({ code: ResultCode.InvalidModel, httpStatus: HttpStatus.UnsupportedMediaType });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError({
        code: ResultCode.InvalidModel,
        text: { ru: displayMessage('ru', 'bodyTooLarge'), en: displayMessage('en', 'bodyTooLarge') },
        httpStatus: HttpStatus.PayloadTooLarge,
      });
  }
  if (error.statusCode === HttpStatus.TooManyRequests) {
    return new AppError({ code: ResultCode.OperationRejected, httpStatus: HttpStatus.TooManyRequests });
  }
  if (error instanceof SyntaxError && error.statusCode === HttpStatus.BadRequest) {
    return new AppError({ code: ResultCode.InvalidModel });
  }
  return new AppError({ code: ResultCode.UndefinedError });
}

/**
 * Unknown routes under `/api/` answer 404 in `onRequest`, before their body is read (a body sent to a route that
 * does not exist is never parsed); other unknown paths go to the web app's page fallback.
 */
export function registerNotFound(
  app: FastifyInstance,
  fallback: (request: FastifyRequest, reply: FastifyReply) => unknown,
): void {
  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    const params = { method: request.method, url: request.url.split('?')[0] ?? '' };
    return sendAppError(
      request,
      reply,
      new AppError({
        code: ResultCode.NotFound,
        text: {
          ru: displayMessage('ru', 'routeNotFound', params),
          en: displayMessage('en', 'routeNotFound', params),
        },
      }),
    );
  };
  app.addHook('onRequest', async (request, reply) => {
    if (request.is404 && isApiPath(request.url)) return notFound(request, reply);
  });
  app.setNotFoundHandler((request, reply) =>
    isApiPath(request.url) ? notFound(request, reply) : fallback(request, reply),
  );
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
