/**
 * The items of an apply job cut by a crash, ended from its batch rows: each failed lot says what really happened
 * to its price, in the user's language, and only a price the market answered carries the market's refusal.
 */
import type { RepriceItem } from '@tradedeck/sdk/contract';
import { describe, expect, it } from 'vitest';
import { settledItems } from '../../src/modules/lots/apply-reconcile.ts';
import type { RepriceBatchDbRow } from '../../src/modules/lots/batch-repo.ts';
import type { RepriceJobDbRow } from '../../src/modules/lots/types.ts';

const usd = (amount: number) => ({ currency: 'USD', amount });

function planned(itemId: string, lotId: number): RepriceItem {
  return {
    lotId,
    itemId,
    name: `Item ${itemId}`,
    account: { id: 1, login: 'seller' },
    outcome: 'changed',
    reason: 'repriced',
    message: 'New price set',
    price: usd(1000),
    newPrice: usd(900),
    target: usd(900),
    retryAt: null,
    marketError: null,
  } as RepriceItem;
}

function job(lang: 'en' | 'ru'): RepriceJobDbRow {
  return {
    lang,
    items: [planned('taken', 1), planned('refused', 2), planned('unanswered', 3), planned('unsent', 4)],
  } as unknown as RepriceJobDbRow;
}

const answeredAt = new Date('2026-11-01T10:00:00Z');
const batches = [
  { itemIds: ['taken', 'refused'], state: 'answered', answeredAt, refused: { refused: 'price too low' } },
  { itemIds: ['unanswered'], state: 'sending', answeredAt: null, refused: {} },
] as unknown as RepriceBatchDbRow[];

describe('a cut apply job, settled from its batches', () => {
  it('names the real reason of each failed lot, in English', () => {
    const { items, written, summary } = settledItems(job('en'), batches);
    expect(summary).toEqual({ changed: 1, unchanged: 0, unavailable: 0, failed: 3 });
    expect(written.map(({ item }) => item.itemId)).toEqual(['taken']);
    const byId = new Map(items.map((item) => [item.itemId, item]));
    expect(byId.get('refused')).toMatchObject({
      outcome: 'failed',
      message: 'The market refused the new price: the market answered with an error (price too low)',
      marketError: 'price too low',
    });
    expect(byId.get('unanswered')).toMatchObject({
      outcome: 'failed',
      reason: 'write_failed',
      newPrice: null,
      message:
        'Repricing was cut while this price was being sent: the market may have taken it, the next sync shows it',
      marketError: null,
    });
    expect(byId.get('unsent')).toMatchObject({
      outcome: 'failed',
      reason: 'write_failed',
      newPrice: null,
      message: 'Repricing was cut: this price was not sent',
      marketError: null,
    });
  });

  it('names the real reason of each failed lot, in Russian', () => {
    const byId = new Map(settledItems(job('ru'), batches).items.map((item) => [item.itemId, item]));
    expect(byId.get('refused')).toMatchObject({
      message: 'Рынок отклонил новую цену: маркет ответил ошибкой (price too low)',
      marketError: 'price too low',
    });
    expect(byId.get('unanswered')).toMatchObject({
      message:
        'Переоценка прервана во время отправки: рынок мог принять цену, следующая синхронизация её покажет',
      marketError: null,
    });
    expect(byId.get('unsent')).toMatchObject({
      message: 'Переоценка прервана: цена не отправлена',
      marketError: null,
    });
  });
});
