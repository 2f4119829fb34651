/**
 * The centre prices the items of our own offers' confirmations: Steam lists only summary lines, so the items come
 * from the offer's intent and the inventory cache, valued from the price source the user picks, each with its age
 * and source. A confirmation Tradedeck did not create keeps its summary and shows no value. Live mode against the
 * fake Steam through a loopback proxy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../steam-trading/helpers.ts';
import { addForeignConfirmations, type CentreWorld, sendOurOffer, startCentreWorld } from './helpers.ts';

let world: CentreWorld;

const api = (method: string, url: string, body?: unknown) =>
  world.t.call(method, url, { token: world.user.accessToken, ...(body !== undefined ? { body } : {}) });

async function data<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await api(method, url, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
}

interface Row {
  id: string;
  creatorId: string;
  ours: boolean;
  items: string[];
  pricedItems:
    | {
        assetId: string;
        amount: number;
        marketHashName: string | null;
        value: { source: string; price: { currency: string; amount: number }; ageSeconds: number } | null;
      }[]
    | null;
  value: { currency: string; amount: number } | null;
}

/** The account's confirmations read from Steam now, valued from the custom prices in dollars. */
const customPriced = async (accountId: number) =>
  (
    await data<{ items: Row[] }>('POST', '/api/confirmations/query', {
      accountIds: [accountId],
      source: 'custom',
      currency: 'USD',
      refresh: true,
    })
  ).items;

const REDLINE = 'AK-47 | Redline (Field-Tested)';
const CASE = 'Clutch Case';

beforeAll(async () => {
  world = await startCentreWorld('priced', 81);
  const sender = world.accounts[0]!;
  world.trading.inventories.set(`${sender.who.steamId}/730/2`, [
    { assetid: '8101', classid: '501', name: REDLINE },
    { assetid: '8102', classid: '502', name: CASE },
  ]);
  await data('POST', '/api/steam-trading/inventory-refresh', { accountIds: [sender.id], games: ['cs2'] });
  await waitFor(async () => {
    const page = await data<{ items: { assetId: string }[] }>(
      'POST',
      `/api/steam-accounts/${sender.id}/inventory/query`,
      {},
    );
    return page.items.length === 2;
  }, 30_000);
  await data('POST', '/api/p2p/prices/custom', {
    marketHashName: REDLINE,
    game: 'cs2',
    price: { currency: 'USD', amount: 12_340 },
  });
}, 90_000);

afterAll(async () => {
  await world?.close();
});

describe('the values of a confirmation’s items', () => {
  it('prices our own offer from the chosen source with age and source, and leaves a foreign one unpriced', async () => {
    const sender = world.accounts[0]!;
    const offerId = await sendOurOffer(world, 0, 1, '8101');
    const [foreign] = addForeignConfirmations(world, sender.who.steamId, 81);

    const listed = await customPriced(sender.id);
    const ours = listed.find((row) => row.creatorId === offerId)!;
    expect(ours.ours).toBe(true);
    expect(ours.pricedItems).toEqual([
      {
        assetId: '8101',
        amount: 1,
        game: 'cs2',
        marketHashName: REDLINE,
        name: REDLINE,
        value: expect.objectContaining({
          source: 'custom',
          price: { currency: 'USD', amount: 12_340 },
          ageSeconds: expect.any(Number),
          observedAt: expect.any(String),
        }),
      },
    ]);
    expect(ours.value).toEqual({ currency: 'USD', amount: 12_340 });

    const other = listed.find((row) => row.id === foreign!.id)!;
    expect(other.ours).toBe(false);
    expect(other.items).toEqual(['trade item']);
    expect(other.pricedItems).toBeNull();
    expect(other.value).toBeNull();
  });

  it('names the item but gives no value when the chosen source has no price for it', async () => {
    const sender = world.accounts[0]!;
    const offerId = await sendOurOffer(world, 0, 2, '8102');
    const ours = (await customPriced(sender.id)).find((row) => row.creatorId === offerId)!;
    expect(ours.pricedItems).toMatchObject([{ assetId: '8102', marketHashName: CASE, value: null }]);
    expect(ours.value).toBeNull();
  });
});
