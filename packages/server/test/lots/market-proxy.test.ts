/**
 * Every market call the lots area makes for a seller account (sync of listings, inventory and sales, add-to-sale,
 * the asks of a preview, the price writes of apply, mass delete) leaves through the account's proxy: a fake TM v2
 * on loopback reached through a loopback CONNECT proxy that dials out from its own address.
 */
import type { LotRow, RepriceJob, RepricePreview } from '@tradedeck/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxWorld } from '../../src/integrations/steam/index.ts';
import type { AuthTestApp, TestUser } from '../auth/helpers/auth-app.ts';
import type { FakeTm } from '../market/helpers/fake-tm.ts';
import { EGRESS_ADDRESS, type LoopbackProxy } from '../steam/helpers/loopback-proxies.ts';
import { as, ok } from '../steam-trading/helpers.ts';
import { startFakeTmSeller } from './fake-tm-seller.ts';

const KEY = 'LotsProxyKey0123456789abcdefABCD';
const PAY_PASSWORD = 'pay-Secret-42';
const ASSETS = ['31001', '31002', '31003'];

const world = new SandboxWorld();
const [bot] = world.healthyAccounts(1, 7401);

let fake: FakeTm;
let proxy: LoopbackProxy;
let t: AuthTestApp;
let user: TestUser;

async function lots(): Promise<LotRow[]> {
  const page = await ok<{ items: LotRow[] }>(
    as(t, user.accessToken, 'POST', '/api/p2p/lots/query', { pages: { page: 1, pageSize: 100 } }),
  );
  return page.items;
}

beforeAll(async () => {
  let started: LoopbackProxy | null;
  ({
    fake,
    t,
    user,
    proxy: started,
  } = await startFakeTmSeller({
    name: 'lots-proxy',
    key: KEY,
    payPassword: PAY_PASSWORD,
    bot: bot!,
    inventory: ASSETS,
    proxy: 'loopback',
  }));
  proxy = started!;
}, 120_000);

afterAll(async () => {
  await t?.close();
  await fake?.close();
  await proxy?.close();
});

describe("lots call the market through the seller account's proxy", { timeout: 60_000 }, () => {
  it('syncs, lists, previews, applies and deletes with every call leaving through the proxy', async () => {
    const mark = fake.requests.length;
    const tunnelsBefore = proxy.tunnels.length;
    const synced = await ok<{ accounts: number; failed: unknown[] }>(
      as(t, user.accessToken, 'POST', '/api/p2p/lots/sync', {}),
    );
    expect(synced).toMatchObject({ accounts: 1, failed: [] });
    const inInventory = await lots();
    expect(inInventory.map((lot) => lot.status)).toEqual(['in_inventory', 'in_inventory', 'in_inventory']);

    const listed = await ok<{ listed: number }>(
      as(t, user.accessToken, 'POST', '/api/p2p/lots/add-to-sale', {
        items: inInventory.map((lot) => ({ id: lot.id, price: { currency: 'USD', amount: 900_000 } })),
      }),
    );
    expect(listed.listed).toBe(3);
    await ok(
      as(t, user.accessToken, 'POST', '/api/p2p/lots/thresholds', {
        selection: { filters: { withStatus: ['on_sale'] } },
        min: '0.01',
        max: '10000',
      }),
    );
    t.clock.advance(61_000);
    const selection = { filters: { withStatus: ['on_sale'] } };
    const strategy = { kind: 'percentOfThresholds', lowBp: 10_000, highBp: 10_000 };
    const preview = await ok<RepricePreview>(
      as(t, user.accessToken, 'POST', '/api/p2p/lots/reprice/preview', {
        selection,
        strategy,
        profile: 'aggressive',
      }),
    );
    expect(preview.summary.changed, JSON.stringify(preview.summary)).toBe(3);
    const job = await ok<RepriceJob>(
      as(t, user.accessToken, 'POST', '/api/p2p/lots/reprice/apply', {
        selection,
        strategy,
        profile: 'aggressive',
        wait: true,
      }),
    );
    expect(job).toMatchObject({ status: 'done', summary: preview.summary });
    const removed = await ok<{ deleted: number; failed: number }>(
      as(t, user.accessToken, 'POST', '/api/p2p/lots/remove', {
        selection: { ids: inInventory.map((lot) => lot.id) },
      }),
    );
    // Repriced a moment ago: the market refuses a second change within the minute, but the call went out.
    expect(removed).toMatchObject({ deleted: 0, failed: 3 });

    const calls = fake.requests.slice(mark).filter((request) => request.query.get('key') === KEY);
    const methods = new Set(calls.map((request) => request.path.replace('/api/v2/', '').split('/')[0]));
    for (const method of [
      'items',
      'my-inventory',
      'history',
      'mass-add-to-sale',
      'search-list-items-by-hash-name-all',
      'mass-set-price',
    ])
      expect(methods, method).toContain(method);
    // The fake TM sees the proxy's egress address on every one of them, never the server's own.
    expect(calls.map((request) => request.remoteAddress)).toEqual(calls.map(() => EGRESS_ADDRESS));
    expect(proxy.tunnels.slice(tunnelsBefore)).toContain(`127.0.0.1:${fake.port}`);
    // Paced like the seller loop: never the 5 a second TM deletes a key for.
    expect(fake.rateViolations).toEqual([]);
  });
});
