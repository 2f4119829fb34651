import { createHmac } from 'node:crypto';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_KEY_TTL_HOURS,
  type IdempotencyRefusal,
  type Operation,
  ResultCode,
} from '@tradedeck/sdk/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { requestLanguage } from '../../http/request-language.ts';
import { type KeyedCallSettled, keyedCallSettled, runKeyed } from './acting.ts';
import { idempotencyMessages } from './messages.ts';
import type { IdempotencyRepo, IdempotencyRow } from './repo.ts';

const TTL_MS = IDEMPOTENCY_KEY_TTL_HOURS * 3_600_000;

/** The answer of a call: its status and the data of its success envelope. */
export interface Answer {
  httpStatus: number;
  data: unknown;
  /** True when the answer is the recorded answer of an earlier call with the same key. */
  replayed: boolean;
}

/**
 * Runs the calls of operations flagged `idempotent` at most once per `Idempotency-Key` (docs/api.md). The key is
 * claimed before the handler runs (a unique row: exactly one of two racing calls wins). A success is recorded
 * and answered again to every repeat. A failure before the operation's "acting now" mark (acting.ts: nothing
 * moved) frees the key, so the same dialog can correct and retry; a failure after it, a refusal or a server fault
 * alike, is recorded as such, since whether it acted is unknown.
 */
export class IdempotencyGate {
  constructor(
    private readonly repo: IdempotencyRepo,
    private readonly hashKey: Buffer,
    private readonly now: () => number,
  ) {}

  async run(
    request: FastifyRequest,
    op: Operation,
    userId: string,
    input: unknown,
    guard: () => Promise<void>,
    work: () => Promise<unknown>,
  ): Promise<Answer> {
    const early = await this.repeatOf(request, op, userId, input);
    if (early) return early;
    await guard();
    const key = keyOf(request);
    const requestHash = this.hash(op.id, input);
    const now = this.now();
    const claim = await this.repo.run(userId, (q) =>
      q.claim({ key, operation: op.id, requestHash }, new Date(now), new Date(now + TTL_MS)),
    );
    if (!claim.claimed) return replay(claim.found, op.id, requestHash);
    const outcome = await runKeyed(work);
    if (keyedCallSettled.hasSubscribers)
      keyedCallSettled.publish({
        operation: op.id,
        ok: outcome.ok,
        acting: outcome.acting,
      } satisfies KeyedCallSettled);
    if (!outcome.ok) {
      // Before the operation's "acting now" mark nothing moved: the key is free again. After it, whatever the
      // error says, what moved is unknown: the key stays, and a repeat is told so (firstFailed).
      if (outcome.acting) {
        const status = outcome.error instanceof AppError ? outcome.error.httpStatus : 500;
        await this.repo.run(userId, (q) => q.finish(key, status, { fault: true }));
      } else {
        await this.repo.run(userId, (q) => q.release(key));
      }
      throw outcome.error;
    }
    const data = outcome.value;
    await this.repo.run(userId, (q) => q.finish(key, 200, { data }));
    return { httpStatus: 200, data, replayed: false };
  }

  /**
   * A repeat of the same request (same operation and input) under a key still running or done: answered before
   * the `guard` (the step-up and its per-user limit), since it acts no more and proves the first call's secrets,
   * so clients waiting for the first outcome do not spend the user's step-up operations. Null otherwise: the
   * call goes the whole way (guard, claim), which answers every other case.
   */
  private async repeatOf(
    request: FastifyRequest,
    op: Operation,
    userId: string,
    input: unknown,
  ): Promise<Answer | null> {
    const header = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) return null;
    const found = await this.repo.run(userId, (q) => q.find(header, new Date(this.now())));
    if (!found || found.operation !== op.id || found.requestHash !== this.hash(op.id, input)) return null;
    if (found.status !== 'done') throw refusal('inProgress');
    return recorded(found);
  }

  /**
   * A keyed hash of the operation and its parsed input without its secret fields: equal requests match, and what is
   * stored reveals nothing. Secrets are left out because a repeat of a settled key is answered before the step-up:
   * were they compared, a session without a fresh second factor could test guesses of the first call's payment
   * password under its key (a right guess answered with the stored outcome, a wrong one asked for the second factor).
   * A repeat that differs from the first only in them is the same request: answered with the first outcome.
   */
  private hash(operation: string, input: unknown): string {
    return createHmac('sha256', this.hashKey)
      .update(`${operation}\n${canonicalJson(input, SECRET_FIELDS)}`)
      .digest('base64url');
  }
}

function keyOf(request: FastifyRequest): string {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  const key = Array.isArray(header) ? header[0] : header;
  const field = (reason: 'missing' | 'malformed') =>
    refusal(reason, {
      fields: { 'Idempotency-Key': [idempotencyMessages[reason][requestLanguage(request)]] },
    });
  if (key === undefined || key === '') throw field('missing');
  if (Array.isArray(header) || !IDEMPOTENCY_KEY_PATTERN.test(key)) throw field('malformed');
  return key;
}

function replay(found: IdempotencyRow | null, operation: string, requestHash: string): Answer {
  // A row that went between the claim and the read (purged, or freed by a refusal) is still being decided.
  if (!found) throw refusal('inProgress');
  if (found.operation !== operation || found.requestHash !== requestHash) throw refusal('reused');
  if (found.status !== 'done') throw refusal('inProgress');
  const answer = recorded(found);
  if (!answer) throw refusal('firstFailed');
  return answer;
}

/** The recorded success of a done key, answered again; null for a recorded server fault. */
function recorded(found: IdempotencyRow): Answer | null {
  const answer = found.answer as { data?: unknown; fault?: boolean } | null;
  if (!answer || answer.fault) return null;
  return { httpStatus: found.httpStatus ?? 200, data: answer.data ?? null, replayed: true };
}

const REFUSAL_CODES: Record<IdempotencyRefusal, ResultCode> = {
  missing: ResultCode.ValidationError,
  malformed: ResultCode.ValidationError,
  reused: ResultCode.OperationRejected,
  inProgress: ResultCode.ResourceInUse,
  firstFailed: ResultCode.UndefinedError,
};

function refusal(reason: IdempotencyRefusal, details: Record<string, unknown> = {}): AppError {
  return new AppError({
    code: REFUSAL_CODES[reason],
    text: idempotencyMessages[reason],
    details: { idempotencyKey: reason, ...details },
  });
}

/** Input fields that carry secrets (the payment password, a key, a password), at any depth. */
const SECRET_FIELDS: ReadonlySet<string> = new Set(['paymentPassword', 'apiKey', 'password', 'secret']);

/**
 * JSON with object keys sorted, so two equal inputs give one text whatever order their fields came in; fields named
 * in `without` are left out.
 */
export function canonicalJson(value: unknown, without: ReadonlySet<string> = new Set()): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(
          Object.entries(item as Record<string, unknown>)
            .filter(([name]) => !without.has(name))
            .sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : item,
  );
}
