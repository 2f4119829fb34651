/**
 * A lot the market refused says why in the user's language: TM's raw codes (`bad_item`, `too_often`…) are never
 * the text a trader reads; an unknown code is named after a general sentence.
 */
import { marketErrorText } from '@tradedeck/sdk/domain';
import { describe, expect, it } from 'vitest';
import { toRepriceItem } from '../../src/modules/lots/reprice-service.ts';

const decided = (marketError: string | null) =>
  ({
    lot: {
      id: 7,
      itemId: '41',
      marketHashName: 'AK-47 | Redline (Field-Tested)',
      sellerAccountId: 3,
      price: 1200,
      currency: 'RUB',
    },
    decision: { outcome: 'failed', reason: 'write_failed', newPrice: null, target: null, retryAt: null },
    marketError,
  }) as unknown as Parameters<typeof toRepriceItem>[0];

describe('market refusals in words', () => {
  it('a refused lot’s message names the cause in Russian and English, the raw code stays for scripts', () => {
    const ru = toRepriceItem(decided('bad_item'), 'ru', new Map([[3, 'seller']]));
    expect(ru.message).toContain('лота уже нет на маркете: он продан или снят с продажи');
    expect(ru.message).not.toContain('bad_item');
    expect(ru.marketError).toBe('bad_item');
    const en = toRepriceItem(decided('bad_item'), 'en', new Map());
    expect(en.message).toContain('the listing is no longer on the market');
    expect(en.message).not.toContain('bad_item');
  });

  it('every known code has a sentence of its own; an unknown one is named in brackets', () => {
    for (const code of [
      'bad_item',
      'too_often',
      'Bad KEY',
      'item_not_in_inventory',
      'no answer',
      'unknownItem',
    ]) {
      for (const language of ['ru', 'en'] as const) {
        const text = marketErrorText(code, language);
        expect(text).not.toContain(code);
      }
    }
    expect(marketErrorText('strange_thing', 'en')).toBe('the market answered with an error (strange_thing)');
  });
});
