import { describe, expect, it } from 'vitest';
import {
  minThresholdDifference,
  planRepricing,
  priceWriteBatches,
  REPRICE_BATCH_LIMIT,
  type RepricingDecision,
  summarizeDecisions,
  thresholdGroupResult,
  validateThresholds,
  withWriteFailures,
} from '../../src/domain/index.ts';
import { lot, market, usd } from './scene.ts';

describe('thresholds validation', () => {
  it('accepts a valid pair as money units', () => {
    expect(validateThresholds('10', '10.01', 'RUB')).toEqual({
      ok: true,
      min: { currency: 'RUB', amount: 1_000 },
      max: { currency: 'RUB', amount: 1_001 },
    });
    expect(validateThresholds('1,5', '1.51', 'USD')).toMatchObject({ ok: true });
  });

  it('the minimum difference is 0.01 in every currency', () => {
    expect(minThresholdDifference('RUB')).toBe(1);
    expect(minThresholdDifference('USD')).toBe(10);
    expect(minThresholdDifference('EUR')).toBe(10);
    expect(validateThresholds('1.5', '1.509', 'USD')).toEqual({
      ok: false,
      issues: [
        {
          field: 'max',
          code: 'difference_too_small',
          ru: 'Разница между минимальной и максимальной ценой должна быть не меньше 0.01',
          en: 'The maximum must be at least 0.01 above the minimum',
        },
      ],
    });
  });

  it('names each bad field with its message in both languages', () => {
    const result = validateThresholds('abc', '-3', 'RUB');
    expect(result).toEqual({
      ok: false,
      issues: [
        { field: 'min', code: 'not_numeric', ru: 'Введите число', en: 'Enter a number' },
        {
          field: 'max',
          code: 'negative',
          ru: 'Цена не может быть отрицательной',
          en: 'The price cannot be negative',
        },
      ],
    });
    expect(validateThresholds('', '1', 'RUB')).toMatchObject({
      ok: false,
      issues: [{ field: 'min', code: 'required' }],
    });
    expect(validateThresholds('1.005', '2', 'RUB')).toMatchObject({
      ok: false,
      issues: [{ field: 'min', code: 'too_precise' }],
    });
    expect(validateThresholds('5', '4', 'EUR')).toMatchObject({
      ok: false,
      issues: [
        {
          field: 'min',
          code: 'min_above_max',
          en: 'The minimum price cannot be greater than the maximum',
          ru: 'Минимальная цена не может быть больше максимальной',
        },
      ],
    });
  });

  it('group outcomes: all, partial, failed', () => {
    expect(thresholdGroupResult([{ ok: true }, { ok: true }])).toMatchObject({ outcome: 'all', applied: 2 });
    expect(thresholdGroupResult([{ ok: true }, { ok: false }, { ok: true }])).toMatchObject({
      outcome: 'partial',
      applied: 2,
      failed: 1,
      en: 'Thresholds applied to 2 of 3 lots of the group',
      ru: 'Пороги применены к 2 из 3 лотов группы',
    });
    expect(thresholdGroupResult([{ ok: false }])).toMatchObject({
      outcome: 'failed',
      en: 'Failed to apply thresholds',
    });
    expect(thresholdGroupResult([]).outcome).toBe('failed');
  });
});

describe('apply batches and counts', () => {
  it('120 changed lots go in calls of 50, 50 and 20, in lot order', () => {
    const lots = Array.from({ length: 130 }, (_, index) =>
      lot({ itemId: `mine-${index}`, price: usd(index < 120 ? 12_000 : 9_999) }),
    );
    const plan = planRepricing(lots, market([10_000]));
    expect(plan.summary).toEqual({ changed: 120, unchanged: 10, unavailable: 0, failed: 0 });
    expect(plan.batches.map((batch) => batch.length)).toEqual([REPRICE_BATCH_LIMIT, REPRICE_BATCH_LIMIT, 20]);
    expect(plan.batches.flat().map((write) => write.itemId)).toEqual(
      lots.slice(0, 120).map((item) => item.itemId),
    );
  });

  it('a write the market refused counts as failed; the rest keep their outcome', () => {
    const decisions: RepricingDecision[] = [
      { itemId: 'a', outcome: 'changed', reason: 'repriced', newPrice: usd(1), target: usd(1) },
      { itemId: 'b', outcome: 'changed', reason: 'repriced', newPrice: usd(2), target: usd(2) },
      { itemId: 'c', outcome: 'unavailable', reason: 'cooldown' },
    ];
    const after = withWriteFailures(decisions, new Map([['b', 'bad_item']]));
    expect(after[1]).toMatchObject({ outcome: 'failed', reason: 'write_failed' });
    expect(summarizeDecisions(after)).toEqual({ changed: 1, unchanged: 0, unavailable: 1, failed: 1 });
    expect(priceWriteBatches(after)).toEqual([[{ itemId: 'a', price: usd(1) }]]);
  });
});
