import { describe, expect, it } from 'vitest';
import { parsePriceLines, priceLineIssueText } from '../../src/domain/p2p/price-lines.ts';

describe('price profile paste lines', () => {
  it('reads name;price lines into money of the currency, skipping blank lines', () => {
    const parsed = parsePriceLines(
      'AK-47 | Redline (Field-Tested);12.5\n\n  AWP | Asiimov;1 234,50  \r\n',
      'RUB',
    );
    expect(parsed.issues).toEqual([]);
    expect(parsed.entries).toEqual([
      { line: 1, name: 'AK-47 | Redline (Field-Tested)', price: { currency: 'RUB', amount: 1250 } },
      { line: 3, name: 'AWP | Asiimov', price: { currency: 'RUB', amount: 123450 } },
    ]);
  });

  it('takes the last semicolon as the separator, so a name may hold one', () => {
    expect(parsePriceLines('Sticker; Team;0.125', 'USD').entries).toEqual([
      { line: 1, name: 'Sticker; Team', price: { currency: 'USD', amount: 125 } },
    ]);
  });

  it('reports every bad line with its number and reason, keeping the good ones; an empty price clears', () => {
    const parsed = parsePriceLines(
      ['no separator here', ';5', 'Gloves;', 'Knife;-3', 'Case;1.005', 'Case;abc', 'Key;2.5', 'key;3'].join(
        '\n',
      ),
      'RUB',
    );
    expect(parsed.entries.map((entry) => [entry.name, entry.price])).toEqual([
      ['Gloves', null],
      ['Key', { currency: 'RUB', amount: 250 }],
    ]);
    expect(parsed.issues.map((issue) => [issue.line, issue.code])).toEqual([
      [1, 'no_separator'],
      [2, 'no_name'],
      [4, 'negative'],
      [5, 'not_a_price'],
      [6, 'not_a_price'],
      [8, 'duplicate'],
    ]);
    const duplicate = parsed.issues.at(-1)!;
    expect(priceLineIssueText(duplicate, 'ru', 'RUB')).toBe('Предмет уже указан в строке 7');
    expect(priceLineIssueText(parsed.issues[3]!, 'en', 'USD')).toBe(
      'The price is a number with at most 3 digits after the point',
    );
  });
});
