/**
 * One limiter's state and how it moves, as pure functions so every store (memory, database) moves it the same
 * way and tests can draw the curve:
 * - a slot every windowMs / rate, spread evenly;
 * - a limit met (429, EResult 84) halves the rate and remembers a ceiling just under what the egress really
 *   carried when it refused (the calls counted in the trailing window), and rests the key until the limit's end;
 * - each success adds back a twentieth of the base budget per window's worth of calls (additive increase), never
 *   above the ceiling while the limit is remembered (an hour), so the rate converges under the real budget
 *   instead of probing it again;
 * - during a rest no slot is given: the caller answers from the rest and Steam's timer is never reset.
 */
import type { Budget } from './budgets.ts';

/** The share of the base budget a window of successes gives back. */
export const RECOVERY_SHARE = 1 / 20;
/** The ceiling sits this far under what the egress carried when it refused. */
export const CEILING_SHARE = 0.9;
/** A limit is remembered (its ceiling holds) this long after it was met. */
export const LIMIT_MEMORY_MS = 60 * 60_000;
/** The rate never halves below this share of the base (or learned) budget. */
export const MIN_RATE_SHARE = 1 / 16;
/** Window used to learn a budget for a class with none known. */
export const LEARNING_WINDOW_MS = 60_000;

export interface LimiterState {
  /** Calls allowed per window now; null while no budget is known or learned (not spaced). */
  rate: number | null;
  /** The most the rate grows back to while the last limit is remembered. */
  ceiling: number | null;
  /** The window of a learned budget (a class without a known one). */
  windowMs: number | null;
  /** Epoch ms of the next slot. */
  nextAt: number;
  /** No slot before this (epoch ms), and why. */
  restUntil: number;
  restReason: string | null;
  /** When the last limit was met, and how many were met. */
  limitedAt: number | null;
  limits: number;
  /** Slots given in the current fixed window and the one before (the trailing-window estimate). */
  windowStart: number;
  windowCount: number;
  prevCount: number;
  /** Slots given since the row began. */
  grants: number;
}

export function initialState(budget: Budget | null): LimiterState {
  return {
    rate: budget?.permits ?? null,
    ceiling: null,
    windowMs: null,
    nextAt: 0,
    restUntil: 0,
    restReason: null,
    limitedAt: null,
    limits: 0,
    windowStart: 0,
    windowCount: 0,
    prevCount: 0,
    grants: 0,
  };
}

export type TakeAnswer =
  | { kind: 'granted'; startAt: number }
  | { kind: 'wait'; waitMs: number }
  | { kind: 'resting'; until: number; reason: string | null };

const windowOf = (budget: Budget | null, state: LimiterState) =>
  budget?.windowMs ?? state.windowMs ?? LEARNING_WINDOW_MS;

/** The spacing the state asks for now (0: not spaced). */
export function spacingOf(state: LimiterState, budget: Budget | null): number {
  return state.rate === null ? 0 : windowOf(budget, state) / state.rate;
}

/** Forgets a limit older than its memory: the ceiling lifts, and a learned budget is dropped. */
function forget(state: LimiterState, budget: Budget | null, now: number): LimiterState {
  if (state.limitedAt === null || now - state.limitedAt < LIMIT_MEMORY_MS) return state;
  return {
    ...state,
    ceiling: null,
    limitedAt: null,
    rate: budget ? Math.max(state.rate ?? budget.permits, 1) : null,
    windowMs: budget ? null : state.windowMs,
  };
}

function roll(state: LimiterState, now: number, windowMs: number): LimiterState {
  const elapsed = now - state.windowStart;
  if (elapsed < windowMs) return state;
  if (elapsed < 2 * windowMs) {
    return {
      ...state,
      windowStart: state.windowStart + windowMs,
      prevCount: state.windowCount,
      windowCount: 0,
    };
  }
  return { ...state, windowStart: now, prevCount: 0, windowCount: 0 };
}

