/** Steam's inventory and offer answers read into the port's shapes (pure parsing, no network). */
import { describe, expect, it } from 'vitest';
import { parseConfirmationList } from '../../src/integrations/steam/live/trading/confirmation-json.ts';
import { parseInventoryPage, steamDate } from '../../src/integrations/steam/live/trading/inventory-json.ts';
import { parseHoldAnswer, parseOffer } from '../../src/integrations/steam/live/trading/offer-json.ts';

describe('inventory pages', () => {
  it('joins assets to descriptions and reads the trade lock from the owner text', () => {
    const parsed = parseInventoryPage(
      {
        success: 1,
        total_inventory_count: 3,
        more_items: 1,
        last_assetid: '12',
        assets: [
          { appid: 753, contextid: '6', assetid: '11', classid: '5', instanceid: '0', amount: '1' },
          { appid: 753, contextid: '6', assetid: '12', classid: '6', instanceid: '0', amount: '3' },
        ],
        descriptions: [
          {
            classid: '5',
            instanceid: '0',
            name: 'Gabe',
            type: 'Steam Trading Card',
            tradable: 1,
            marketable: 1,
          },
          {
            classid: '6',
            instanceid: '0',
            name: 'Gems',
            tradable: 0,
            marketable: 0,
            owner_descriptions: [{ value: '<b>Tradable/Marketable After 30 Jul, 2026 (7:00:00) GMT</b>' }],
          },
        ],
      },
      753,
      '6',
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.page).toMatchObject({ state: 'listed', totalCount: 3, moreItems: true, lastAssetId: '12' });
    expect(
      parsed.page.items.map((item) => [
        item.assetId,
        item.game,
        item.amount,
        item.tradable,
        item.tradableAfter,
      ]),
    ).toEqual([
      ['11', 'community', 1, true, null],
      ['12', 'community', 3, false, '2026-07-30T07:00:00.000Z'],
    ]);
  });

  it('reports an empty inventory as empty and refuses an answer without success', () => {
    expect(parseInventoryPage({ success: 1, total_inventory_count: 0 }, 730, '2')).toMatchObject({
      ok: true,
      page: { state: 'empty', items: [], moreItems: false, lastAssetId: null },
    });
    expect(parseInventoryPage(null, 730, '2').ok).toBe(false);
    expect(parseInventoryPage({ success: false }, 730, '2').ok).toBe(false);
  });

  it('reads Steam dates month first and day first, always GMT', () => {
    expect(steamDate('Jul 30, 2026 (7:00:00)')).toBe('2026-07-30T07:00:00.000Z');
    expect(steamDate('30 Jul, 2026 (17:05:09)')).toBe('2026-07-30T17:05:09.000Z');
    expect(steamDate('someday')).toBeNull();
  });
});

describe('offers, holds and confirmations', () => {
  it('turns the partner account id into a SteamID64 and keeps ids as strings', () => {
    expect(
      parseOffer({
        tradeofferid: '6543210987',
        accountid_other: 52001,
        trade_offer_state: 11,
        is_our_offer: true,
        items_to_give: [{ appid: 730, contextid: '2', assetid: '40000000001', amount: '1' }],
        time_created: 1_780_000_000,
        expiration_time: 1_781_209_600,
        escrow_end_date: 1_781_296_000,
        tradeid: '0',
      }),
    ).toMatchObject({
      id: '6543210987',
      partnerSteamId: '76561197960317729',
      state: 11,
      itemsToGive: [{ appId: 730, contextId: '2', assetId: '40000000001', amount: 1 }],
      tradeId: null,
      escrowEndsAt: new Date(1_781_296_000_000).toISOString(),
    });
  });

  it('reads escrow days and no durations as unknown', () => {
    expect(
      parseHoldAnswer({
        response: {
          my_escrow: { escrow_end_duration_seconds: 0 },
          their_escrow: { escrow_end_duration_seconds: 1296000 },
        },
      }),
    ).toEqual({ myEscrowDays: 0, theirEscrowDays: 15 });
    expect(parseHoldAnswer({ response: {} })).toBeNull();
  });

  it('tells needauth and a refused list apart from a list', () => {
    expect(parseConfirmationList({ success: false, needauth: true })).toMatchObject({
      ok: false,
      needAuth: true,
    });
    expect(parseConfirmationList({ success: false, message: 'Invalid authenticator' })).toMatchObject({
      ok: false,
      needAuth: false,
    });
    expect(
      parseConfirmationList({
        success: true,
        conf: [{ id: '1', nonce: '2', type: 2, creator_id: '6543210987', headline: 'x', creation_time: 1 }],
      }),
    ).toMatchObject({ ok: true, confirmations: [{ creatorId: '6543210987', type: 2 }] });
  });
});
