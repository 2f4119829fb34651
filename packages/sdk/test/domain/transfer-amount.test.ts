import { describe, expect, it } from 'vitest';
import { transferFieldMessages } from '../../src/domain/transfer/messages.ts';
import { validateAmount } from '../../src/domain/transfer/rules.ts';

const balance = { currency: 'RUB' as const, amount: 1_000_00 };

describe('the transfer amount', () => {
  it('says a negative amount must be more than 0, not that it is no number', () => {
    for (const text of ['-5', ' -12,50', '−5', '- 1 234.5']) {
      expect(validateAmount(text, 'RUB', balance), text).toEqual({ error: 'amountNotPositive' });
    }
    expect(transferFieldMessages.ru.amountNotPositive).toBe('Сумма должна быть больше 0');
    expect(validateAmount('0', 'RUB', balance)).toEqual({ error: 'amountNotPositive' });
  });

  it('still calls text that is no amount, with or without a sign, not a number', () => {
    for (const text of ['abc', '-abc', '--5', '-5.123', '5-']) {
      expect(validateAmount(text, 'RUB', balance), text).toEqual({ error: 'amountInvalid' });
    }
  });

  it('takes a plain amount in the currency units', () => {
    expect(validateAmount('12,50', 'RUB', balance)).toEqual({ amount: { currency: 'RUB', amount: 1250 } });
  });
});
