/**
 * Cost basis (docs/ledger.md, Cost): the user's purchases of one item name form one pool across all their
 * accounts, so a move between own accounts keeps the cost. A sale takes one unit: FIFO takes the oldest unit still
 * in the pool; average takes an equal share of what remains, per currency (100 RUB and 1 USD for two units cost
 * 50 RUB + 0.5 USD a unit, so no rate is guessed). Nothing left in the pool: the cost is unknown, never zero.
 */

/** One purchase of the pool, oldest first: `quantity` units for `amount` minor units of `currency` in all. */
export interface PoolPurchase {
  quantity: number;
  amount: number;
  currency: string;
}

/** What the pool has given so far under one method: units (returns count back) and amounts per currency. */
export interface PoolUse {
  units: number;
  byCurrency: Map<string, number>;
}

export interface CostPart {
  currency: string;
  amount: number;
}

/** FIFO: the cost of the unit after the `used` units already taken; null when the pool has no such unit. */
export function fifoCost(purchases: readonly PoolPurchase[], used: number): CostPart | null {
  let skip = used;
  for (const purchase of purchases) {
    if (purchase.quantity <= 0) continue;
    if (skip >= purchase.quantity) {
      skip -= purchase.quantity;
      continue;
    }
    // Units of one purchase share its amount; the last unit takes what rounding left.
    const base = Math.floor(purchase.amount / purchase.quantity);
    const last = purchase.amount - base * (purchase.quantity - 1);
    return { currency: purchase.currency, amount: skip === purchase.quantity - 1 ? last : base };
  }
  return null;
}

/** Average: an equal share of each currency's remaining amount; null when no unit remains. */
export function averageCost(purchases: readonly PoolPurchase[], use: PoolUse): CostPart[] | null {
  let units = -use.units;
  const remaining = new Map<string, number>();
  for (const purchase of purchases) {
    units += purchase.quantity;
    remaining.set(purchase.currency, (remaining.get(purchase.currency) ?? 0) + purchase.amount);
  }
  if (units <= 0) return null;
  const parts: CostPart[] = [];
  for (const [currency, total] of [...remaining].sort(([a], [b]) => a.localeCompare(b))) {
    const left = total - (use.byCurrency.get(currency) ?? 0);
    if (left <= 0) continue;
    parts.push({ currency, amount: units === 1 ? left : Math.round(left / units) });
  }
  return parts;
}
