/**
 * A TM listing made from assets selected in the portfolio: `portfolio.saleLots` finds each asset's TM lot and
 * prices it by the rule (the chosen source's unit value in the lot's currency times a percent), and the listing
 * itself goes through `lots.addToSale`, the lots area's own operation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../auth/helpers/auth-app.ts';
import { signedInAdmin, signedInUser } from '../helpers/signed-in.ts';
import { addSandboxAccounts, addSellerAccounts, as, createLotsTestApp, ok } from '../lots/helpers.ts';
import type { SellerTestApp } from '../seller/helpers.ts';
import { refreshInventories } from '../steam-trading/helpers.ts';

interface Lot {
  id: number;
  assetId: string;
  status: string;
  currency: string;
}

let t: SellerTestApp;
let user: TestUser;
let stranger: TestUser;
let steamIds: number[];

beforeAll(async () => {
  t = await createLotsTestApp(8);
  user = await signedInUser(t, 'portfolio-sale');
  stranger = await signedInUser(t, 'portfolio-sale-stranger', await signedInAdmin(t, 'portfolio-sale-admin'));
  const accounts = t.world.healthyAccounts(2, 7601);
  steamIds = await addSandboxAccounts(t, user.accessToken, accounts, 62);
  await addSellerAccounts(t, user, steamIds, accounts);
  await ok(as(t, user.accessToken, 'POST', '/api/p2p/lots/sync', {}));
  await refreshInventories(t, user.accessToken, steamIds, ['cs2']);
}, 120_000);
afterAll(() => t.close());

describe('a TM listing from a portfolio selection', () => {
  it('prices the selected assets by the rule, lists them through lots.addToSale, and says why one cannot be', async () => {
    const lots = (
      await ok<{ items: Lot[] }>(
        as(t, user.accessToken, 'POST', '/api/p2p/lots/query', { pages: { page: 1, pageSize: 100 } }),
      )
    ).items.filter((lot) => lot.status === 'in_inventory');
    const flat = async (accountId: number, currency: string) =>
      (
        await ok<{ items: { assetId: string; unitValue: { price: { amount: number } } | null }[] }>(
          as(t, user.accessToken, 'POST', '/api/portfolio/query', {
            by: 'flat',
            accountIds: [accountId],
            source: 'steam',
            currency,
            pages: { page: 1, pageSize: 100 },
          }),
        )
      ).items;
    // One asset of each account that both the portfolio and TM see.
    const picked: { accountId: number; assetId: string; lot: Lot; value: number }[] = [];
    const currency = lots[0]!.currency;
    for (const accountId of steamIds) {
      const rows = await flat(accountId, currency);
      const valued = new Map(
        rows.flatMap((item) => (item.unitValue ? [[item.assetId, item.unitValue]] : [])),
      );
      const lot = lots.find((row) => valued.has(row.assetId))!;
      picked.push({ accountId, assetId: lot.assetId, lot, value: valued.get(lot.assetId)!.price.amount });
    }
    const assets = [
      ...picked.map(({ accountId, assetId }) => ({ accountId, assetId })),
      { accountId: steamIds[0]!, assetId: '1' },
    ];
    const sale = await ok<{ items: Record<string, unknown>[] }>(
      as(t, user.accessToken, 'POST', '/api/portfolio/sale-lots', { assets, source: 'steam', percent: 90 }),
    );
    expect(sale.items).toHaveLength(3);
    for (const [i, p] of picked.entries())
      expect(sale.items[i]).toMatchObject({
        accountId: p.accountId,
        assetId: p.assetId,
        lotId: p.lot.id,
        price: { currency: p.lot.currency, amount: Math.round((p.value * 90) / 100) },
        skipped: null,
      });
    expect(sale.items[2]).toMatchObject({ lotId: null, price: null, skipped: 'no_lot' });
    expect(sale.items[2]!.message).toContain('TM');

    const ready = sale.items.filter((item) => item.skipped === null);
    const listed = await ok<{ listed: number; failed: number }>(
      as(t, user.accessToken, 'POST', '/api/p2p/lots/add-to-sale', {
        items: ready.map((item) => ({ id: item.lotId, price: item.price })),
      }),
    );
    expect(listed).toMatchObject({ listed: 2, failed: 0 });
    // Listed now: a second listing from the same selection is refused before it reaches TM.
    const again = await ok<{ items: Record<string, unknown>[] }>(
      as(t, user.accessToken, 'POST', '/api/portfolio/sale-lots', {
        assets: assets.slice(0, 2),
        source: 'steam',
      }),
    );
    for (const item of again.items) expect(item).toMatchObject({ skipped: 'not_in_inventory', price: null });
    const ru = await as(
      t,
      user.accessToken,
      'POST',
      '/api/portfolio/sale-lots',
      { assets: assets.slice(0, 1) },
      'ru-RU',
    );
    expect(ru.json().data.items[0].message).toBe('Предмет уже выставлен или удерживается на TM.');

    const refused = await as(t, stranger.accessToken, 'POST', '/api/portfolio/sale-lots', { assets });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.resultCode).toBe(3);
  }, 120_000);
});
