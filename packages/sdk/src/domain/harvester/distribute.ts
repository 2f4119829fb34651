/**
 * The three distributions of items over targets (docs/trading-rules.md §3). All are deterministic: the same
 * items and targets give the same assignment.
 * - round robin: item i goes to target i mod k, so every target gets n/k items, give or take one;
 * - balanced cap: every target is filled evenly up to the cap (the even share when there is no cap), in blocks of
 *   consecutive items so a source's items stay together (fewer offers); what no target has room for is left over;
 * - proportional spread: each target's share of the items follows its weight, rounded by the largest remainder,
 *   in blocks like balanced cap; with every weight 0 everything is left over.
 */
import type { DistributionSettings } from './schemas.ts';

export interface DistributionTarget {
  accountId: number;
  /** Proportional spread only; 1 when not given, 0 takes nothing. */
  weight?: number;
}

export interface Distribution<T> {
  /** Items per target, in the order of the targets given. */
  byTarget: T[][];
  /** Items no target takes: never dropped. */
  leftover: T[];
}

export function distribute<T>(
  items: readonly T[],
  targets: readonly DistributionTarget[],
  settings: DistributionSettings,
): Distribution<T> {
  if (targets.length === 0) return { byTarget: [], leftover: [...items] };
  if (settings.mode === 'roundRobin') return roundRobin(items, targets.length);
  const quotas =
    settings.mode === 'balancedCap'
      ? balancedQuotas(items.length, targets.length, settings.capPerTarget)
      : proportionalQuotas(
          items.length,
          targets.map((target) => target.weight ?? 1),
        );
  return inBlocks(items, quotas);
}

function roundRobin<T>(items: readonly T[], k: number): Distribution<T> {
  const byTarget: T[][] = Array.from({ length: k }, () => []);
  items.forEach((item, i) => {
    byTarget[i % k]!.push(item);
  });
  return { byTarget, leftover: [] };
}

/** Even shares (the first n mod k targets take one more), each at most the cap. */
export function balancedQuotas(n: number, k: number, cap: number | null): number[] {
  const base = Math.floor(n / k);
  const extra = n % k;
  return Array.from({ length: k }, (_, i) => {
    const even = base + (i < extra ? 1 : 0);
    return cap === null ? even : Math.min(cap, even);
  });
}

/** Shares of n by weight, rounded by the largest remainder (ties to the earlier target); weights below 0 count 0. */
export function proportionalQuotas(n: number, weights: readonly number[]): number[] {
  const clean = weights.map((weight) => (Number.isFinite(weight) && weight > 0 ? weight : 0));
  const total = clean.reduce((sum, weight) => sum + weight, 0);
  if (total === 0) return clean.map(() => 0);
  // Integer arithmetic: share = n * w / W as a quotient and a remainder, no floating point rounding.
  const quotas = clean.map((weight) => Math.floor((n * weight) / total));
  const remainders = clean.map((weight, i) => ({ i, rest: n * weight - quotas[i]! * total }));
  let missing = n - quotas.reduce((sum, quota) => sum + quota, 0);
  remainders.sort((x, y) => y.rest - x.rest || x.i - y.i);
  for (const { i } of remainders) {
    if (missing <= 0) break;
    if (clean[i]! === 0) continue;
    quotas[i]! += 1;
    missing -= 1;
  }
  return quotas;
}

function inBlocks<T>(items: readonly T[], quotas: readonly number[]): Distribution<T> {
  const byTarget: T[][] = [];
  let next = 0;
  for (const quota of quotas) {
    byTarget.push(items.slice(next, next + quota));
    next += quota;
  }
  return { byTarget, leftover: items.slice(next) };
}
