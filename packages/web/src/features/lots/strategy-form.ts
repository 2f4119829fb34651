/**
 * The reprice dialog's settings as the user typed them, and their translation into the sdk's `PriceStrategy`.
 * Percent fields take up to two decimals ("97.5" is 9,750 basis points); a fixed range follows the thresholds
 * rules (numeric, not negative, low <= high, at least 0.01 apart).
 */
import {
  type Currency,
  type PriceStrategy,
  type PriceStrategyKind,
  type SinglePricePick,
  type TradingProfile,
  validateThresholds,
} from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';

export const STRATEGY_KINDS: readonly PriceStrategyKind[] = [
  'fixedRange',
  'percentOfCustomPrice',
  'percentOfProviderPrice',
  'percentOfThresholds',
  'singlePrice',
];

export interface StrategyForm {
  kind: PriceStrategyKind;
  /** Money for a fixed range, a percentage for the percent strategies. */
  low: string;
  high: string;
  pick: SinglePricePick;
  profile: TradingProfile;
}

export const defaultStrategyForm: StrategyForm = {
  kind: 'percentOfThresholds',
  low: '100',
  high: '100',
  pick: 'min',
  profile: 'balanced',
};

export type PercentIssue =
  | 'percentRequired'
  | 'percentNotNumeric'
  | 'percentNegative'
  | 'percentTooPrecise'
  | 'percentOrder';

/** A field's problem: a key of `lots.reprice` or an sdk text already in the user's language. */
export type StrategyIssue = { key: PercentIssue } | { text: string };

export type StrategyResult =
  | { ok: true; strategy: PriceStrategy; profile: TradingProfile }
  | { ok: false; issues: Partial<Record<'low' | 'high', StrategyIssue>> };

/** "97.5" -> 9750 basis points, or the reason it is not a percentage. */
export function parsePercent(text: string): number | PercentIssue {
  const plain = text
    .trim()
    .replace(/[\s\u00a0%]/g, '')
    .replace(',', '.');
  if (plain === '') return 'percentRequired';
  if (/^-\d+(\.\d*)?$/.test(plain)) return 'percentNegative';
  if (!/^\d+(\.\d+)?$/.test(plain)) return 'percentNotNumeric';
  const [whole = '0', fraction = ''] = plain.split('.');
  if (fraction.length > 2) return 'percentTooPrecise';
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function usesBand(kind: PriceStrategyKind): boolean {
  return kind !== 'singlePrice';
}

export function strategyOf(form: StrategyForm, currency: Currency, language: Language): StrategyResult {
  const { kind, profile } = form;
  if (kind === 'singlePrice') return { ok: true, strategy: { kind, pick: form.pick }, profile };
  if (kind === 'fixedRange') {
    const checked = validateThresholds(form.low, form.high, currency);
    if (!checked.ok) {
      const issues: Partial<Record<'low' | 'high', StrategyIssue>> = {};
      for (const issue of checked.issues)
        issues[issue.field === 'min' ? 'low' : 'high'] = { text: issue[language] };
      return { ok: false, issues };
    }
    return { ok: true, strategy: { kind, low: checked.min, high: checked.max }, profile };
  }
  const low = parsePercent(form.low);
  const high = parsePercent(form.high);
  const issues: Partial<Record<'low' | 'high', StrategyIssue>> = {};
  if (typeof low === 'string') issues.low = { key: low };
  if (typeof high === 'string') issues.high = { key: high };
  if (typeof low === 'number' && typeof high === 'number' && low > high) issues.low = { key: 'percentOrder' };
  if (typeof low !== 'number' || typeof high !== 'number' || issues.low) return { ok: false, issues };
  return { ok: true, strategy: { kind, lowBp: low, highBp: high }, profile };
}

/** Same settings, same preview: the dialog applies only what it previewed. */
export function sameSettings(a: StrategyForm, b: StrategyForm): boolean {
  return (
    a.kind === b.kind && a.low === b.low && a.high === b.high && a.pick === b.pick && a.profile === b.profile
  );
}
