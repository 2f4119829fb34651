import type { LotGroup, LotRow, LotsChanged } from '@tradedeck/sdk/contract';
import type { Money } from '@tradedeck/sdk/domain';

type Change = LotsChanged['lots'][number];

interface GroupsPage {
  items: LotGroup[];
}

function applyChange(lot: LotRow, change: Change): LotRow {
  return {
    ...lot,
    price: change.price,
    status: change.status,
    issues: change.issues,
    lastPriceWriteAt: change.lastPriceWriteAt,
    // A listing taken down (sold on another market) no longer shows since when it was on sale.
    ...(change.itemId !== undefined ? { itemId: change.itemId } : {}),
    ...(change.listedAt !== undefined ? { listedAt: change.listedAt } : {}),
  };
}

/**
 * The group's lowest price per currency from its children: they come cheapest first, so the lowest is among them
 * (the currencies keep their order on the row).
 */
function lowestOf(group: LotGroup, children: readonly LotRow[]): Money[] {
  const lowest = new Map<string, Money>(group.lowestPrice.map((price) => [price.currency, price]));
  const seen = new Map<string, Money>();
  for (const lot of children) {
    if (!lot.price) continue;
    const known = seen.get(lot.price.currency);
    if (!known || lot.price.amount < known.amount) seen.set(lot.price.currency, lot.price);
  }
  for (const [currency, price] of seen) lowest.set(currency, price);
  return [...lowest.values()];
}

/**
 * A cached page of groups after a `LotsChanged`: the children on it take their new price, status and issues, and
 * the group row its lowest price and counts by status; the same object when none of them is on the page. A removed
 * lot is left for the reload the caller starts.
 */
export function applyLotsChanged<P extends GroupsPage>(
  page: P | undefined,
  event: LotsChanged,
): P | undefined {
  if (!page) return page;
  const byId = new Map(event.lots.filter((change) => !change.removed).map((change) => [change.id, change]));
  let touched = false;
  const items = page.items.map((group) => {
    if (!group.children.some((lot) => byId.has(lot.id))) return group;
    touched = true;
    // The group's counts by status follow its children (a sale moves a lot from on sale to ready to trade).
    const byStatus = { ...group.byStatus };
    const children = group.children.map((lot) => {
      const change = byId.get(lot.id);
      if (!change) return lot;
      if (change.status !== lot.status) {
        byStatus[lot.status] = Math.max(0, (byStatus[lot.status] ?? 0) - 1);
        byStatus[change.status] = (byStatus[change.status] ?? 0) + 1;
      }
      return applyChange(lot, change);
    });
    return { ...group, byStatus, children, lowestPrice: lowestOf(group, children) };
  });
  return touched ? { ...page, items } : page;
}
