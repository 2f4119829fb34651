/**
 * Calls TM v2 for one account: the key only as `key=` in the query string and only to the configured TM host,
 * through the account's proxy when it has one, each call in a paced slot of its key, the envelope read, and failed
 * calls retried by class (notes market.md §9): reads and idempotent writes a bounded number of times when TM could
 * not be reached; mutations and money never. A money call that was sent and lost its reply answers
 * `outcomeUnknown`.
 */
import type { Clock } from '../../steam/clock.ts';
import type { ProxyAgentPool } from '../../steam/proxy-agent.ts';
import type { MarketPacingStore } from '../pacing-store.ts';
import type { MarketCredentials, MarketFailure, MarketFailureReason, MarketRetryClass } from '../port.ts';
import { failure } from '../write-guard.ts';
import { reasonOfHttpStatus, reasonOfTmError } from './tm-errors.ts';
import { type TmHttpAnswer, tmRequest } from './tm-request.ts';

export interface TmCall {
  /** The method's name for logs (never the path: money-send carries the receiver's key in it). */
  name: string;
  method: 'GET' | 'POST';
  /** Under the client's `apiPath` (`/api/v2/` on TM). */
  path: string;
  query?: Record<string, string | number | readonly string[]>;
  json?: unknown;
  retry: MarketRetryClass;
}

export type TmAnswer = { ok: true; body: Record<string, unknown> } | MarketFailure;

/** Log lines name the key by its id only. */
export interface MarketLog {
  warn(fields: Record<string, unknown>, message: string): void;
}

export interface TmClientOptions {
  baseUrl: string;
  timeoutMs: number;
  /** Time between two calls of one key (TM deletes a key over 5 requests/s; 330 ms keeps it at 4 or under). */
  spacingMs: number;
  /** A call that would wait longer than this for its slot answers `rateLimited` instead. */
  maxQueueMs: number;
  /** Pauses before the retries of a read or idempotent write; their count bounds the attempts. */
  retryDelaysMs: readonly number[];
  /** How long a key rests after TM answered 429 without Retry-After. */
  restAfter429Ms: number;
  ca?: string;
  store: MarketPacingStore;
  agents: ProxyAgentPool;
  clock: Clock;
  log?: MarketLog;
  /** The path every call sits under, and the query parameter that carries the key (TM: `api/v2`, `key`). */
  apiPath?: string;
  keyParam?: string;
  /** The error of an answer that is not a success, as a port reason (TM's `error`/`message` by default). */
  reasonOf?: (body: Record<string, unknown>) => { error: unknown; reason: MarketFailureReason };
}

const RETRIED: ReadonlySet<MarketRetryClass> = new Set(['read', 'idempotent']);
/**
 * How long taking a pacing slot may take for the slot to be used. Two calls of a key are then at least
 * `spacingMs - SLOT_TOLERANCE_MS` apart at TM: with the 330 ms spacing, 250 ms, so 5 never fall within one second.
 */
const SLOT_TOLERANCE_MS = 80;
/** `too_often` is per listing: retry no sooner than this (notes §1). */
const TOO_OFTEN_WAIT_MS = 10_000;

export class TmClient {
  /** Per key, the end of the last turn queued in this process. */
  readonly #turns = new Map<string, Promise<void>>();

  constructor(private readonly options: TmClientOptions) {}