/** Slots given in the trailing window (the sliding-window estimate over two fixed windows). */
export function trailingCount(state: LimiterState, now: number, windowMs: number): number {
  const rolled = roll(state, now, windowMs);
  const overlap = Math.max(0, 1 - (now - rolled.windowStart) / windowMs);
  return rolled.prevCount * overlap + rolled.windowCount;
}

/**
 * Asks for a slot at `now`. A queued class books the next slot and is told when it starts; otherwise the slot is
 * given only when it is due, and the caller is told how long to wait before asking again.
 */
export function take(
  state: LimiterState,
  budget: Budget | null,
  now: number,
  queued = false,
): { state: LimiterState; answer: TakeAnswer } {
  if (state.restUntil > now) {
    return { state, answer: { kind: 'resting', until: state.restUntil, reason: state.restReason } };
  }
  const fresh = forget(state, budget, now);
  const spacing = spacingOf(fresh, budget);
  if (!queued && fresh.nextAt > now)
    return { state: fresh, answer: { kind: 'wait', waitMs: fresh.nextAt - now } };
  const startAt = Math.max(now, fresh.nextAt);
  const rolled = roll(fresh, startAt, windowOf(budget, fresh));
  return {
    state: {
      ...rolled,
      nextAt: startAt + spacing,
      windowCount: rolled.windowCount + 1,
      grants: rolled.grants + 1,
    },
    answer: { kind: 'granted', startAt },
  };
}

/**
 * A call that went through: the next slot is kept a full spacing after the call's real start (a caller that
 * waited for another key, or a slow store, started late), and the rate grows back additively.
 */
export function succeed(
  state: LimiterState,
  budget: Budget | null,
  now: number,
  startedAt: number,
): LimiterState {
  const fresh = forget(state, budget, now);
  const nextAt = Math.max(fresh.nextAt, startedAt + spacingOf(fresh, budget));
  if (fresh.rate === null) return nextAt === fresh.nextAt ? fresh : { ...fresh, nextAt };
  const base = budget?.permits ?? fresh.ceiling ?? fresh.rate;
  const cap = fresh.ceiling ?? base;
  const rate = Math.max(fresh.rate, Math.min(cap, fresh.rate + (base * RECOVERY_SHARE) / fresh.rate));
  if (rate === fresh.rate && nextAt === fresh.nextAt) return fresh;
  return { ...fresh, nextAt, rate };
}

/** A limit met at `now`: the rate halves, a ceiling under what got through is kept, and the key rests. */
export function limit(
  state: LimiterState,
  budget: Budget | null,
  now: number,
  rest: { until: number; reason: string },
): LimiterState {
  const windowMs = windowOf(budget, state);
  // The refused call was counted when its slot was given; what got through is the rest of the window.
  const carried = Math.max(0, trailingCount(state, now, windowMs) - 1);
  // A learned budget keeps at least one call a window: a single call refused teaches no finer rate than that.
  const floor = budget ? budget.permits * MIN_RATE_SHARE : 1;
  const current = state.rate ?? Math.max(floor, carried);
  const rate = Math.max(floor, current / 2);
  const ceiling = Math.max(rate, Math.min(current, carried) * CEILING_SHARE);
  return {
    ...roll(state, now, windowMs),
    rate,
    ceiling,
    windowMs: budget ? null : windowMs,
    nextAt: Math.max(state.nextAt, now + windowMs / rate),
    restUntil: Math.max(state.restUntil, rest.until),
    restReason: rest.reason,
    limitedAt: now,
    limits: state.limits + 1,
  };
}

/** A call that failed for another reason: only the spacing from its real start is kept. */
export function spaceFrom(state: LimiterState, budget: Budget | null, startedAt: number): LimiterState {
  const nextAt = Math.max(state.nextAt, startedAt + spacingOf(state, budget));
  return nextAt === state.nextAt ? state : { ...state, nextAt };
}
