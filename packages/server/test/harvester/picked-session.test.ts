import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { addSandboxAccounts, inventoryOf, refreshInventories } from '../steam-trading/helpers.ts';
import {
  as,
  createHarvesterTestApp,
  type HarvesterTestApp,
  ok,
  profileInput,
  storedTransactions,
  untilFinished,
} from './helpers.ts';

// A session made from items picked across accounts (the portfolio's "move to one account"): only the picked assets
// move, each in a trade from its own account, whatever else the accounts hold and whatever the profile filters.
const SIZES = { cs2: 0, dota2: 0, tf2: 12, rust: 0, community: 6 };

describe('a harvester session from picked assets', () => {
  let t: HarvesterTestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createHarvesterTestApp(SIZES);
    user = await signedInUser(t, 'picked');
  }, 60_000);
  afterAll(() => t.close());

  const call = (method: string, path: string, body?: unknown, lang?: string) =>
    as(t, user.accessToken, method, path, body, lang);

  it('moves exactly the picked assets, grouped per source account, and nothing else', async () => {
    const ids = await addSandboxAccounts(t, user.accessToken, t.world.healthyAccounts(3, 4601), 70);
    const [first, second, target] = ids as [number, number, number];
    await refreshInventories(t, user.accessToken, [first, second], ['tf2', 'community']);
    const tradableTf2 = async (id: number) =>
      (await inventoryOf(t, user.accessToken, id, 'tf2')).filter((item) => item.tradable);
    const firstItems = await tradableTf2(first);
    const secondItems = await tradableTf2(second);
    expect(firstItems.length).toBeGreaterThan(3);
    expect(secondItems.length).toBeGreaterThan(3);
    const picked = [
      ...firstItems.slice(0, 2).map((item) => ({ accountId: first, assetId: item.assetId })),
      { accountId: second, assetId: secondItems[0]!.assetId },
    ];

    // The profile takes only Dota 2, at most one item: the pick, not the profile's filters, says what moves.
    const dotaOnly = profileInput('Dota only', {
      games: { mode: 'whitelist', list: ['dota2'] },
      maxItems: 1,
    });
    dotaOnly.giveBack.tradingCards = false;
    const profile = await ok(call('POST', '/api/harvester/profiles', dotaOnly));
    const created = await ok(
      call('POST', '/api/harvester/sessions', {
        profileId: profile.id,
        sources: { accountIds: [first, second] },
        targets: { accountIds: [target] },
        assets: picked,
      }),
    );
    await ok(call('POST', `/api/harvester/sessions/${created.id}/start`, {}));
    const done = await untilFinished(t, user.accessToken, created.id);
    expect(done.plan).toMatchObject({ eligible: picked.length, planned: picked.length, leftover: 0 });

    const rows = await storedTransactions(t, created.id);
    expect(rows.filter((row) => row.status !== 'completed')).toEqual([]);
    const moved = rows.flatMap((row) =>
      (row.items as { assetId: string }[]).map((item) => ({
        accountId: row.sourceId,
        assetId: item.assetId,
      })),
    );
    const key = (asset: { accountId: number; assetId: string }) => `${asset.accountId}/${asset.assetId}`;
    expect(moved.map(key).sort()).toEqual(picked.map(key).sort());
    expect(new Set(rows.map((row) => row.targetId))).toEqual(new Set([target]));
    // One trade per source account: the first account's two items travel together.
    expect(rows.map((row) => [row.sourceId, row.itemCount]).sort()).toEqual(
      [
        [first, 2],
        [second, 1],
      ].sort(),
    );

    // On Steam: the sources lost only the picked items.
    await refreshInventories(t, user.accessToken, [first, second], ['tf2']);
    expect((await tradableTf2(first)).map((item) => item.assetId).sort()).toEqual(
      firstItems
        .slice(2)
        .map((item) => item.assetId)
        .sort(),
    );
    expect((await tradableTf2(second)).length).toBe(secondItems.length - 1);
  });

  it('refuses a pick on an account that is not a source, or an asset its account does not hold', async () => {
    const ids = await addSandboxAccounts(t, user.accessToken, t.world.healthyAccounts(3, 4611), 80);
    const [first, second, target] = ids as [number, number, number];
    await refreshInventories(t, user.accessToken, [first, second], ['tf2']);
    const [item] = await inventoryOf(t, user.accessToken, second, 'tf2');

    const outside = await call(
      'POST',
      '/api/harvester/sessions',
      {
        sources: { accountIds: [first] },
        targets: { accountIds: [target] },
        assets: [{ accountId: second, assetId: item!.assetId }],
      },
      'ru-RU',
    );
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error).toMatchObject({
      resultCode: 10,
      message: 'Предмет выбран на аккаунте, которого нет среди источников',
    });

    // The second account's asset named on the first: not in the first's inventory.
    const missing = await call('POST', '/api/harvester/sessions', {
      sources: { accountIds: [first, second] },
      targets: { accountIds: [target] },
      assets: [{ accountId: first, assetId: item!.assetId }],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(
      "Items not in their account's last read inventory: 1. Refresh the inventory and pick again",
    );
  });

  it('moves picked assets for a trader with no profile saved; a session of whole accounts still asks for one', async () => {
    const newcomer = await signedInUser(t, 'no-profile', user);
    const asNewcomer = (method: string, path: string, body?: unknown, lang?: string) =>
      as(t, newcomer.accessToken, method, path, body, lang);
    const ids = await addSandboxAccounts(t, newcomer.accessToken, t.world.healthyAccounts(2, 4621), 90);
    const [source, target] = ids as [number, number];
    await refreshInventories(t, newcomer.accessToken, [source], ['tf2']);
    const [item] = (await inventoryOf(t, newcomer.accessToken, source, 'tf2')).filter((row) => row.tradable);

    const whole = await asNewcomer(
      'POST',
      '/api/harvester/sessions',
      { sources: { accountIds: [source] }, targets: { accountIds: [target] } },
      'ru-RU',
    );
    expect(whole.json().error).toMatchObject({ message: 'Сначала создайте профиль настроек' });

    const created = await ok(
      asNewcomer(
        'POST',
        '/api/harvester/sessions',
        {
          sources: { accountIds: [source] },
          targets: { accountIds: [target] },
          assets: [{ accountId: source, assetId: item!.assetId }],
        },
        'ru-RU',
      ),
    );
    expect(created.profile).toEqual({ id: null, name: 'Перемещение без профиля' });
    await ok(asNewcomer('POST', `/api/harvester/sessions/${created.id}/start`, {}));
    const done = await untilFinished(t, newcomer.accessToken, created.id);
    expect(done.plan).toMatchObject({ eligible: 1, planned: 1, leftover: 0 });
    const rows = await storedTransactions(t, created.id);
    expect(rows.map((row) => row.status)).toEqual(['completed']);
    expect((rows[0]!.items as { assetId: string }[]).map((moved) => moved.assetId)).toEqual([item!.assetId]);
  });
});
