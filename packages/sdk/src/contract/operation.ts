import type { z } from 'zod';
import type { StepUpPurpose, StepUpWaiver } from './step-up.ts';
import { strictInput } from './strict-input.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Behaviour switches that the server and the client both read from the contract. */
export interface OperationFlags {
  /** Callable without a signed-in user. */
  readonly public?: boolean;
  /** A 101 answer is returned to the caller instead of opening the two-factor prompt. */
  readonly skipTwoFactor?: boolean;
  /** A 401 answer is returned to the caller instead of refreshing the session. */
  readonly skipUnauthorized?: boolean;
  /** Only administrators may call it. */
  readonly admin?: boolean;
  /** The answer carries secrets or session material: never cached. */
  readonly noStore?: boolean;
  /**
   * Reveals, derives or replaces a secret: the device session must have passed a second factor within the
   * step-up window, else the answer is 101 with `errorDetails.stepUp` (the client confirms with `user.stepUp`
   * and calls again). Rate-limited and written to the security log by the server's route binding.
   */
  readonly stepUp?: StepUpPurpose;
  /**
   * With `stepUp`: the server waives the step-up for the calls this names, decided from what it stores (the
   * partner is one of the user's own accounts, a single guard code); see `STEP_UP_WAIVERS`.
   */
  readonly stepUpWaiver?: StepUpWaiver;
  /**
   * Moves money or items: the call carries an `Idempotency-Key` header (required). The same key never acts
   * twice: a repeat answers the first outcome, a different request under it is refused, and a repeat while the
   * first is still running answers "in progress" (docs/api.md, "Idempotency-Key").
   */
  readonly idempotent?: boolean;
}

/**
 * One API operation: the single source for the server route, the typed client call and the manifest entry.
 *
 * Input is one object: path parameters (`:name` in `path`) plus the query string for GET and DELETE, or the
 * JSON body for the other methods.
 */
export interface Operation<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  readonly id: `${string}.${string}`;
  readonly method: HttpMethod;
  readonly path: `/api/${string}`;
  readonly summary: string;
  readonly input: I;
  readonly output: O;
  readonly flags: OperationFlags;
  /** How the request travels: a JSON body (default) or `multipart/form-data` files plus query-string fields. */
  readonly requestBody?: 'json' | 'multipart';
  /**
   * How a success answers: the envelope (default), or a streamed `text/plain` body for exports too large for
   * one envelope. Failures always answer with the envelope.
   */
  readonly responseBody?: 'envelope' | 'text-stream';
  /**
   * Largest JSON body the server reads for this operation, in bytes; {@link DEFAULT_MAX_BODY_BYTES} when absent.
   * Only operations that carry pasted lines, files or id batches raise it, and the server reads such a body only
   * after the caller is authenticated.
   */
  readonly maxBodyBytes?: number;
  /** With `flags.stepUp`: the inputs that need it (absent: every call), e.g. an export only with passwords. */
  stepUpWhen?(input: z.output<I>): boolean;
}

/** Whether this call of an operation needs a step-up. */
export function needsStepUp<Op extends Operation>(op: Op, input: z.output<Op['input']>): boolean {
  if (!op.flags.stepUp) return false;
  return op.stepUpWhen ? op.stepUpWhen(input) : true;
}

/** Body limit of every operation that declares none: plenty for forms, small enough to read before signing in. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/** Body limits of the operations that need more than the default. */
export const BODY_LIMITS = {
  /** Up to 100,000 ids (or id pairs) of a batch. */
  idBatch: 2 * 1024 * 1024,
  /** One maFile replacement (the maFile text is capped at 1 MiB). */
  mafile: 3 * 1024 * 1024,
  /** Lines, accounts or unsaved proxies pasted or read from a file (a few MiB of text). */
  lines: 10 * 1024 * 1024,
  /** Proxy lists: up to 32 MiB of text, 100,000 long lines. */
  proxyLines: 40 * 1024 * 1024,
} as const;

/**
 * Most JSON values (objects, arrays, strings, numbers, literals, keys) a body of each tier may hold: what the
 * tier's operations need at their largest, so a body of millions of small objects is refused while it is measured,
 * before it is parsed or validated. A big body is measured and parsed off the event loop.
 */
const BODY_VALUE_LIMITS = new Map<number, number>([
  /** Forms and lists: a page of ids or pairs (1,000 at most) with its filters. */
  [DEFAULT_MAX_BODY_BYTES, 20_000],
  /** 100,000 id pairs: two numbers and an array each. */
  [BODY_LIMITS.idBatch, 400_000],
  /** One maFile: a few fields of text. */
  [BODY_LIMITS.mafile, 1_000],
  /** 100,000 rows of a few fields (account rows, proxy check map, account-to-proxy pairs), or pasted text. */
  [BODY_LIMITS.lines, 1_000_000],
  /** Proxy lists travel as one text field. */
  [BODY_LIMITS.proxyLines, 1_000],
]);

/** The most JSON values the server reads in this operation's body (see {@link BODY_VALUE_LIMITS}). */
export function maxBodyValues(op: Pick<Operation, 'maxBodyBytes'>): number {
  const bytes = op.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  // A limit of its own: at most one value per eight bytes, as dense as real rows get.
  return BODY_VALUE_LIMITS.get(bytes) ?? Math.ceil(bytes / 8);
}

export type OperationInput<Op extends Operation> = z.input<Op['input']>;

/** A list operation of the API conventions: `pages` and `sort` in, `{ items, total, page, pageSize }` out. */
export type ListOperation = Operation<
  z.ZodType<unknown, { pages?: unknown; sort?: unknown }>,
  z.ZodType<{ items: unknown[]; total: number; page: number; pageSize: number }>
>;
export type OperationOutput<Op extends Operation> = z.output<Op['output']>;

/**
 * Declares an operation, keeping the literal types for the client and the flags for the server (a public
 * operation's handler has no signed-in user). The input is made strict at every depth: a field the contract does
 * not name is refused (validation error naming it), never silently dropped (see `strict-input.ts`).
 */
export function defineOperation<
  I extends z.ZodType,
  O extends z.ZodType,
  const B extends Operation['requestBody'] = undefined,
  const F extends OperationFlags = OperationFlags,
>(
  op: Operation<I, O> & { readonly requestBody?: B; readonly flags: F },
): Operation<I, O> & { readonly requestBody?: B; readonly flags: F } {
  return { ...op, input: strictInput(op.input) };
}

/** One file of a multipart operation's `files`. */
export interface UploadFile {
  name: string;
  data: Blob | Uint8Array;
}

/** The input of an operation as a caller passes it: multipart operations take their `files` next to the fields. */
export type CallInput<Op extends Operation> = 'multipart' extends Op['requestBody']
  ? z.input<Op['input']> & { files: UploadFile[] }
  : z.input<Op['input']>;

export { inputInQuery, pathParams } from './http-path.ts';
