import { Readable } from 'node:stream';
import {
  DEFAULT_MAX_BODY_BYTES,
  inputInQuery,
  maxBodyValues,
  needsStepUp,
  type Operation,
  ResultCode,
} from '@tradedeck/sdk/contract';
import type { Language } from '@tradedeck/sdk/i18n';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from './app-error.ts';
import { auditDraft } from './audit-draft.ts';
import { successEnvelope } from './envelope.ts';
import { isLongAnswer, jsonStream, rememberServedBytes, servedAgainBytes } from './json-answer.ts';
import { readUploadedFiles, type UploadedFile } from './multipart.ts';
import { outputCheck, outputFilterInSlices } from './output-filter.ts';
import { requestLanguage } from './request-language.ts';
import { type RequestScope, requestScope } from './request-scope.ts';
import { parseInput } from './validation.ts';

export interface RequestContext {
  readonly lang: Language;
  readonly traceId: string;
  readonly log: FastifyBaseLogger;
  readonly request: FastifyRequest;
  /** The files of a `requestBody: 'multipart'` operation (field `files`); empty for other operations. */
  readonly files: readonly UploadedFile[];
}

export type OperationHandler<Op extends Operation> = (
  input: z.output<Op['input']>,
  ctx: RequestContext,
) => Promise<z.input<Op['output']> | TextStreamBody> | z.input<Op['output']> | TextStreamBody;

/** The success answer of a `responseBody: 'text-stream'` operation: text sent as it is produced. */
export class TextStreamBody {
  constructor(readonly chunks: AsyncIterable<string>) {}
}

/** Checks a request to a non-public operation; throws an AppError (11, 100, 103 ...) to refuse it. */
export type Authenticator = (request: FastifyRequest, op: Operation) => Promise<void>;

/** Refuses a `stepUp` call unless the session passed a second factor recently (101); rate-limits and audits it. */
export type StepUpCheck = (request: FastifyRequest, op: Operation, input: unknown) => Promise<void>;

/**
 * Runs a call of an `idempotent` operation at most once per `Idempotency-Key` of the user: `work` runs only for a
 * key's first call; repeats answer its recorded outcome (modules/idempotency).
 */
export type IdempotentRun = (
  request: FastifyRequest,
  op: Operation,
  userId: string,
  input: unknown,
  /** The checks before a first call runs (the step-up); a repeat of a key's first call is answered before them. */
  guard: () => Promise<void>,
  work: () => Promise<unknown>,
) => Promise<{ data: unknown; replayed: boolean }>;

/**
 * The server's half of a `stepUpWaiver`: whether this call may go without a recent second factor, decided from
 * what the server stores. It can only waive what the contract's flags ask; any doubt answers false.
 */
export type StepUpWaiverCheck<Op extends Operation = Operation> = (
  input: z.output<Op['input']>,
  ctx: RequestContext,
) => Promise<boolean>;

/** The operations bound so far, in order: the manifest is built from this list. */
export const boundOperations = Symbol('boundOperations');

/** Header of an answer repeated from an earlier call with the same `Idempotency-Key`. */
const REPLAYED_HEADER = 'idempotent-replayed';

declare module 'fastify' {
  interface FastifyInstance {
    [boundOperations]: Operation[];
    authenticate: Authenticator;
    stepUp: StepUpCheck;
    idempotent: IdempotentRun;
  }
}

/**
 * Registers a contract operation as a route: input merged from path parameters and the query string or body,
 * validated by the contract schema; output passed through the output schema, which also drops any field the
 * contract does not name (so an internal or secret column can never leak by accident; see `output-filter.ts`).
 *
 * A non-public operation authenticates in `onRequest`, before a byte of the body is read: an anonymous caller
 * costs a token check, never a parse. The body limits are the operation's own (`maxBodyBytes` and the number of
 * JSON values its tier needs), small by default; large bodies are parsed off the event loop (json-body.ts).
 */
