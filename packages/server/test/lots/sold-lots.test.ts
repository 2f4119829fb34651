import type { LotRow, RepriceJob, RepricePreview } from '@tradedeck/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxMarketKey } from '../../src/integrations/market/index.ts';
import type { TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { deliveriesOf, type SellerTestApp, TEST_TIMING } from '../seller/helpers.ts';
import { addSandboxAccounts, addSellerAccounts, as, createLotsTestApp, ok, waitFor } from './helpers.ts';

/** Listed far above the market so every lot with asks is a price change once its cooldown ends. */
const START_PRICE = { currency: 'USD', amount: 9_000_000 } as const;
const STRATEGY = { kind: 'percentOfThresholds', lowBp: 10_000, highBp: 10_000 } as const;

async function lotsOf(t: SellerTestApp, user: TestUser, accountId: number): Promise<LotRow[]> {
  const page = await ok<{ items: LotRow[] }>(
    as(t, user.accessToken, 'POST', '/api/p2p/lots/query', {
      accountIds: [accountId],
      pages: { page: 1, pageSize: 100 },
    }),
  );
  return page.items;
}

describe('lots that sell: shown as sold at once, never repriced', () => {
  let t: SellerTestApp;
  let user: TestUser;
  let sellerIds: number[];
  let keys: string[];

  beforeAll(async () => {
    // The seller loop looks for sales every 500 ms; no market scanner, so no lots sync runs by itself.
    t = await createLotsTestApp(12, { timing: TEST_TIMING });
    user = await signedInUser(t, 'sold-lots');
    const accounts = t.world.healthyAccounts(2, 7301);
    const steamIds = await addSandboxAccounts(t, user.accessToken, accounts, 60);
    sellerIds = await addSellerAccounts(t, user, steamIds, accounts);
    keys = accounts.map((account) => sandboxMarketKey(account.login));
    await ok(as(t, user.accessToken, 'POST', '/api/p2p/lots/sync', {}));
  }, 120_000);
  afterAll(() => t.close());

  it('previews a lot sold since the last sync as no longer on the market, and apply does the same', async () => {
    const inventory = (await lotsOf(t, user, sellerIds[0]!)).filter((lot) => lot.status === 'in_inventory');
    const picked = inventory.slice(0, 4);
    await ok(
      as(t, user.accessToken, 'POST', '/api/p2p/lots/add-to-sale', {
        items: picked.map((lot) => ({ id: lot.id, price: START_PRICE })),
      }),
    );
    const selection = { ids: picked.map((lot) => lot.id) };
    await ok(
      as(t, user.accessToken, 'POST', '/api/p2p/lots/thresholds', { selection, min: '0.01', max: '100000' }),
    );
    t.clock.advance(61_000);
    // A buyer takes one listing; no sync has run since, so the lot is still stored as on sale.
    const [sold] = t.market.listingsOf(t.market.existing(keys[0]!)!);
    expect(t.market.completeSaleNow(sold!.itemId, t.clock.now())).toBe(true);
    const lot = (await lotsOf(t, user, sellerIds[0]!)).find((row) => row.itemId === sold!.itemId)!;
    expect(lot.status).toBe('on_sale');

    const request = { selection, strategy: STRATEGY, profile: 'aggressive', itemsLimit: 100 };
    const preview = await ok<RepricePreview>(
      as(t, user.accessToken, 'POST', '/api/p2p/lots/reprice/preview', request),
    );
    expect(preview.summary.changed, JSON.stringify(preview.summary)).toBeGreaterThan(0);
    expect(preview.items.find((item) => item.lotId === lot.id)).toMatchObject({
      outcome: 'unavailable',
      reason: 'not_on_sale',
      message: 'The lot is no longer on the market: sold or delisted',
    });

    const job = await ok<RepriceJob>(
      as(t, user.accessToken, 'POST', '/api/p2p/lots/reprice/apply', { ...request, wait: true }),
    );
    expect(job.summary).toEqual(preview.summary);
    expect(job.summary.failed).toBe(0);
    const previewed = new Map(preview.items.map((item) => [item.lotId, item]));
    for (const item of job.items) {
      const seen = previewed.get(item.lotId)!;
      expect([item.outcome, item.reason, item.message]).toEqual([seen.outcome, seen.reason, seen.message]);
      expect(item.marketError).toBeNull();
    }
  }, 60_000);

  it('names a market refusal of a vanished lot in the user’s words, not the market’s code', async () => {
    const [fresh] = (await lotsOf(t, user, sellerIds[0]!)).filter((row) => row.status === 'in_inventory');
    await ok(
      as(t, user.accessToken, 'POST', '/api/p2p/lots/add-to-sale', {
        items: [{ id: fresh!.id, price: START_PRICE }],
      }),
    );
    await ok(
      as(t, user.accessToken, 'POST', '/api/p2p/lots/thresholds', {
        selection: { ids: [fresh!.id] },
        min: '0.01',
        max: '100000',
      }),
    );
    const lot = await ok<LotRow>(as(t, user.accessToken, 'GET', `/api/p2p/lots/${fresh!.id}`));
    // TM refuses every write to a stuck lot with `bad_item` though it still lists it.
    t.market.refuseWrites(lot.itemId!);
    t.clock.advance(61_000);
    const apply = (lang: string) =>
      ok<RepriceJob>(
        as(
          t,
          user.accessToken,
          'POST',
          '/api/p2p/lots/reprice/apply',
          { selection: { ids: [lot.id] }, strategy: STRATEGY, profile: 'aggressive', wait: true },
          lang,
        ),
      );
    expect((await apply('en-US')).items[0]).toMatchObject({
      outcome: 'failed',
      message:
        'The market refused the new price: the listing is no longer on the market: it sold or was removed',
      marketError: 'bad_item',
    });
    t.clock.advance(61_000);
    expect((await apply('ru-RU')).items[0]).toMatchObject({
      outcome: 'failed',
      message: 'Рынок отклонил новую цену: лота уже нет на маркете: он продан или снят с продажи',
      marketError: 'bad_item',
    });
  }, 60_000);

  it('shows a lot as sold as soon as the seller loop sees its sale, without a sync', async () => {
    const [item] = (await lotsOf(t, user, sellerIds[1]!)).filter((lot) => lot.status === 'in_inventory');
    // One unit: the sandbox's buyers take it within moments while the account is online.
    await ok(
      as(t, user.accessToken, 'POST', '/api/p2p/lots/add-to-sale', {
        items: [{ id: item!.id, price: { currency: 'USD', amount: 1 } }],
      }),
    );
    expect((await ok<LotRow>(as(t, user.accessToken, 'GET', `/api/p2p/lots/${item!.id}`))).status).toBe(
      'on_sale',
    );
    await ok(as(t, user.accessToken, 'POST', '/api/p2p/accounts/start', { ids: [sellerIds[1]] }));
    await waitFor(async () => {
      const row = await ok<LotRow>(as(t, user.accessToken, 'GET', `/api/p2p/lots/${item!.id}`));
      return row.status === 'ready_to_trade' ? row : null;
    }, 30_000);
    // The loop saw the sale: its delivery is recorded.
    expect((await deliveriesOf(t, user.accessToken, sellerIds[1]!)).length).toBe(1);
  }, 60_000);
});
