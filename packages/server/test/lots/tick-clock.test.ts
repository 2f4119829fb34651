/**
 * The repricing tick at the product's pace (a pass every 45 s) on a clock the test moves: its pause between two
 * passes waits on the app's clock, so moving the clock past it brings the next pass at once, well before 45 real s.
 */
import type { LotRow } from '@tradedeck/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOTS_TIMING } from '../../src/modules/lots/deps.ts';
import type { TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import type { SellerTestApp } from '../seller/helpers.ts';
import {
  addSandboxAccounts,
  addSellerAccounts,
  as,
  createLotsTestApp,
  ok,
  setScanner,
  waitFor,
} from './helpers.ts';

const LOTS = 3;
const START = 9_000_000;

let t: SellerTestApp;
let user: TestUser;
let sellerId: number;

const lotsOnSale = async () =>
  (
    await ok<{ items: LotRow[] }>(
      as(t, user.accessToken, 'POST', '/api/p2p/lots/query', {
        withStatus: ['on_sale'],
        pages: { page: 1, pageSize: 100 },
      }),
    )
  ).items;

beforeAll(async () => {
  // The product's tick and sync spacing; only the supervisor looks often, so the tick starts soon.
  t = await createLotsTestApp(LOTS + 5, undefined, { superviseEveryMs: 200, asksRefreshMs: 0 });
  user = await signedInUser(t, 'lots-tick-clock');
  const accounts = t.world.healthyAccounts(1, 6501);
  const steamIds = await addSandboxAccounts(t, user.accessToken, accounts, LOTS + 5);
  [sellerId] = (await addSellerAccounts(t, user, steamIds, accounts)) as [number];
  await ok(as(t, user.accessToken, 'POST', '/api/p2p/lots/sync', {}));
  const inventory = await ok<{ items: LotRow[] }>(
    as(t, user.accessToken, 'POST', '/api/p2p/lots/query', {
      withStatus: ['in_inventory'],
      pages: { page: 1, pageSize: 100 },
    }),
  );
  await ok(
    as(t, user.accessToken, 'POST', '/api/p2p/lots/add-to-sale', {
      items: inventory.items
        .slice(0, LOTS)
        .map((lot) => ({ id: lot.id, price: { currency: 'USD', amount: START } })),
    }),
  );
  await ok(
    as(t, user.accessToken, 'POST', '/api/p2p/lots/thresholds', {
      selection: { filters: { withStatus: ['on_sale'] } },
      min: '0.01',
      max: '100000',
    }),
  );
  // Past the market's minute between two price changes of a listing.
  t.clock.advance(61_000);
}, 180_000);

afterAll(() => t.close());

describe('the repricing tick on a moved clock', () => {
  it('makes its next pass when the clock passes its pause, not after the real 45 s', async () => {
    expect(DEFAULT_LOTS_TIMING.tickEveryMs).toBeGreaterThanOrEqual(45_000);
    await setScanner(t, [sellerId], true);
    // The first pass reprices every lot.
    const first = await waitFor(async () => {
      const lots = await lotsOnSale();
      return lots.length === LOTS && lots.every((lot) => lot.price!.amount < START) ? lots : null;
    }, 60_000);
    const target = first.find((lot) => lot.lastRepriceReason === 'repriced') ?? first[0]!;
    const lower = Math.max(2, Math.floor((target.price!.amount * 9) / 10));
    t.market.setCompetitorAsks(target.marketHashName, [lower, lower + 1]);
    // The tick now pauses 45 s. The test moves the clock on while it waits (5 s a look, so wherever the pause began,
    // the clock passes its end within a few looks): the next pass follows the move.
    const moved = await waitFor(async () => {
      t.clock.advance(5_000);
      const lot = await ok<LotRow>(as(t, user.accessToken, 'GET', `/api/p2p/lots/${target.id}`));
      return lot.price?.amount === lower - 1 ? lot : null;
    }, 30_000);
    expect(moved.price).toEqual({ currency: 'USD', amount: lower - 1 });
    await setScanner(t, [sellerId], false);
  }, 120_000);
});
