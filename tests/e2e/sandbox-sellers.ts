import type { Locator, Page } from '@playwright/test';
import type { SandboxPanel } from './sandbox-panel.ts';

/** The market key the sandbox market gives a Steam account (any key of this shape belongs to that login). */
export const sandboxMarketKey = (login: string) => `sandbox-tm-${login.toLowerCase()}`;

/**
 * Connects a Steam account of the panel's user to the sandbox market as a seller account, with the sandbox's key
 * for its login unless another is given; answers the seller account's id. Needs a passed second factor.
 */
export async function connectSandboxSeller(
  panel: SandboxPanel,
  account: { id: number; login: string },
  options: { currency?: 'RUB' | 'USD'; platform?: 'tm' | 'waxpeer'; apiKey?: string } = {},
): Promise<number> {
  const seller = await panel.api<{ id: number }>('/api/p2p/accounts', {
    steamAccountId: account.id,
    apiKey: options.apiKey ?? sandboxMarketKey(account.login),
    paymentPassword: 'pay-secret-1',
    tmCurrency: options.currency ?? 'RUB',
    ...(options.platform ? { platform: options.platform } : {}),
  });
  return seller.id;
}

/** Every lot still in the inventory (not on sale), page after page. */
export async function lotsInInventory<Lot>(panel: SandboxPanel): Promise<Lot[]> {
  const lots: Lot[] = [];
  for (let page = 1; ; page++) {
    const { items } = await panel.api<{ items: Lot[] }>('/api/p2p/lots/query', {
      withStatus: ['in_inventory'],
      pages: { page, pageSize: 100 },
    });
    lots.push(...items);
    if (items.length < 100) return lots;
  }
}

/** Lots grouped by market hash name. */
export function lotsByName<Lot extends { marketHashName: string }>(lots: readonly Lot[]): Map<string, Lot[]> {
  const groups = new Map<string, Lot[]>();
  for (const lot of lots) groups.set(lot.marketHashName, [...(groups.get(lot.marketHashName) ?? []), lot]);
  return groups;
}

/**
 * The lots screen's group row of an item, found by searching its name: one row per item name and exterior, the
 * exterior tells apart groups of one name.
 */
export async function lotGroupRow(
  page: Page,
  lot: { name: string; exterior: string | null },
): Promise<{ grid: Locator; group: Locator }> {
  const grid = page.getByRole('grid', { name: 'Лоты' });
  await page.getByPlaceholder('Поиск по названию предмета').fill(lot.name);
  const group = grid
    .locator('tr', { has: page.locator('[data-testid="group-name"]', { hasText: lot.name }) })
    .filter({ hasText: lot.exterior ?? lot.name });
  return { grid, group };
}
