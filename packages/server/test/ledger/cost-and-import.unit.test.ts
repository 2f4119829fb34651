/**
 * The ledger's pure parts: cost from the pool (FIFO, and average per currency so no rate is guessed), the path a
 * sale takes through the sale machine, and the purchase CSV read line by line with its errors in both languages.
 */
import { describe, expect, it } from 'vitest';
import { averageCost, fifoCost } from '../../src/modules/ledger/cost.ts';
import { parsePurchaseCsv } from '../../src/modules/ledger/purchase-csv.ts';
import { pathTo } from '../../src/modules/ledger/sale-machine.ts';

describe('cost from the pool', () => {
  const pool = [
    { quantity: 3, amount: 10_000, currency: 'USD' },
    { quantity: 1, amount: 50_000, currency: 'RUB' },
  ];

  it('takes the oldest unit still in the pool (FIFO), the last of a line taking what rounding left', () => {
    expect([0, 1, 2, 3, 4].map((used) => fifoCost(pool, used))).toEqual([
      { currency: 'USD', amount: 3_333 },
      { currency: 'USD', amount: 3_333 },
      { currency: 'USD', amount: 3_334 },
      { currency: 'RUB', amount: 50_000 },
      null,
    ]);
  });

  it('takes an equal share of each currency left (average), nothing when the pool is empty', () => {
    expect(averageCost(pool, { units: 0, byCurrency: new Map() })).toEqual([
      { currency: 'RUB', amount: 12_500 },
      { currency: 'USD', amount: 2_500 },
    ]);
    // Three units taken: the last one takes exactly what is left of each currency.
    const used = {
      units: 3,
      byCurrency: new Map([
        ['RUB', 37_500],
        ['USD', 7_500],
      ]),
    };
    expect(averageCost(pool, used)).toEqual([
      { currency: 'RUB', amount: 12_500 },
      { currency: 'USD', amount: 2_500 },
    ]);
    expect(averageCost(pool, { units: 4, byCurrency: new Map() })).toBeNull();
  });
});

describe('the sale machine path', () => {
  it('goes one declared move at a time, skipping the hold when there is none', () => {
    expect(pathTo('sold', 'held')).toEqual(['delivered', 'held']);
    expect(pathTo('sold', 'settled')).toEqual(['delivered', 'settled']);
    expect(pathTo('held', 'settled')).toEqual(['settled']);
    expect(pathTo('settled', 'held')).toEqual([]);
    expect(pathTo('held', 'reversed')).toEqual(['reversed']);
    expect(pathTo('reversed', 'reversed')).toEqual([]);
  });
});

describe('the purchase CSV', () => {
  it('reads plain lines and a header naming its columns, keeping only buy rows of a history', () => {
    const plain = parsePurchaseCsv('AK-47 | Redline (Field-Tested);12.5;2;2026-10-01', 'USD', 'en');
    expect(plain.refused).toEqual([]);
    expect(plain.lines).toMatchObject([
      { line: 1, name: 'AK-47 | Redline (Field-Tested)', quantity: 2, amount: 25_000 },
    ]);
    expect(plain.lines[0]!.at?.toISOString()).toBe('2026-10-01T00:00:00.000Z');
    const history = parsePurchaseCsv(
      'event,market_hash_name,paid,time\nbuy,"Sticker | Crown, Foil",1500.00,1790000000\nsell,AWP,10,1790000000',
      'RUB',
      'en',
    );
    expect(history.lines).toMatchObject([
      { line: 2, name: 'Sticker | Crown, Foil', quantity: 1, amount: 150_000 },
    ]);
    expect(history.lines[0]!.at?.getTime()).toBe(1_790_000_000_000);
  });

  it('refuses each bad line with a clear reason in the reader’s language', () => {
    const text = ['AWP;-3', ';5', 'AWP;5;0', 'AWP;5;1;someday', `${'x'.repeat(301)};5`].join('\n');
    expect(parsePurchaseCsv(text, 'USD', 'ru').refused.map((line) => [line.line, line.message])).toEqual([
      [1, 'Цена должна быть положительным числом'],
      [2, 'Не указано название предмета'],
      [3, 'Количество должно быть целым числом от 1'],
      [4, 'Не удалось прочитать дату'],
      [5, 'Название длиннее 300 символов'],
    ]);
  });
});
