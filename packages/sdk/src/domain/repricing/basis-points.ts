/**
 * Integer percentages: an amount times basis points over 10,000 without floats. Amounts are safe integers of
 * money units, basis points are small integers, so the product stays exact in a double below 2^53 for any
 * realistic price (up to about 9 * 10^11 units at 10,000 bp).
 */
import { BASIS_POINTS } from './constants.ts';

/** amount * bp / 10,000 rounded half up (halves go to the larger unit). */
export function scaleRounded(amount: number, bp: number): number {
  const product = amount * bp;
  return Math.floor((2 * product + BASIS_POINTS) / (2 * BASIS_POINTS));
}

/** amount * bp / 10,000 rounded up: the smallest whole unit not under the exact value. */
export function scaleCeil(amount: number, bp: number): number {
  return Math.ceil((amount * bp) / BASIS_POINTS);
}

export function isBasisPoints(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0 && value <= 1_000 * BASIS_POINTS;
}
