import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  inventoryItemSchema,
  offerMessageWithReference,
  planOffers,
  readOfferReference,
  TRADE_GAMES,
  TRADE_LIMITS,
  tradeGameOfApp,
} from '../../src/domain/index.ts';

describe('offer planning', () => {
  it('never drops an item: offers within limits plus the remainder give back the input', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 2000 }), (items) => {
        const plan = planOffers(items);
        expect(plan.offers.length).toBeLessThanOrEqual(TRADE_LIMITS.maxOffersPerPartnerPerRun);
        for (const offer of plan.offers)
          expect(offer.length).toBeLessThanOrEqual(TRADE_LIMITS.maxItemsPerOffer);
        expect([...plan.offers.flat(), ...plan.remainder]).toEqual(items);
      }),
    );
  });

  it('puts 255 x 5 items in offers and returns the rest', () => {
    const plan = planOffers(Array.from({ length: 1300 }, (_, i) => i));
    expect(plan.offers.map((offer) => offer.length)).toEqual([255, 255, 255, 255, 255]);
    expect(plan.remainder).toHaveLength(25);
  });
});

describe('offer reference', () => {
  it('round-trips through the message and keeps it within Steam length', () => {
    const message = offerMessageWithReference('harvest-17_a', 'x'.repeat(60));
    expect(message.length).toBeLessThanOrEqual(TRADE_LIMITS.maxMessageLength);
    expect(message.startsWith('x'.repeat(60))).toBe(true);
    expect(readOfferReference(message)).toBe('harvest-17_a');
    expect(readOfferReference('a message without a tag')).toBeNull();
    expect(() => offerMessageWithReference('bad ref!')).toThrow();
  });

  it('keeps a marketplace message whole and adds the tag only where it fits in 128 characters', () => {
    const tm = `TM-${'a'.repeat(100)}`;
    const sent = offerMessageWithReference('tmAbCdEfGhIjKlMnOpQrStUvWxYz012345', tm);
    expect(sent).toBe(tm);
    expect(readOfferReference(sent)).toBeNull();
  });
});

describe('games and items', () => {
  it('know the app and context of every game', () => {
    expect(Object.values(TRADE_GAMES).map((game) => `${game.appId}/${game.contextId}`)).toEqual([
      '730/2',
      '570/2',
      '440/2',
      '252490/2',
      '753/6',
    ]);
    expect(tradeGameOfApp(753)).toBe('community');
    expect(tradeGameOfApp(1)).toBeNull();
  });

  it('accept an item with integer money and reject a float price', () => {
    const item = {
      assetId: '123',
      classId: '1',
      instanceId: '0',
      game: 'cs2',
      appId: 730,
      contextId: '2',
      amount: 1,
      name: 'AK-47 | Slate (Field-Tested)',
      marketHashName: 'AK-47 | Slate (Field-Tested)',
      type: 'Restricted Rifle',
      iconUrl: null,
      exterior: 'Field-Tested',
      rarity: 'Restricted',
      tradable: true,
      marketable: true,
      tradableAfter: null,
      protectedUntil: null,
      referencePrice: { currency: 'USD', amount: 4_900 },
    };
    expect(inventoryItemSchema.parse(item)).toEqual(item);
    expect(
      inventoryItemSchema.safeParse({ ...item, referencePrice: { currency: 'USD', amount: 4.9 } }).success,
    ).toBe(false);
  });
});
