/**
 * The portfolio over a scripted Trade Protection world (protection-script.ts): items received under protection,
 * two holds ending during the run (each item matched to its holding under its new asset id), one held throughout,
 * and one taken back by a reversal (its holding gone, kept with its history).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Clock, systemClock } from '../../src/integrations/steam/clock.ts';
import { SandboxWorld } from '../../src/integrations/steam/index.ts';
import { type AuthTestApp, createAuthTestApp, renew, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInAdmin, signedInUser } from '../helpers/signed-in.ts';
import { addSandboxAccounts, as, ok, refreshInventories } from '../steam-trading/helpers.ts';
import { scriptProtection } from './protection-script.ts';

const MINUTE = 60_000;

let t: AuthTestApp;
let world: SandboxWorld;
let user: TestUser;
let steamShift = 0;
// The sandbox Steam's clock moves with the app's, so holds end during the run.
const steamClock: Clock = { now: () => Date.now() + steamShift, sleep: systemClock.sleep };

beforeAll(async () => {
  world = new SandboxWorld(undefined, { inventorySizes: { cs2: 12 } });
  t = await createAuthTestApp({}, undefined, { steam: { sandboxWorld: world, clock: steamClock } });
  const admin = await signedInAdmin(t, 'protection-admin');
  user = await signedInUser(t, 'protection-owner', admin);
}, 60_000);
afterAll(() => t.close());

describe('the portfolio over a scripted protection world', () => {
  it('follows holds ending during the run to their new asset ids, and a reversal to its holding gone', async () => {
    const [from, to] = world.healthyAccounts(2, 4401);
    const [, receiver] = await addSandboxAccounts(t, user.accessToken, [from!, to!], 85);
    const script = scriptProtection(world, from!, to!, steamClock.now(), {
      firstEndsInMs: 2 * MINUTE,
      secondEndsInMs: 4 * MINUTE,
    });
    const call = (path: string, body: object) => ok(as(t, user.accessToken, 'POST', path, body));
    const scan = async () => {
      await renew(t, user);
      await refreshInventories(t, user.accessToken, [receiver!], ['cs2']);
    };
    const holding = (assetId: string) => call('/api/portfolio/holding', { accountId: receiver, assetId });
    const protectedAssets = async () =>
      (
        await call('/api/portfolio/query', {
          by: 'flat',
          accountIds: [receiver],
          protectedOnly: true,
          pages: { page: 1, pageSize: 100 },
        })
      ).items
        .map((row: { assetId: string }) => row.assetId)
        .sort();
    const protectedGroups = async () =>
      (await call('/api/portfolio/query', { by: 'item', protectedOnly: true })).items.reduce(
        (sum: number, row: { count: number }) => sum + row.count,
        0,
      );

    await scan();
    const received = [script.endingFirst, script.endingSecond, script.heldThroughout, script.reversed];
    expect(await protectedAssets()).toEqual(received.map((asset) => asset.assetId).sort());
    expect(await protectedGroups()).toBe(4);
    const held = await Promise.all(received.map((asset) => holding(asset.assetId)));
    for (const row of held) expect(row).toMatchObject({ contextId: '16', goneAt: null });

    // The giver reverses one trade: the item leaves, its holding is gone and keeps its history.
    script.reverse(steamClock.now());
    await scan();
    expect(await protectedGroups()).toBe(3);
    const reversed = await holding(script.reversed.assetId);
    expect(reversed.id).toBe(held[3].id);
    expect(reversed.goneAt).not.toBeNull();

    // The first hold ends: the item is listed in context 2 under a new asset id, matched to its holding.
    steamShift += 3 * MINUTE;
    t.clock.advance(3 * MINUTE);
    await scan();
    expect(await protectedAssets()).toEqual(
      [script.endingSecond, script.heldThroughout].map((asset) => asset.assetId).sort(),
    );
    const first = await holding(script.endingFirst.assetId);
    expect(first).toMatchObject({ id: held[0].id, contextId: '2', goneAt: null, protectedUntil: null });
    expect(first.assetId).not.toBe(script.endingFirst.assetId);
    expect(first.assets.map((asset: { assetId: string }) => asset.assetId)).toEqual([
      script.endingFirst.assetId,
      first.assetId,
    ]);
    expect(await holding(first.assetId)).toMatchObject({ id: held[0].id });

    // The second hold ends later in the run; the third item stays protected.
    steamShift += 2 * MINUTE;
    t.clock.advance(2 * MINUTE);
    await scan();
    expect(await protectedAssets()).toEqual([script.heldThroughout.assetId]);
    expect(await protectedGroups()).toBe(1);
    expect(await holding(script.endingSecond.assetId)).toMatchObject({ id: held[1].id, contextId: '2' });
    expect(await holding(script.heldThroughout.assetId)).toMatchObject({ id: held[2].id, contextId: '16' });
    expect((await holding(script.reversed.assetId)).goneAt).not.toBeNull();
  });
});
