/**
 * Price thresholds validation (docs/product-trading.md §5): numeric, not negative, min not greater than max,
 * max at least 0.01 above min (docs/product-trading.md §9). Input is the user's text; output is money in the
 * lot's currency.
 */
import { type Currency, MONEY_SCALE, type Money, parseMoney } from '../money/money.ts';
import {
  type ThresholdGroupOutcome,
  type ThresholdIssueCode,
  thresholdGroupMessages,
  thresholdIssueMessages,
} from './messages.ts';

export interface ThresholdIssue {
  field: 'min' | 'max';
  code: ThresholdIssueCode;
  ru: string;
  en: string;
}

export type ThresholdsResult = { ok: true; min: Money; max: Money } | { ok: false; issues: ThresholdIssue[] };

/** The spec's minimum difference of 0.01 in the currency's units (RUB 1, USD and EUR 10). */
export function minThresholdDifference(currency: Currency): number {
  return MONEY_SCALE[currency] / 100;
}

function issue(field: 'min' | 'max', code: ThresholdIssueCode): ThresholdIssue {
  return { field, code, ...thresholdIssueMessages[code] };
}

function parseField(field: 'min' | 'max', text: string, currency: Currency): Money | ThresholdIssue {
  const trimmed = text.trim();
  if (trimmed === '') return issue(field, 'required');
  const parsed = parseMoney(trimmed, currency);
  if (parsed) return parsed;
  const plain = trimmed.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (/^-\d+(\.\d*)?$/.test(plain)) return issue(field, 'negative');
  if (/^\d+\.\d+$/.test(plain)) return issue(field, 'too_precise');
  return issue(field, 'not_numeric');
}

export function validateThresholds(minText: string, maxText: string, currency: Currency): ThresholdsResult {
  const min = parseField('min', minText, currency);
  const max = parseField('max', maxText, currency);
  const issues = [min, max].filter((value): value is ThresholdIssue => 'code' in value);
  if (issues.length > 0) return { ok: false, issues };
  const low = min as Money;
  const high = max as Money;
  if (low.amount > high.amount) return { ok: false, issues: [issue('min', 'min_above_max')] };
  if (high.amount - low.amount < minThresholdDifference(currency))
    return { ok: false, issues: [issue('max', 'difference_too_small')] };
  return { ok: true, min: low, max: high };
}

export interface ThresholdGroupResult {
  outcome: ThresholdGroupOutcome;
  applied: number;
  failed: number;
  total: number;
  ru: string;
  en: string;
}

/** all: every lot took the thresholds; partial: some did; failed: none did (or the group was empty). */
export function thresholdGroupResult(perLot: readonly { ok: boolean }[]): ThresholdGroupResult {
  const total = perLot.length;
  const applied = perLot.filter((item) => item.ok).length;
  const outcome: ThresholdGroupOutcome =
    total > 0 && applied === total ? 'all' : applied > 0 ? 'partial' : 'failed';
  const fill = (text: string) => text.replace('{applied}', String(applied)).replace('{total}', String(total));
  const texts = thresholdGroupMessages[outcome];
  return { outcome, applied, failed: total - applied, total, ru: fill(texts.ru), en: fill(texts.en) };
}
