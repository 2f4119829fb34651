/**
 * A sync reads the market, then stores what it read. A delete or a price write made in between (by another server
 * process on the same database) is newer than what the sync read, so the sync leaves those lots as they are now:
 * the deleted lot stays deleted and the repriced lot keeps its new price. Two apps on one database play the two
 * processes; the fake TM holds its answer to the sync's listing read (as read when it arrived) until the writes
 * are done.
 */
import type { LotRow, RepriceJob } from '@tradedeck/sdk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { SandboxWorld } from '../../src/integrations/steam/index.ts';
import { type AuthTestApp, asTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import type { FakeTm } from '../market/helpers/fake-tm.ts';
import type { LoopbackProxy } from '../steam/helpers/loopback-proxies.ts';
import { as, ok } from '../steam-trading/helpers.ts';
import { startFakeTmSeller } from './fake-tm-seller.ts';
import { waitFor } from './helpers.ts';

const KEY = 'LotsGuardKey0123456789abcdefABCDE';
const PAY_PASSWORD = 'pay-Secret-44';
const LISTED_PRICE = 9_000_000;
const ASSETS = ['33001', '33002'];

const world = new SandboxWorld();
const [bot] = world.healthyAccounts(1, 7481);

let fake: FakeTm;
let proxy: LoopbackProxy | null = null;
let t: AuthTestApp;
/** The second process on the same database. */
let other: AuthTestApp;
let otherApp: FastifyInstance;
let user: TestUser;

const lots = async (app: AuthTestApp) =>
  (
    await ok<{ items: LotRow[] }>(
      as(app, user.accessToken, 'POST', '/api/p2p/lots/query', { sort: [{ propertyName: 'id' }] }),
    )
  ).items;

beforeAll(async () => {
  ({ fake, t, user, proxy } = await startFakeTmSeller({
    name: 'lots-guard',
    key: KEY,
    payPassword: PAY_PASSWORD,
    bot: bot!,
    inventory: ASSETS,
    proxy: 'loopback',
  }));
  otherApp = await buildApp({ config: t.config, database: t.testDb.database, now: t.clock.now });
  await otherApp.ready();
  other = asTestApp({ app: otherApp, config: t.config, testDb: t.testDb, smtp: t.smtp, clock: t.clock });
}, 120_000);

afterAll(async () => {
  await otherApp?.close();
  await t?.close();
  await fake?.close();
  await proxy?.close();
});

describe('a sync and the writes made while it read the market', { timeout: 90_000 }, () => {
  it('leaves a lot deleted and a lot repriced meanwhile as they are now', async () => {
    expect(await ok(as(t, user.accessToken, 'POST', '/api/p2p/lots/sync', {}))).toMatchObject({ failed: [] });
    const inventory = await lots(t);
    expect(inventory.map((lot) => lot.status)).toEqual(['in_inventory', 'in_inventory']);
    const listed = await ok<{ listed: number }>(
      as(t, user.accessToken, 'POST', '/api/p2p/lots/add-to-sale', {
        items: inventory.map((lot) => ({ id: lot.id, price: { currency: 'USD', amount: LISTED_PRICE } })),
      }),
    );
    expect(listed.listed).toBe(2);
    const [deleted, repriced] = inventory as [LotRow, LotRow];
    await ok(
      as(t, user.accessToken, 'POST', '/api/p2p/lots/thresholds', {
        selection: { ids: [repriced.id] },
        min: '0.01',
        max: '10000',
      }),
    );
    t.clock.advance(61_000);

    // The sync of the first process reads the listings (both on sale at the listed price); the answer is held.
    let release!: () => void;
    fake.script('items', { until: new Promise<void>((resolve) => (release = resolve)) });
    const itemsBefore = fake.countOf('items');
    const syncing = ok<{ accounts: number; failed: unknown[] }>(
      as(t, user.accessToken, 'POST', '/api/p2p/lots/sync', {}),
    );
    await waitFor(async () => fake.countOf('items') > itemsBefore, 10_000);

    // Meanwhile the second process deletes one lot and reprices the other.
    const removed = await ok<{ deleted: number }>(
      as(other, user.accessToken, 'POST', '/api/p2p/lots/remove', { selection: { ids: [deleted.id] } }),
    );
    expect(removed.deleted).toBe(1);
    const job = await ok<RepriceJob>(
      as(other, user.accessToken, 'POST', '/api/p2p/lots/reprice/apply', {
        selection: { ids: [repriced.id] },
        strategy: { kind: 'percentOfThresholds', lowBp: 10_000, highBp: 10_000 },
        profile: 'aggressive',
        wait: true,
      }),
    );
    expect(job.summary.changed, JSON.stringify(job.summary)).toBe(1);
    const written = (await lots(other)).find((lot) => lot.id === repriced.id)!;
    expect(written.price?.amount).not.toBe(LISTED_PRICE);

    // The held read arrives (both lots still on sale at the listed price) and the sync stores it.
    release();
    expect(await syncing).toMatchObject({ accounts: 1, failed: [] });
    const after = await lots(t);
    expect(after.find((lot) => lot.id === deleted.id)).toMatchObject({ status: 'in_inventory', price: null });
    expect(after.find((lot) => lot.id === repriced.id)).toMatchObject({
      status: 'on_sale',
      price: written.price,
    });
  });
});
