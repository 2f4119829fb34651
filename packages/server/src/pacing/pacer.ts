/**
 * The one limiter kernel every Steam caller goes through: a call of a class waits for a slot of its account's
 * limiter and of its egress's limiter (in that order), runs, and tells both how it went. A limit met rests and
 * halves them (limiter.ts); a call asked for during a rest is answered from the rest without leaving.
 */
import { RATE_LIMIT_COOL_DOWN_MS } from '@tradedeck/sdk/domain';
import type { Clock } from '../integrations/steam/clock.ts';
import type { Budget, BudgetTable, PacingClass } from './budgets.ts';
import {
  initialState,
  type LimiterState,
  limit,
  spaceFrom,
  succeed,
  type TakeAnswer,
  take,
} from './limiter.ts';
import type { PacingStore } from './store.ts';

/** Whose limiters a call takes: the egress it leaves through and the account it acts for. */
export interface PacingSubject {
  proxy: string | null;
  account: string | null;
}

export interface PacingKey {
  key: string;
  budget: Budget | null;
}

export type CallOutcome =
  | { kind: 'ok' }
  | { kind: 'limited'; retryAfter: number | null; eresult: number | null; httpStatus: number | null }
  | { kind: 'failed' };

export type Permit =
  | { ok: true; keys: PacingKey[]; startedAt: number }
  | { ok: false; until: number; reason: string | null };

export const proxyPacingKey = (proxy: string, cls: PacingClass) => `proxy:${proxy}:${cls}`;
export const accountPacingKey = (account: string, cls: PacingClass) =>
  `account:${account.toLowerCase()}:${cls}`;

/** The reason a rest shows: the class and what Steam answered ("inventory 429", "login eresult 84"). */
export function restReason(
  cls: PacingClass,
  outcome: { eresult: number | null; httpStatus: number | null },
): string {
  if (outcome.eresult !== null) return `${cls} eresult ${outcome.eresult}`;
  return `${cls} ${outcome.httpStatus ?? 'rate limit'}`;
}

/** Compare-and-set attempts before a move is given up on (another writer won each time). */
const MOVE_ATTEMPTS = 100;

export class Pacer {
  constructor(
    private readonly store: PacingStore,
    private readonly clock: Clock,
    readonly budgets: BudgetTable,
  ) {}

  keysOf(cls: PacingClass, who: PacingSubject): PacingKey[] {
    const budget = this.budgets[cls];
    const keys: PacingKey[] = [];
    if (who.account && budget.account)
      keys.push({ key: accountPacingKey(who.account, cls), budget: budget.account });
    if (who.proxy) keys.push({ key: proxyPacingKey(who.proxy, cls), budget: budget.proxy });
    return keys;
  }

  /** Waits for a slot of every limiter of the call; answers the rest instead when one of them rests. */
  async acquire(cls: PacingClass, who: PacingSubject): Promise<Permit> {
    const keys = this.keysOf(cls, who);
    const queued = this.budgets[cls].queued ?? false;
    for (const key of keys) {
      for (;;) {
        const answer = await this.move(key, (state) => take(state, key.budget, this.clock.now(), queued));
        if (answer.kind === 'resting') return { ok: false, until: answer.until, reason: answer.reason };
        if (answer.kind === 'wait') {
          await this.clock.sleep(Math.max(1, answer.waitMs));
          continue;
        }
        if (answer.startAt > this.clock.now()) {
          await this.clock.sleep(answer.startAt - this.clock.now());
          // A call queued behind one that met a limit is answered from the rest that began meanwhile.
          const resting = await this.restOf(key.key);
          if (resting) return resting;
        }
        break;
      }
    }
    return { ok: true, keys, startedAt: this.clock.now() };
  }

  /** Tells the call's limiters how it went; answers the end of the rest a limit calls for. */
  async settle(
    cls: PacingClass,
    keys: PacingKey[],
    startedAt: number,
    outcome: CallOutcome,
  ): Promise<number | null> {
    const now = this.clock.now();
    if (outcome.kind === 'limited') {
      const until =
        outcome.retryAfter ??
        now + (outcome.eresult === 84 ? RATE_LIMIT_COOL_DOWN_MS : this.budgets[cls].restMs);
      const rest = { until, reason: restReason(cls, outcome) };
      for (const key of keys)
        await this.move(key, (state) => ({ state: limit(state, key.budget, now, rest) }));
      return until;
    }
    for (const key of keys) {
      await this.move(key, (state) => ({
        state:
          outcome.kind === 'ok'
            ? succeed(state, key.budget, now, startedAt)
            : spaceFrom(state, key.budget, startedAt),
      }));
    }
    return null;
  }

  /** Runs a call in its slots; `null` when a limiter rests (the call did not leave). */
  async run<T>(
    cls: PacingClass,
    who: PacingSubject,
    call: () => Promise<T>,
    outcomeOf: (result: T) => CallOutcome,
  ): Promise<
    { ran: true; result: T; restUntil: number | null } | { ran: false; until: number; reason: string | null }
  > {
    const permit = await this.acquire(cls, who);
    if (!permit.ok) return { ran: false, until: permit.until, reason: permit.reason };
    let outcome: CallOutcome = { kind: 'failed' };
    try {
      const result = await call();
      outcome = outcomeOf(result);
      const restUntil = await this.settle(cls, permit.keys, permit.startedAt, outcome);
      return { ran: true, result, restUntil };
    } catch (error) {
      await this.settle(cls, permit.keys, permit.startedAt, outcome);
      throw error;
    }
  }

  /** The rest a limiter is in now, if any. */
  async restOf(key: string): Promise<{ ok: false; until: number; reason: string | null } | null> {
    const row = await this.store.read(key);
    const now = this.clock.now();
    return row && row.state.restUntil > now
      ? { ok: false, until: row.state.restUntil, reason: row.state.restReason }
      : null;
  }

  /** The time the limiters are kept in (the Steam port's clock). */
  now(): number {
    return this.clock.now();
  }

  /** Every limiter under a prefix (`proxy:`, `account:`), for the state users see. */
  list(prefix: string): Promise<{ key: string; state: LimiterState }[]> {
    return this.store.list(prefix);
  }

  /** Every limiter resting now. */
  resting(): Promise<{ key: string; state: LimiterState }[]> {
    return this.store.resting(this.clock.now());
  }

  private async move(
    key: PacingKey,
    step: (state: LimiterState) => { state: LimiterState; answer?: TakeAnswer },
  ): Promise<TakeAnswer> {
    for (let attempt = 0; attempt < MOVE_ATTEMPTS; attempt++) {
      const row = await this.store.read(key.key);
      const current = row?.state ?? initialState(key.budget);
      const moved = step(current);
      const answer = moved.answer ?? { kind: 'granted', startAt: this.clock.now() };
      if (row && moved.state === current) return answer;
      if (await this.store.write(key.key, row?.version ?? null, moved.state)) return answer;
    }
    throw new Error(`pacing limiter ${key.key} stayed contended`);
  }
}
