import type { LotRow } from '@tradedeck/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import type { SellerTestApp } from '../seller/helpers.ts';
import { addSandboxAccounts, addSellerAccounts, as, createLotsTestApp, ok } from './helpers.ts';

describe('price profile rows count the lots of their own item', () => {
  let t: SellerTestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createLotsTestApp(12);
    user = await signedInUser(t, 'price-counts');
    const accounts = t.world.healthyAccounts(2, 6301);
    const steamIds = await addSandboxAccounts(t, user.accessToken, accounts, 120);
    await addSellerAccounts(t, user, steamIds, accounts);
    await ok(as(t, user.accessToken, 'POST', '/api/p2p/lots/sync', {}));
  }, 120_000);
  afterAll(() => t.close());

  it('answers how many lots hold the item, not how many lots the user has', async () => {
    const lots = await ok<{ items: LotRow[]; total: number }>(
      as(t, user.accessToken, 'POST', '/api/p2p/lots/query', { pages: { page: 1, pageSize: 100 } }),
    );
    const lot = lots.items[0]!;
    const sameItem = lots.items.filter(
      (row) => row.game === lot.game && row.marketHashName === lot.marketHashName,
    ).length;
    expect(lots.total).toBeGreaterThan(sameItem);
    await ok(
      as(t, user.accessToken, 'POST', '/api/p2p/prices/import', {
        text: `${lot.marketHashName};12.5`,
        currency: 'RUB',
        game: lot.game,
      }),
    );
    const rows = await ok<{ items: { marketHashName: string; game: string; lotsCount: number }[] }>(
      as(t, user.accessToken, 'POST', '/api/p2p/prices/query', { searchString: lot.marketHashName }),
    );
    const row = rows.items.find(
      (item) => item.marketHashName === lot.marketHashName && item.game === lot.game,
    );
    expect(row?.lotsCount).toBe(sameItem);
  }, 60_000);
});
