import { describe, expect, it } from 'vitest';
import { transactionTally } from '../../src/domain/harvester/progress.ts';

describe('transaction tally', () => {
  it('counts every step as active and the three ends as ended', () => {
    expect(
      transactionTally({ preparing: 2, trading: 1, verifying: 3, completed: 10, error: 4, cancelled: 1 }),
    ).toEqual({ total: 21, active: 6, completed: 10, errors: 4, cancelled: 1, ended: 15 });
    expect(transactionTally({})).toEqual({
      total: 0,
      active: 0,
      completed: 0,
      errors: 0,
      cancelled: 0,
      ended: 0,
    });
  });
});