export function bindOperation<Op extends Operation>(
  app: FastifyInstance,
  op: Op,
  handler: OperationHandler<Op>,
  waiver?: StepUpWaiverCheck<Op>,
): void {
  checkFlags(op, Boolean(waiver));
  app[boundOperations].push(op);
  const answer = outputFilterInSlices(op.output, outputCheck());
  app.route({
    method: op.method,
    url: op.path,
    bodyLimit: op.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    config: { maxJsonValues: maxBodyValues(op) },
    ...(op.flags.public
      ? {}
      : {
          onRequest: async (request) => {
            await app.authenticate(request, op);
            // The active workspace and the caller's role in it, before a byte of the body is read.
            await app.workspaceGate(request, op);
          },
        }),
    handler: async (request, reply) => {
      const lang = requestLanguage(request);
      // Multipart operations take their fields from the query string and their files from the body.
      const source = inputInQuery(op.method) || op.requestBody === 'multipart' ? request.query : request.body;
      const raw = { ...(isObject(source) ? source : {}), ...(request.params as object) };
      const input = parseInput(op.input, raw, lang) as z.output<Op['input']>;
      return requestScope.run(scopeOf(app, request, op, input), () => handle(request, reply, input, lang));
    },
  });

  async function handle(
    request: FastifyRequest,
    reply: FastifyReply,
    input: z.output<Op['input']>,
    lang: Language,
  ) {
    {
      const multipart = op.requestBody === 'multipart';
      const base: RequestContext = {
        lang,
        traceId: String(request.id),
        log: request.log,
        request,
        files: [],
      };
      app.workspaceInputGate?.(request, op, input);
      const guard = async () => {
        if (needsStepUp(op, input) && !(await waiver?.(input, base))) await app.stepUp(request, op, input);
      };
      if (op.flags.idempotent) {
        // The step-up is the gate's guard: a 101 answer leaves the key unused, so the call repeated after it runs
        // once; a repeat of a key's first call is answered before it.
        // Keys belong to the workspace the call acts in, like the data it moves.
        const userId = request.workspace?.ownerId;
        if (!userId) throw new AppError({ code: ResultCode.Unauthorized });
        const run = async () => {
          const files = multipart ? await readUploadedFiles(request) : [];
          return answer(await handler(input, { ...base, files }));
        };
        const outcome = await app.idempotent(request, op, userId, input, guard, run);
        if (outcome.replayed) reply.header(REPLAYED_HEADER, 'true');
        return successEnvelope(outcome.data);
      }
      await guard();
      const files = multipart ? await readUploadedFiles(request) : [];
      const ctx: RequestContext = { ...base, files };
      const output = await handler(input, ctx);
      if (op.responseBody === 'text-stream') {
        // Failures before this point answer with the envelope; once streaming, an error ends the connection.
        const body = output instanceof TextStreamBody ? Readable.from(output.chunks) : String(output);
        return reply.type('text/plain; charset=utf-8').send(body);
      }
      // An answer its handler gives again unchanged is filtered and serialized once (json-answer.ts).
      const served = servedAgainBytes(output);
      if (served) return reply.type('application/json; charset=utf-8').send(served);
      const envelope = successEnvelope(await answer(output));
      // A long list (a 100,000-line proxy parse) is written a slice at a time, not serialized in one go.
      if (isLongAnswer(envelope.data))
        return reply.type('application/json; charset=utf-8').send(jsonStream(envelope));
      if (served === null)
        return reply
          .type('application/json; charset=utf-8')
          .send(rememberServedBytes(output as object, envelope));
      return envelope;
    }
  }
}

/** What the code under a call may ask of it: the active workspace and the audit entry a change writes. */
function scopeOf(app: FastifyInstance, request: FastifyRequest, op: Operation, input: unknown): RequestScope {
  const workspace = request.workspace ?? null;
  const draft = workspace ? auditDraft(op, workspace, request, input) : null;
  const write = app.auditWriter;
  return { workspace, audit: draft && write ? { draft, write } : null, auditWritten: false };
}

/** Flags the binding cannot honour are a wiring fault, found when the server starts rather than on a call. */
function checkFlags(op: Operation, hasWaiver: boolean): void {
  if (Boolean(op.flags.stepUpWaiver) !== hasWaiver || (op.flags.stepUpWaiver && !op.flags.stepUp))
    throw new Error(
      `${op.id}: a stepUpWaiver flag needs stepUp and a server waiver, and a waiver needs the flag`,
    );
  if (op.flags.idempotent && (op.flags.public || op.responseBody === 'text-stream'))
    throw new Error(`${op.id}: an idempotent operation has a signed-in caller and an envelope answer`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
