import type { SellerAccountRow, SellerAccountUpdated } from '@tradedeck/sdk/contract';

interface Page {
  items: SellerAccountRow[];
}

/** A row after a `SellerAccountUpdated`: status, platforms, balances, orders, deliveries and last ping. */
export function applySellerUpdate(row: SellerAccountRow, event: SellerAccountUpdated): SellerAccountRow {
  return {
    ...row,
    status: event.status,
    platforms: event.platforms,
    balances: event.balances,
    ordersCount: event.ordersCount,
    activeDeliveries: event.activeDeliveries,
    lastPingAt: event.lastPingAt,
  };
}

/** A cached list page with the change applied; the same object when the account is not on it. */
export function applySellerUpdateToPage<P extends Page>(page: P | undefined, event: SellerAccountUpdated) {
  if (!page?.items.some((row) => row.id === event.accountId)) return page;
  return {
    ...page,
    items: page.items.map((row) => (row.id === event.accountId ? applySellerUpdate(row, event) : row)),
  };
}
