import type { LotRow, SaleRow } from '@tradedeck/sdk/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hubEvents, ledgerSales } from '../../src/db/schema.ts';
import { sandboxMarketKey } from '../../src/integrations/market/index.ts';
import type { TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { deliveriesOf, type SellerTestApp, TEST_TIMING } from '../seller/helpers.ts';
import { addSandboxAccounts, addSellerAccounts, as, createLotsTestApp, ok, waitFor } from './helpers.ts';

// A sale reaches the sales history when its delivery completes, not at the next lots sync; the sync that reads the
// same sale from the market's history afterwards finds it and never writes it twice (on PGlite, and on Postgres
// with TEST_DATABASE_URL).
describe('a delivered sale in the sales history', () => {
  let t: SellerTestApp;
  let user: TestUser;
  let sellerId: number;
  let key: string;

  beforeAll(async () => {
    // The seller loop looks for sales every 500 ms; no market scanner, so no lots sync runs by itself.
    t = await createLotsTestApp(6, { timing: TEST_TIMING });
    user = await signedInUser(t, 'delivered-sale');
    const accounts = t.world.healthyAccounts(1, 7401);
    const steamIds = await addSandboxAccounts(t, user.accessToken, accounts, 70);
    sellerId = (await addSellerAccounts(t, user, steamIds, accounts))[0]!;
    key = sandboxMarketKey(accounts[0]!.login);
    await ok(as(t, user.accessToken, 'POST', '/api/p2p/lots/sync', {}));
  }, 120_000);
  afterAll(() => t.close());

  const salesOf = async (itemId: string) => {
    const page = await ok<{ items: SaleRow[]; total: number }>(
      as(t, user.accessToken, 'POST', '/api/p2p/sales/query', {
        accountIds: [sellerId],
        pages: { page: 1, pageSize: 100 },
      }),
    );
    return { rows: page.items.filter((row) => row.itemId === itemId), total: page.total };
  };
  const db = () => t.testDb.database.db;
  const ledgerRows = (itemId: string) =>
    db()
      .select()
      .from(ledgerSales)
      .where(and(eq(ledgerSales.marketAccountId, sellerId), eq(ledgerSales.itemId, itemId)));
  const announced = async () =>
    (await db().select().from(hubEvents).where(eq(hubEvents.eventName, 'SalesRecorded'))).map(
      (row) => row.payload as { sellerAccountId: number; count: number },
    );

  it('is recorded once when the delivery completes, and the lots sync afterwards keeps it once', async () => {
    const lots = await ok<{ items: LotRow[] }>(
      as(t, user.accessToken, 'POST', '/api/p2p/lots/query', {
        accountIds: [sellerId],
        pages: { page: 1, pageSize: 100 },
      }),
    );
    const item = lots.items.find((lot) => lot.status === 'in_inventory')!;
    // 0.10 USD: the sandbox's buyers take it within moments while the account is online.
    await ok(
      as(t, user.accessToken, 'POST', '/api/p2p/lots/add-to-sale', {
        items: [{ id: item.id, price: { currency: 'USD', amount: 100 } }],
      }),
    );
    const listed = await ok<LotRow>(as(t, user.accessToken, 'GET', `/api/p2p/lots/${item.id}`));
    const itemId = listed.itemId!;
    expect((await salesOf(itemId)).rows).toEqual([]);

    await ok(as(t, user.accessToken, 'POST', '/api/p2p/accounts/start', { ids: [sellerId] }));
    await waitFor(async () => {
      const deliveries = await deliveriesOf(t, user.accessToken, sellerId);
      return deliveries.length === 1 && deliveries[0]!.status === 'ready' ? deliveries : null;
    }, 45_000);

    // No sync ran since the sale: the delivery's completion wrote it, with what the market credits the seller.
    const history = t.market.existing(key)!.history.filter((entry) => entry.itemId === itemId);
    expect(history).toHaveLength(1);
    const first = await salesOf(itemId);
    expect(first.rows).toHaveLength(1);
    expect(first.rows[0]).toMatchObject({
      marketHashName: listed.marketHashName,
      price: { currency: 'USD', amount: history[0]!.received.amount },
      state: 'held',
    });
    expect(first.rows[0]!.price.amount).toBe(95);
    expect(await ledgerRows(itemId)).toHaveLength(1);
    // The sales screen heard of it.
    expect(await announced()).toEqual([{ sellerAccountId: sellerId, count: 1 }]);

    // The lots sync reads the same sale from the market's history: still one sale, nothing new announced.
    await ok(as(t, user.accessToken, 'POST', '/api/p2p/lots/sync', {}));
    const after = await salesOf(itemId);
    expect(after.rows).toHaveLength(1);
    expect(after.rows[0]!.id).toBe(first.rows[0]!.id);
    expect(after.total).toBe(first.total);
    expect(await ledgerRows(itemId)).toHaveLength(1);
    expect(await announced()).toHaveLength(1);
  }, 90_000);
});
