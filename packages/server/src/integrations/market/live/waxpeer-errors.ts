/**
 * Waxpeer's answers that are not a success, as the port's reasons. Waxpeer answers `{success: false, msg}`
 * (DarkGL/waxpeer `src/waxpeer.ts` samples); the texts below are the ones its samples show. Anything else is
 * `unknownError`, never a success.
 */
import type { MarketFailureReason } from '../port.ts';

const BY_TEXT: readonly [RegExp, MarketFailureReason][] = [
  [/api key|wrong key|invalid key|unauthori[sz]ed/i, 'badKey'],
  [/too many requests|after \d+ seconds|rate limit/i, 'rateLimited'],
  [/item_not_in_inventory|not in (your )?inventory/i, 'itemNotInInventory'],
  [/item not found|no item/i, 'unknownItem'],
  [/trade ban|can'?t trade|cannot trade/i, 'tradeRestricted'],
  [/wrong input|bad input|invalid/i, 'badRequest'],
];

export function reasonOfWaxpeerError(error: unknown): MarketFailureReason {
  const text = String(error ?? '').trim();
  for (const [pattern, reason] of BY_TEXT) if (pattern.test(text)) return reason;
  return 'unknownError';
}

/** The error of a Waxpeer answer: `msg` when `success` is not true. */
export function waxpeerReasonOf(body: Record<string, unknown>): {
  error: unknown;
  reason: MarketFailureReason;
} {
  if (body.success === true) return { error: undefined, reason: 'unknownError' };
  const error = body.msg ?? body.message ?? 'success: false';
  return { error, reason: reasonOfWaxpeerError(error) };
}
