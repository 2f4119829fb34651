import { defineMachine } from '../../db/state-machine.ts';

export const SALE_STATUSES = ['listed', 'sold', 'delivered', 'held', 'settled', 'reversed'] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

/**
 * One sale in the ledger (docs/state-machines.md, Sales; the trading design's sales history with its hold release
 * date): the market sells the item, the trade gives it to the buyer, TM holds the money until `settlement`, then
 * it lands; a trade Steam rolls back, or a sale TM's history shows cancelled after the item went, ends reversed.
 * A delivered sale without a hold settles at once.
 */
export const saleMachine = defineMachine({
  name: 'sale',
  statuses: SALE_STATUSES,
  edges: {
    listed: ['sold'],
    sold: ['delivered', 'reversed'],
    delivered: ['held', 'settled', 'reversed'],
    held: ['settled', 'reversed'],
    settled: ['reversed'],
    reversed: [],
  },
});

/** The statuses that lead from `from` to `to` one declared move at a time (empty when none does). */
export function pathTo(from: SaleStatus, to: SaleStatus): SaleStatus[] {
  const order: SaleStatus[] = ['listed', 'sold', 'delivered', 'held', 'settled'];
  if (to === 'reversed') return from === 'reversed' || from === 'listed' ? [] : ['reversed'];
  const start = order.indexOf(from);
  const end = order.indexOf(to);
  if (start < 0 || end <= start) return [];
  const steps = order.slice(start + 1, end + 1);
  // A sale without a hold goes from delivered straight to settled.
  return to === 'settled' && from !== 'held' ? steps.filter((step) => step !== 'held') : steps;
}
