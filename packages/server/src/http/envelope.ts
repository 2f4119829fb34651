import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppError } from './app-error.ts';
import { requestLanguage } from './request-language.ts';

export function successEnvelope<T>(data: T) {
  return { success: true as const, data, error: null };
}

/** Sends an {@link AppError} as the error envelope, with the request's trace id. */
export function sendAppError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  const lang = requestLanguage(request);
  return reply
    .code(error.httpStatus)
    .headers(error.headers)
    .type('application/json; charset=utf-8')
    .send({
      success: false,
      data: null,
      error: {
        message: error.messageFor(lang),
        resultCode: error.resultCode,
        errorDetails: error.details,
        traceId: String(request.id),
      },
    });
}
