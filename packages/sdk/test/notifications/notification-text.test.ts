import { describe, expect, it } from 'vitest';
import { notificationContentSchema, notificationSchema } from '../../src/contract/notifications.ts';
import { notificationText } from '../../src/i18n/notifications.ts';

describe('notificationText', () => {
  it('makes the text of each kind in the reader’s language', () => {
    const bulk = {
      kind: 'bulkJobFinished',
      params: { job: 'proxyCheck', total: 5, succeeded: 3, failed: 2 },
    } as const;
    expect(notificationText(bulk, 'en')).toEqual({
      title: 'Finished: proxy check',
      body: '5 in all: 3 succeeded, 2 failed',
    });
    expect(notificationText(bulk, 'ru')).toEqual({
      title: 'Завершено: проверка прокси',
      body: 'Всего 5: успешно 3, с ошибкой 2',
    });
    const error = {
      kind: 'sellerPlatformError',
      params: { accountId: 1, login: 'trader1', reason: 'badKey' },
    } as const;
    expect(notificationText(error, 'en')).toEqual({
      title: 'Marketplace error on trader1',
      body: 'The market rejects the API key (Bad KEY)',
    });
    expect(notificationText(error, 'ru').title).toBe('Ошибка маркета на trader1');
    const session = {
      kind: 'harvesterSessionEnded',
      params: { sessionId: 7, completed: 4, failed: 1, cancelled: 0 },
    } as const;
    expect(notificationText(session, 'en').title).toBe('Harvester session #7 ended');
  });

  it('shows a transfer outcome with its amount in the sender’s currency', () => {
    const sent = {
      kind: 'transfer',
      params: { outcome: 'sent', amount: { currency: 'USD', amount: 10_500 }, fromLogin: 'a', toLogin: 'b' },
    } as const;
    expect(notificationText(sent, 'en')).toEqual({ title: 'Transfer sent', body: '$10.50: a → b' });
    expect(notificationText({ ...sent, params: { ...sent.params, outcome: 'unknown' } }, 'ru').title).toBe(
      'Итог перевода неизвестен, проверяем',
    );
  });

  it('names a reversed trade with what it carried, the account and the trade', () => {
    const reversed = {
      kind: 'tradeReversed',
      params: { subject: 'delivery', subjectId: 12, login: 'seller_1', tradeId: '7100000002' },
    } as const;
    expect(notificationText(reversed, 'en')).toEqual({
      title: 'Trade reversed on seller_1',
      body: 'Marketplace delivery #12: trade 7100000002 was rolled back under Trade Protection, the items went back',
    });
    expect(
      notificationText({ ...reversed, params: { ...reversed.params, subject: 'harvester' } }, 'ru'),
    ).toEqual({
      title: 'Обмен отменён отправителем на seller_1',
      body: 'Транзакция харвестера №12: обмен 7100000002 отменён в рамках Trade Protection, предметы вернулись',
    });
  });

  it('names a reversed sale with the item, the account, the buyer and the amount taken back', () => {
    const reversed = {
      kind: 'saleReversed',
      params: {
        item: 'AK-47 | Redline (Field-Tested)',
        login: 'seller_1',
        buyer: '76561198000000042',
        amount: { currency: 'USD', amount: 12_500 },
      },
    } as const;
    const en = notificationText(reversed, 'en');
    expect(en.title).toBe('Sale reversed on seller_1');
    expect(en.body).toMatch(
      /^AK-47 \| Redline \(Field-Tested\): .*12\.5.* taken back \(buyer 76561198000000042\)$/,
    );
    const ru = notificationText({ ...reversed, params: { ...reversed.params, buyer: null } }, 'ru');
    expect(ru.title).toBe('Продажа отменена на seller_1');
    expect(ru.body).toMatch(/^AK-47 \| Redline \(Field-Tested\): .*12,5.* списано обратно$/);
  });
});

describe('notification schemas', () => {
  it('refuse a kind without its parameters and free text in place of them', () => {
    expect(notificationContentSchema.safeParse({ kind: 'transfer', params: {} }).success).toBe(false);
    expect(notificationContentSchema.safeParse({ kind: 'note', params: { text: 'key=abc' } }).success).toBe(
      false,
    );
  });

  it('keep the kind’s parameters and the row fields, dropping unknown ones', () => {
    const parsed = notificationSchema.parse({
      kind: 'bulkJobFinished',
      params: { job: 'sellerStop', total: 2, succeeded: 2, failed: 0, secret: 'x' },
      id: 3,
      link: null,
      read: false,
      createdAt: '2026-01-01T00:00:00.000Z',
      extra: 1,
    });
    expect(parsed).toEqual({
      kind: 'bulkJobFinished',
      params: { job: 'sellerStop', total: 2, succeeded: 2, failed: 0 },
      id: 3,
      link: null,
      read: false,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
  });
});
