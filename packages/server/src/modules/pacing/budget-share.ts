import { type BudgetTable, PACING_CLASSES } from '../../pacing/budgets.ts';
import { CEILING_SHARE, LIMIT_MEMORY_MS, type LimiterState } from '../../pacing/limiter.ts';
import { type Pacer, proxyPacingKey } from '../../pacing/pacer.ts';

/**
 * The share of its budget a proxy has now: the lowest of its classes. A class with a table budget counts its
 * rate against it (0.5 after one limit, growing back to 1); a learned class counts its rate against what the
 * egress carried when Steam last refused, while that limit is remembered; a class never limited counts 1.
 */
export function budgetShare(
  budgets: BudgetTable,
  states: ReadonlyMap<string, LimiterState>,
  address: string,
  now: number,
): number {
  let share = 1;
  for (const cls of PACING_CLASSES) {
    const state = states.get(proxyPacingKey(address, cls));
    if (!state || state.rate === null) continue;
    const base = budgets[cls].proxy?.permits ?? learnedBase(state, now);
    if (base !== null && base > 0) share = Math.min(share, state.rate / base);
  }
  return Math.max(0, Math.min(1, Math.round(share * 1000) / 1000));
}

/** What the egress carried when Steam last refused (the ceiling is kept just under it), while remembered. */
function learnedBase(state: LimiterState, now: number): number | null {
  if (state.limitedAt === null || now - state.limitedAt >= LIMIT_MEMORY_MS || state.ceiling === null)
    return null;
  return Math.max(state.rate ?? 0, state.ceiling / CEILING_SHARE);
}

/** Every proxy limiter's state by key, read once (the shares of many proxies are worked out from it). */
export async function proxyStates(pacer: Pacer): Promise<Map<string, LimiterState>> {
  return new Map((await pacer.list('proxy:')).map((row) => [row.key, row.state]));
}

/** The budget share of each given proxy address (`host:port`), now. */
export async function proxyBudgetShares(pacer: Pacer, addresses: readonly string[]) {
  const states = await proxyStates(pacer);
  const now = pacer.now();
  return new Map(addresses.map((address) => [address, budgetShare(pacer.budgets, states, address, now)]));
}
