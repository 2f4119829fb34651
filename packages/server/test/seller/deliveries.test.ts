import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxMarketKey } from '../../src/integrations/market/index.ts';
import type { TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import {
  addSandboxAccounts,
  addSellerAccounts,
  as,
  createSellerTestApp,
  deliveriesOf,
  listingsOf,
  offersWithReference,
  ok,
  type SellerTestApp,
  waitFor,
} from './helpers.ts';

const ACCOUNTS = 20;
const SALES_PER_ACCOUNT = 2;

describe('the seller loop on the sandbox market', () => {
  let t: SellerTestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createSellerTestApp();
    user = await signedInUser(t, 'seller');
  }, 60_000);
  afterAll(() => t.close());

  it('delivers every sale of 20 running accounts with exactly one trade offer, within 60 s of the sale', async () => {
    const accounts = t.world.healthyAccounts(ACCOUNTS, 5201);
    const steamIds = await addSandboxAccounts(t, user.accessToken, accounts, 60);
    const ids = await addSellerAccounts(t, user, steamIds, accounts);
    const keys = accounts.map((account) => sandboxMarketKey(account.login));
    {
      const started = await ok(as(t, user.accessToken, 'POST', '/api/p2p/accounts/start', { ids }));
      expect(started).toEqual({ succeededIds: ids, failed: [], message: null });
      await waitFor(async () => {
        const page = await ok(as(t, user.accessToken, 'POST', '/api/p2p/accounts/query', {}));
        return page.items.every(
          (row: { platforms: { status: string }[] }) => row.platforms[0]!.status === 'online',
        );
      }, 60_000);
      const listed = await ok<{ listed: number }>(
        as(t, user.accessToken, 'POST', '/api/p2p/sandbox/simulate-sales', { ids, count: SALES_PER_ACCOUNT }),
      );
      expect(listed.listed).toBe(ACCOUNTS * SALES_PER_ACCOUNT);
      const listings = listingsOf(t, keys);
      expect(listings).toHaveLength(ACCOUNTS * SALES_PER_ACCOUNT);

      const delivered = await waitFor(async () => {
        const all = [];
        for (const id of ids) all.push(...(await deliveriesOf(t, user.accessToken, id)));
        return all.length === ACCOUNTS * SALES_PER_ACCOUNT && all.every((d) => d.status === 'ready')
          ? all
          : null;
      }, 90_000);
      // Every sale the market made has its delivery; each delivery is one offer in the trade book.
      const soldAt = new Map(listings.map((listing) => [listing.delivery?.hash, listing.delivery?.soldAt]));
      expect(new Set(delivered.map((d) => d.hash))).toEqual(new Set(soldAt.keys()));
      for (const [i, id] of ids.entries()) {
        for (const delivery of await deliveriesOf(t, user.accessToken, id)) {
          const offers = offersWithReference(t, accounts[i]!.steamId, delivery.reference);
          expect(offers.map((offer) => offer.id)).toEqual([delivery.offerId]);
          expect(Date.parse(delivery.sentAt!) - soldAt.get(delivery.hash)!).toBeLessThan(60_000);
        }
      }
      // The buyers accepted: the items left the sellers (the market completes a sale when its buyer accepts).
      await waitFor(async () => {
        for (const account of accounts) {
          const market = t.market.existing(sandboxMarketKey(account.login))!;
          if (market.history.filter((entry) => entry.event === 'sell').length < SALES_PER_ACCOUNT)
            return false;
        }
        return true;
      }, 30_000);
    }
  }, 240_000);
});
