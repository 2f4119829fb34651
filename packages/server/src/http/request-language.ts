import { type Language, languageFromTag } from '@tradedeck/sdk/i18n';
import type { FastifyRequest } from 'fastify';

/** The language of the answer: the request's Accept-Language, Russian by default. */
export function requestLanguage(request: FastifyRequest): Language {
  return languageFromTag(request.headers['accept-language']);
}
