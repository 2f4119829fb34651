import { DEFAULT_MAX_BODY_BYTES, maxBodyValues, ResultCode } from '@tradedeck/sdk/contract';
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import { type JsonBody, jsonParsePool } from './json-parse-pool.ts';
import { hasPoisonedKey, type JsonShapeRefusal, jsonShapeRefusal } from './json-shape.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Most JSON values the route's body may hold (the operation's `maxBodyValues`). */
    maxJsonValues?: number;
  }
}

/**
 * Deepest nesting of arrays and objects a JSON body may have. The contract's inputs nest a few levels; a body
 * nested thousands deep is an attack on the parser and the validators, refused before either runs.
 */
const MAX_JSON_DEPTH = 32;

/**
 * Bodies up to this size are measured and parsed on the event loop (well under a millisecond); larger ones in the
 * parser's worker thread, so no body, however wide, holds the loop.
 */
const INLINE_PARSE_BYTES = DEFAULT_MAX_BODY_BYTES;

const refusals: Record<JsonShapeRefusal, (limit: number) => AppError> = {
  depth: () =>
    new AppError({
      code: ResultCode.InvalidModel,
      text: {
        ru: `Тело запроса вложено глубже ${MAX_JSON_DEPTH} уровней`,
        en: `The request body nests deeper than ${MAX_JSON_DEPTH} levels`,
      },
    }),
  values: (limit) =>
    new AppError({
      code: ResultCode.InvalidModel,
      text: {
        ru: `Тело запроса содержит больше ${limit} значений: столько этой операции не нужно`,
        en: `The request body holds more than ${limit} values, more than this operation takes`,
      },
    }),
};

const malformed = () => new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY();
const tooLarge = () => new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();

/**
 * Replaces the JSON body parser with one that measures nesting and width first (one pass over the text, no
 * allocation; the width limit is the operation's own), then parses, refusing prototype-poisoning keys as
 * Fastify's own parser does. A body larger than a form goes to a worker thread piece by piece as it arrives and
 * is joined, measured and parsed there (json-parse-pool.ts); the event loop only passes the pieces on.
 */
export function registerJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', (request, payload, done) => {
    readJsonBody(request, payload).then(
      (value) => done(null, value),
      (error: Error) => done(error, undefined),
    );
  });
}

function readJsonBody(request: FastifyRequest, payload: NodeJS.ReadableStream): Promise<unknown> {
  const limit = request.routeOptions.bodyLimit ?? DEFAULT_MAX_BODY_BYTES;
  const maxValues = request.routeOptions.config?.maxJsonValues ?? maxBodyValues({});
  const declared = Number(request.headers['content-length']);
  if (declared > limit) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const small: Buffer[] = [];
    let large: JsonBody | null = null;
    let received = 0;
    let settled = false;
    const finish = (error: Error | null, work?: () => Promise<unknown> | unknown) => {
      if (settled) return;
      settled = true;
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
      payload.removeListener('close', onClose);
      if (error) {
        large?.drop();
        reject(error);
      } else Promise.resolve().then(work).then(resolve, reject);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.byteLength;
      if (received > limit) return finish(tooLarge());
      if (large) return large.add(chunk);
      small.push(chunk);
      if (received <= INLINE_PARSE_BYTES) return;
      large = jsonParsePool.begin();
      for (const piece of small.splice(0)) large.add(piece);
    };
    const onEnd = () =>
      finish(null, () =>
        large ? parseLarge(large, maxValues) : parseInline(Buffer.concat(small).toString('utf8'), maxValues),
      );
    const onError = (error: Error) => finish(error);
    const onClose = () => finish(new Error('the request was closed before its body ended'));
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
    payload.on('close', onClose);
  });
}

async function parseLarge(body: JsonBody, maxValues: number): Promise<unknown> {
  const outcome = await body.parse(MAX_JSON_DEPTH, maxValues);
  if ('value' in outcome) return outcome.value;
  if (outcome.refused === 'depth' || outcome.refused === 'values') throw refusals[outcome.refused](maxValues);
  throw malformed();
}

function parseInline(text: string, maxValues: number): unknown {
  if (text.length === 0) throw new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY();
  const refused = jsonShapeRefusal(text, MAX_JSON_DEPTH, maxValues);
  if (refused) throw refusals[refused](maxValues);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw malformed();
  }
  if (hasPoisonedKey(value)) throw malformed();
  return value;
}
