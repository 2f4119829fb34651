/**
 * Every known Steam budget in one table, keyed by endpoint class, each with the reference it is read from
 * (docs/pacing.md lists them for users). A class may be limited per egress (`proxy`: Steam counts by IP) and per
 * account (`account`); a side without a known budget is not spaced, but a rate limit met there still rests it and
 * teaches it a budget (limiter.ts).
 */
import { type PacingClassName, pacingClassSchema } from '@tradedeck/sdk/contract';
import { RATE_LIMIT_COOL_DOWN_MS } from '@tradedeck/sdk/domain';

/** The endpoint classes, as the contract names them (`pacing.state`). */
export const PACING_CLASSES = pacingClassSchema.options;
export type PacingClass = PacingClassName;

/** `permits` calls in any `windowMs`, spread evenly (one every windowMs / permits). */
export interface Budget {
  permits: number;
  windowMs: number;
}

export interface ClassBudget {
  proxy: Budget | null;
  account: Budget | null;
  /** How long a limit without Retry-After rests the class (an EResult 84 rests it `RATE_LIMIT_COOL_DOWN_MS`). */
  restMs: number;
  /**
   * Callers queue for their slot in order (each books the next one and waits for it), as sign-ins always did;
   * otherwise a slot is taken only when the call is about to go.
   */
  queued?: boolean;
}

export type BudgetTable = Record<PacingClass, ClassBudget>;

/** A 429 without Retry-After on a trading endpoint rests the class on that egress this long. */
export const DEFAULT_REST_MS = 2 * 60_000;

export const LIVE_BUDGETS: BudgetTable = {
  // ArchiSteamFarm LoginCooldown / steam notes §2 and §15: sign-ins 10 s apart per IP.
  login: {
    proxy: { permits: 1, windowMs: 10_000 },
    account: null,
    restMs: RATE_LIMIT_COOL_DOWN_MS,
    queued: true,
  },
  // node-steamcommunity PR #300 and steam notes §14/§15: about 60 inventory reads a minute per IP before 429s;
  // reads spread evenly (one a second), never in bursts.
  inventory: { proxy: { permits: 60, windowMs: 60_000 }, account: null, restMs: DEFAULT_REST_MS },
  // steam notes §15 (ASF SendTradeOffer, steam-tradeoffer-manager #348): sends about 1 s apart per account; the
  // 5-per-partner and 30-active counts are kept by the send run and the trading area, not by a rate.
  'offers-send': { proxy: null, account: { permits: 1, windowMs: 1_000 }, restMs: DEFAULT_REST_MS },
  // No published budget (bukson/steampy #444: accepting meets 429s for hours at busy times): learned from limits.
  'offers-read': { proxy: null, account: null, restMs: DEFAULT_REST_MS },
  // ArchiSteamFarm MobileAuthenticator.cs (ConfirmationsLimiterDelay) and node-steamcommunity
  // `startConfirmationChecker`: one mobileconf request per account every 10 s.
  confirmations: { proxy: null, account: { permits: 1, windowMs: 10_000 }, restMs: DEFAULT_REST_MS },
  // Steam's market price endpoints answer 429 for about an hour and restart the hour on every call made during
  // it (issue #38, NebulaAuth changelog): the rest is an hour and is never probed.
  market: { proxy: null, account: null, restMs: 60 * 60_000 },
  // Random WebAPI 429s since 2025-05 (steam notes §15): no budget, a rest and a learned budget after one.
  'web-api': { proxy: null, account: null, restMs: DEFAULT_REST_MS },
};

/** The sandbox answers at once and limits nothing: no spacing, but rests and halving still apply. */
export const SANDBOX_BUDGETS: BudgetTable = Object.fromEntries(
  Object.entries(LIVE_BUDGETS).map(([name, budget]) => [name, { ...budget, proxy: null, account: null }]),
) as BudgetTable;

/** A fixed spacing as a budget (one call per `ms`), or none for 0. */
export function spacingBudget(ms: number): Budget | null {
  return ms > 0 ? { permits: 1, windowMs: ms } : null;
}
