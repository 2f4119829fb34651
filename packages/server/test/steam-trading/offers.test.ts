import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stepUp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import {
  addSandboxAccounts,
  as,
  createTradingTestApp,
  inventoryOf,
  ok,
  refreshInventories,
  type TradingTestApp,
} from './helpers.ts';

const key = (item: { appId: number; contextId: string; assetId: string }) =>
  `${item.appId}/${item.contextId}/${item.assetId}`;
const asset = (item: { appId: number; contextId: string; assetId: string }) => ({
  appId: item.appId,
  contextId: item.contextId,
  assetId: item.assetId,
  amount: 1,
});

describe('trade offers between two sandbox accounts', () => {
  let t: TradingTestApp;
  let user: TestUser;
  let ids: number[];
  const [alice, bob] = [0, 1];

  beforeAll(async () => {
    t = await createTradingTestApp();
    user = await signedInUser(t, 'trader');
    ids = await addSandboxAccounts(t, user.accessToken, t.world.healthyAccounts(2, 3101));
  }, 60_000);
  afterAll(() => t.close());

  it('moves exactly the items of the offer, once, whatever is sent again with the same reference', async () => {
    const [a, b] = t.world.healthyAccounts(2, 3101);
    await refreshInventories(t, user.accessToken, ids, ['dota2']);
    const aliceBefore = await inventoryOf(t, user.accessToken, ids[alice]!, 'dota2');
    const bobBefore = await inventoryOf(t, user.accessToken, ids[bob]!, 'dota2');
    const give = aliceBefore.filter((item) => item.tradable).slice(0, 2);
    const receive = bobBefore.filter((item) => item.tradable).slice(0, 1);
    expect(give).toHaveLength(2);
    expect(receive).toHaveLength(1);

    const send = {
      partnerSteamId: b!.steamId,
      tradeToken: t.world.trading.tradeToken(b!.steamId),
      itemsToGive: give.map(asset),
      itemsToReceive: receive.map(asset),
      message: 'two for one',
      reference: 'swap-0001',
    };
    const sent = await ok(as(t, user.accessToken, 'POST', `/api/steam-accounts/${ids[alice]}/offers`, send));
    expect(sent).toMatchObject({
      kind: 'send',
      status: 'done',
      reference: 'swap-0001',
      needsConfirmation: false,
    });
    expect(sent.offerId).toMatch(/^\d+$/);

    // The same reference again answers the recorded outcome: no second offer.
    const again = await ok(as(t, user.accessToken, 'POST', `/api/steam-accounts/${ids[alice]}/offers`, send));
    expect(again).toMatchObject({ id: sent.id, offerId: sent.offerId, status: 'done' });
    const sentList = await ok(
      as(t, user.accessToken, 'POST', `/api/steam-accounts/${ids[alice]}/offers/query`, { received: false }),
    );
    expect(
      sentList.items.filter((o: { reference: string | null }) => o.reference === 'swap-0001'),
    ).toHaveLength(1);

    const received = await ok(
      as(t, user.accessToken, 'POST', `/api/steam-accounts/${ids[bob]}/offers/query`, { sent: false }),
    );
    const offer = received.items.find((o: { id: string }) => o.id === sent.offerId);
    expect(offer).toMatchObject({ isOurOffer: false, state: 2, partnerSteamId: a!.steamId, reference: null });

    // Bob gives an item back: his acceptance needs his own confirmation, given right away.
    const accepted = await ok(
      as(t, user.accessToken, 'POST', `/api/steam-accounts/${ids[bob]}/offers/${sent.offerId}/accept`, {}),
    );
    expect(accepted).toMatchObject({ kind: 'accept', status: 'done', needsConfirmation: false });
    const final = await ok(
      as(t, user.accessToken, 'GET', `/api/steam-accounts/${ids[alice]}/offers/${sent.offerId}`),
    );
    expect(final).toMatchObject({ state: 3, reference: 'swap-0001' });

    await refreshInventories(t, user.accessToken, ids, ['dota2']);
    const aliceAfter = await inventoryOf(t, user.accessToken, ids[alice]!, 'dota2');
    const bobAfter = await inventoryOf(t, user.accessToken, ids[bob]!, 'dota2');
    expect(aliceAfter).toHaveLength(aliceBefore.length - 2 + 1);
    expect(bobAfter).toHaveLength(bobBefore.length - 1 + 2);
    const aliceKeys = new Set(aliceAfter.map(key));
    const bobKeys = new Set(bobAfter.map(key));
    for (const item of give) expect(aliceKeys.has(key(item))).toBe(false);
    for (const item of receive) expect(bobKeys.has(key(item))).toBe(false);
    // Items arrive under new asset ids: follow them by class and name.
    const newOnBob = bobAfter.filter((item) => !new Set(bobBefore.map(key)).has(key(item)));
    expect(newOnBob.map((item) => item.classId).sort()).toEqual(give.map((item) => item.classId).sort());
    const newOnAlice = aliceAfter.filter((item) => !new Set(aliceBefore.map(key)).has(key(item)));
    expect(newOnAlice.map((item) => item.name)).toEqual(receive.map((item) => item.name));
    // Everything else stayed where it was.
    const untouched = aliceBefore.filter((item) => !give.some((g) => key(g) === key(item)));
    for (const item of untouched) expect(aliceKeys.has(key(item))).toBe(true);
  }, 60_000);

  it('answers a refused send with the reason in the caller language and records the intent as failed', async () => {
    const [, b] = t.world.healthyAccounts(2, 3101);
    const res = await as(
      t,
      user.accessToken,
      'POST',
      `/api/steam-accounts/${ids[alice]}/offers`,
      {
        partnerSteamId: b!.steamId,
        tradeToken: 'wrongtok',
        itemsToGive: [],
        itemsToReceive: [],
        reference: 'empty-1',
      },
      'ru-RU',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      message: 'В предложении нет предметов',
      errorDetails: { reason: 'emptyOffer' },
    });
    const intents = await ok(
      as(t, user.accessToken, 'GET', `/api/steam-accounts/${ids[alice]}/trade-intents?reference=empty-1`),
    );
    expect(intents).toMatchObject([{ status: 'failed', errorReason: 'emptyOffer' }]);
  });

  it('confirms only offers this account sent or accepted through Tradedeck', async () => {
    // An offer that is not ours could go anywhere: the step-up comes first, then the refusal.
    await stepUp(t, user);
    const res = await as(t, user.accessToken, 'POST', `/api/steam-accounts/${ids[alice]}/confirmations`, {
      offerIds: ['123456789'],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.errorDetails).toEqual({ offerIds: ['123456789'] });
  });
});
