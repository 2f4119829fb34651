/**
 * The three trading profiles (notes market.md §7.1): where in the strategy's band the price goes, given the
 * foreign ask to beat. Every result is clamped into the band.
 *
 * - aggressive: one tick under the ask to beat, down to the band's low; the band's high when nobody else sells.
 * - balanced: like aggressive, but never below ceil(median reference * balancedMedianFloorBp).
 * - conservative: match the ask to beat (no undercut), kept within [provider * conservativeLowBp,
 *   provider * conservativeHighBp]; the provider price itself when nobody else sells.
 */
import { scaleCeil, scaleRounded } from './basis-points.ts';
import type { ProfileSettings, ReferenceKind, ReferencePrices, TradingProfile } from './types.ts';

export const DEFAULT_PROFILE_SETTINGS: ProfileSettings = {
  balancedMedianFloorBp: 9_500,
  conservativeLowBp: 9_500,
  conservativeHighBp: 10_500,
};

/** The reference a profile reads, if any. */
export function profileReference(profile: TradingProfile): ReferenceKind | null {
  if (profile === 'balanced') return 'median';
  if (profile === 'conservative') return 'provider';
  return null;
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(Math.max(value, low), high);
}

export interface ProfileInputs {
  band: { low: number; high: number };
  askToBeat: number | null;
  /** Present (checked fresh by the caller) for the reference the profile reads. */
  references: ReferencePrices;
  settings: ProfileSettings;
}

export function profilePrice(profile: TradingProfile, inputs: ProfileInputs): number {
  const { band, askToBeat, settings } = inputs;
  const undercut = askToBeat === null ? band.high : askToBeat - 1;
  switch (profile) {
    case 'aggressive':
      return clamp(undercut, band.low, band.high);
    case 'balanced': {
      const median = inputs.references.median?.price.amount ?? 0;
      const floor = scaleCeil(median, settings.balancedMedianFloorBp);
      return clamp(Math.max(undercut, floor), band.low, band.high);
    }
    case 'conservative': {
      const provider = inputs.references.provider?.price.amount ?? 0;
      const matched = askToBeat ?? provider;
      const withinProvider = clamp(
        matched,
        scaleRounded(provider, settings.conservativeLowBp),
        scaleRounded(provider, settings.conservativeHighBp),
      );
      return clamp(withinProvider, band.low, band.high);
    }
  }
}
