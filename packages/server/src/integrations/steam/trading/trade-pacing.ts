/**
 * Trading calls through the pacing kernel (src/pacing): each call takes its slot of the account's and the egress's
 * limiter for its class, a rate limit Steam answers (429 or EResult 84) rests and halves them, and a call asked
 * for during a rest is answered from it without leaving (retrying would only restart Steam's timer).
 */
import type { PacingClass } from '../../../pacing/budgets.ts';
import type { CallOutcome, Pacer, PacingSubject } from '../../../pacing/pacer.ts';
import type { TradeFailure, TradeResult } from '../trading-port.ts';
import { tradeFailure } from './trade-failure.ts';

/** How a trading answer counts for the limiters. */
export function tradeOutcome(result: TradeResult<unknown>): CallOutcome {
  if (result.ok) return { kind: 'ok' };
  if (result.reason !== 'rateLimited' || result.answeredFromRest) return { kind: 'failed' };
  return {
    kind: 'limited',
    retryAfter: result.retryAfter?.getTime() ?? null,
    eresult: result.eresult ?? null,
    httpStatus: result.httpStatus ?? null,
  };
}

const fromRest = (until: number): TradeFailure =>
  tradeFailure('rateLimited', { retryAfter: new Date(until), answeredFromRest: true });

/** The rest one of the call's limiters is in, answered as Steam's limit would be, or null. */
export async function restingFailure(
  pacer: Pacer,
  cls: PacingClass,
  who: PacingSubject,
): Promise<TradeFailure | null> {
  for (const { key } of pacer.keysOf(cls, who)) {
    const resting = await pacer.restOf(key);
    if (resting) return fromRest(resting.until);
  }
  return null;
}

/** Runs one trading call in its slots; a limit met comes back with the end of the rest it began. */
export async function pacedTradeCall<T>(
  pacer: Pacer,
  cls: PacingClass,
  who: PacingSubject,
  call: () => Promise<TradeResult<T>>,
): Promise<TradeResult<T>> {
  const ran = await pacer.run(cls, who, call, tradeOutcome);
  if (!ran.ran) return fromRest(ran.until);
  if (ran.restUntil !== null && !ran.result.ok) return { ...ran.result, retryAfter: new Date(ran.restUntil) };
  return ran.result;
}
