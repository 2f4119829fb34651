/**
 * Holdings over the live adapter: our own CS2 inventory read from the fake Steam through a loopback SOCKS5 proxy,
 * context 2 and the Trade Protection context 16 both; when protection ends the item comes back in context 2 under
 * a new asset id and is matched to the same holding; an access token Steam ended meanwhile is refreshed, and the
 * inventory is read rather than reported private.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HoldingsRecorder } from '../../src/modules/portfolio/holdings.ts';
import type { StoredScan } from '../../src/modules/steam-trading/index.ts';
import { UserScope } from '../../src/security/user-scope.ts';
import { type AuthTestApp, createAuthTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { fakeAccount, type LiveWorld, startLiveWorld } from '../steam/helpers/live-world.ts';
import { as, ok } from '../steam-trading/helpers.ts';

const ALPHA = fakeAccount('portfolio-alpha', 41);
const RIFLE = { assetid: '5000', classid: '310', name: 'AK-47 | Slate (Field-Tested)' };
const AWP = { classid: '998', name: 'AWP | Atheris (Minimal Wear)' };

let world: LiveWorld;
let t: AuthTestApp;
let user: TestUser;
let accountId: number;

beforeAll(async () => {
  world = await startLiveWorld([ALPHA], { inventorySpacingMs: 0 });
  t = await createAuthTestApp();
  user = await signedInUser(t, 'live-holdings');
  const inserted = (await t.testDb.database.db.execute(sql`insert into steam_accounts
    (user_id, login, steam_id, password_enc, mafile_enc)
    values (${user.id}, ${ALPHA.login}, ${ALPHA.steamId}, 'x', 'x') returning id`)) as unknown as {
    rows: { id: number }[];
  };
  accountId = inserted.rows[0]!.id;
}, 60_000);
afterAll(async () => {
  await world?.close();
  await t?.close();
});

describe('holdings from the live adapter', () => {
  it('reads both contexts, follows the protected item to its new asset id, and refreshes an ended session', async () => {
    const recorder = new HoldingsRecorder(t.app.hubs.eventLog);
    const scope = new UserScope(t.testDb.database.db);
    const alpha = world.sessionOf(ALPHA, world.viaSocks());
    const store = async () => {
      const scanned = await alpha.inventory('cs2');
      expect(scanned).toMatchObject({ ok: true, inventory: { state: 'listed' } });
      if (!scanned.ok) throw new Error(scanned.reason);
      const scan: StoredScan = {
        userId: user.id,
        accountId,
        game: 'cs2',
        items: scanned.inventory.items,
        at: scanned.inventory.scannedAt,
      };
      await scope.run(user.id, (tx) => recorder.record(scan, tx));
      return scanned.inventory.items;
    };

    world.trading.inventories.set(`${ALPHA.steamId}/730/2`, [RIFLE]);
    world.trading.inventories.set(`${ALPHA.steamId}/730/16`, [
      {
        assetid: '6000',
        ...AWP,
        tradable: false,
        extra: { owner_descriptions: [{ value: 'Trade Protected until Aug 3, 2026 (7:00:00) GMT' }] },
      },
    ]);
    const first = await store();
    expect(first.map((item) => [item.assetId, item.contextId])).toEqual([
      ['5000', '2'],
      ['6000', '16'],
    ]);
    const before = await ok(
      as(t, user.accessToken, 'POST', '/api/portfolio/holding', { accountId, assetId: '6000' }),
    );
    expect(before).toMatchObject({ contextId: '16', protectedUntil: '2026-08-03T07:00:00.000Z' });

    // Protection ends: Steam lists the item in context 2 under a new asset id; our access token ended meanwhile.
    world.trading.inventories.set(`${ALPHA.steamId}/730/16`, []);
    world.trading.inventories.set(`${ALPHA.steamId}/730/2`, [RIFLE, { assetid: '7000', ...AWP }]);
    await alpha.webSession({ force: true });
    const tokenBefore = alpha.state().accessToken;
    world.fake.expireAccessTokens();
    await store();
    expect(alpha.state().accessToken).not.toBe(tokenBefore);

    const after = await ok(
      as(t, user.accessToken, 'POST', '/api/portfolio/holding', { accountId, assetId: '7000' }),
    );
    expect(after).toMatchObject({ id: before.id, contextId: '2', protectedUntil: null, goneAt: null });
    expect(after.assets.map((asset: { assetId: string }) => asset.assetId)).toEqual(['6000', '7000']);
    // The rifle stayed the same holding throughout.
    const rifle = await ok(
      as(t, user.accessToken, 'POST', '/api/portfolio/holding', { accountId, assetId: '5000' }),
    );
    expect(rifle.assets).toHaveLength(1);
  });
});