  async call(creds: MarketCredentials, call: TmCall): Promise<TmAnswer> {
    const attempts = RETRIED.has(call.retry) ? 1 + this.options.retryDelaysMs.length : 1;
    let last: TmAnswer | null = null;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (attempt > 1) await this.options.clock.sleep(this.options.retryDelaysMs[attempt - 2] ?? 0);
      last = await this.once(creds, call);
      if (last.ok) return last;
      this.options.log?.warn(
        {
          keyId: creds.keyId,
          call: call.name,
          reason: last.reason,
          httpStatus: last.httpStatus,
          attempt,
          of: attempts,
        },
        'market call failed',
      );
      if (last.reason !== 'marketUnavailable') return last;
    }
    return last!;
  }

  private async once(creds: MarketCredentials, call: TmCall): Promise<TmAnswer> {
    const waited = await this.slot(creds.keyId);
    if (waited) return waited;
    const answer = await tmRequest({
      method: call.method,
      url: this.url(creds, call),
      json: call.json,
      agent: creds.proxy ? this.options.agents.get(creds.proxy) : undefined,
      timeoutMs: this.options.timeoutMs,
      ca: this.options.ca,
    });
    return this.read(creds, call, answer);
  }

  /**
   * Waits for the key's slot. Callers of one key in this process take turns (one asks the shared store at a time,
   * the others queue behind it), so a crowd of callers does not poll the store together.
   */
  private slot(keyId: string): Promise<MarketFailure | null> {
    const deadline = this.options.clock.now() + this.options.maxQueueMs;
    const previous = this.#turns.get(keyId) ?? Promise.resolve();
    const mine = previous.then(() => this.take(keyId, deadline));
    const done = mine.then(
      () => undefined,
      () => undefined,
    );
    this.#turns.set(keyId, done);
    void done.then(() => {
      if (this.#turns.get(keyId) === done) this.#turns.delete(keyId);
    });
    return mine;
  }

  /**
   * Takes the key's slot at the moment of the call: a late timer takes a late slot, never a crowded one. A slot whose
   * taking took longer than `SLOT_TOLERANCE_MS` (a queue in the database, a stalled process) is not used, since when
   * it was taken is not known closely enough; it lapses unused and the caller asks again. Answers `rateLimited`
   * instead when the wait would pass the deadline.
   */
  private async take(keyId: string, deadline: number): Promise<MarketFailure | null> {
    const { clock, store, spacingMs } = this.options;
    for (;;) {
      const asked = clock.now();
      const taken = await store.take(keyId, asked, spacingMs);
      const now = clock.now();
      if (taken.granted && now - asked <= SLOT_TOLERANCE_MS) return null;
      const waitMs = taken.granted ? spacingMs : taken.waitMs;
      if (now + waitMs > deadline) {
        return failure('rateLimited', {
          detail: 'local pacing queue full',
          retryAfter: new Date(now + waitMs),
        });
      }
      await clock.sleep(Math.max(1, waitMs));
    }
  }

  private url(creds: MarketCredentials, call: TmCall): URL {
    const apiPath = this.options.apiPath ?? 'api/v2';
    const url = new URL(`${this.options.baseUrl.replace(/\/$/, '')}/${apiPath}/${call.path}`);
    for (const [name, value] of Object.entries(call.query ?? {})) {
      if (Array.isArray(value)) for (const item of value) url.searchParams.append(name, item);
      else url.searchParams.set(name, String(value));
    }
    url.searchParams.set(this.options.keyParam ?? 'key', creds.apiKey);
    return url;
  }

  private async read(creds: MarketCredentials, call: TmCall, answer: TmHttpAnswer): Promise<TmAnswer> {
    if (answer.kind === 'noAnswer') {
      if (call.retry === 'money' && answer.sent) return failure('outcomeUnknown', { detail: answer.detail });
      return failure('marketUnavailable', { detail: answer.detail });
    }
    const body = parseObject(answer.text);
    if (answer.status === 429) {
      const restMs = Math.max((answer.retryAfterSeconds ?? 0) * 1000, this.options.restAfter429Ms);
      const restUntil = this.options.clock.now() + restMs;
      await this.options.store.rest(creds.keyId, restUntil);
      return failure('rateLimited', { httpStatus: 429, retryAfter: new Date(restUntil) });
    }
    if (answer.status >= 500 && call.retry === 'money') {
      // A gateway error after the request reached TM: the money may have moved.
      return failure('outcomeUnknown', { httpStatus: answer.status });
    }
    const byStatus = reasonOfHttpStatus(answer.status);
    if (byStatus) return failure(byStatus, { httpStatus: answer.status });
    if (!body) return failure('unknownError', { httpStatus: answer.status, detail: 'answer is not JSON' });
    const { error, reason } = (this.options.reasonOf ?? tmReasonOf)(body);
    const succeeded = body.success === true || (body.success === undefined && error === undefined);
    if (succeeded && answer.status < 400) return { ok: true, body };
    return failure(reason, {
      ...(answer.status >= 400 ? { httpStatus: answer.status } : {}),
      ...(error !== undefined ? { detail: String(error) } : {}),
      ...(reason === 'rateLimited'
        ? { retryAfter: new Date(this.options.clock.now() + TOO_OFTEN_WAIT_MS) }
        : {}),
    });
  }
}

function tmReasonOf(body: Record<string, unknown>): { error: unknown; reason: MarketFailureReason } {
  const error = body.error ?? body.message;
  return { error, reason: reasonOfTmError(error) };
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
