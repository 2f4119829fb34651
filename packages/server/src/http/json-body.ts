import { ResultCode } from '@tradedeck/sdk/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * Deepest nesting of arrays and objects a JSON body may have. The contract's inputs nest a few levels; a body
 * nested thousands deep is an attack on the parser and the validators, refused before either runs.
 */
const MAX_JSON_DEPTH = 32;

const tooDeep = new AppError({
  code: ResultCode.InvalidModel,
  text: {
    ru: `Тело запроса вложено глубже ${MAX_JSON_DEPTH} уровней`,
    en: `The request body nests deeper than ${MAX_JSON_DEPTH} levels`,
  },
});

/**
 * Replaces the JSON body parser with one that measures nesting first (one pass over the text, no allocation),
 * then parses with Fastify's own parser (prototype-poisoning checks included).
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      done(tooDeep, undefined);
      return;
    }
    parse(request, text, done);
  });
}

/** Whether brackets outside strings nest deeper than `limit` (the text need not be valid JSON). */
function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      // A backslash escapes the next character.
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
