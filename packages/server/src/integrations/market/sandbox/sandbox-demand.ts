/**
 * The sandbox market's other traders, deterministic from the world seed and the time:
 * - competitor asks per item around its reference price, moving every few minutes along a slow wave;
 * - buyers whose purchase rate follows our price against the reference: a listing at the reference sells in about
 *   30 minutes online, each 10 % under it makes that about 3.3 times faster, each 10 % over it as much slower.
 */
import { createHash } from 'node:crypto';
import { ITEM_EXTERIORS, type Money } from '@tradedeck/sdk/domain';
import { displayName, priceOf, SANDBOX_CATALOGUE } from '../../steam/sandbox/trading/sandbox-catalogue.ts';
import { convertAtSandboxRate } from './sandbox-rates.ts';

/** Expected time to a sale of a listing at its reference price while the seller is online. */
export const SALE_TIME_AT_REFERENCE_MS = 30 * 60_000;
/** How strongly the price drives demand: time = base x e^(k x (price/reference - 1)). */
const PRICE_SENSITIVITY = 12;
/** Asks change every 5 minutes; the wave around the reference lasts 6 hours. */
export const SANDBOX_ASK_STEP_MS = 5 * 60_000;
const ASK_WAVE_MS = 6 * 60 * 60_000;

function unit(seed: string, text: string): number {
  return createHash('sha1').update(`${seed}:${text}`).digest().readUInt32BE(0) / 2 ** 32;
}

/** How long a listing at `price` needs online to sell, given the item's reference (USD units). */
export function saleTimeMs(seed: string, listingId: string, price: Money, referenceUsd: number): number {
  if (referenceUsd <= 0) return SALE_TIME_AT_REFERENCE_MS;
  const ratio = convertAtSandboxRate(price, 'USD').amount / referenceUsd;
  // Each listing has its own buyer luck, within +-25 %.
  const luck = 0.75 + 0.5 * unit(seed, `luck:${listingId}`);
  return SALE_TIME_AT_REFERENCE_MS * Math.exp(PRICE_SENSITIVITY * (ratio - 1)) * luck;
}

export interface CompetitorAsk {
  itemId: string;
  /** USD units. */
  priceUsd: number;
}

/** Other sellers' asks for one item at a time: 3 to 7 of them between about 93 % and 116 % of the reference. */
export function competitorAsks(
  seed: string,
  marketHashName: string,
  referenceUsd: number,
  now: number,
): CompetitorAsk[] {
  const step = Math.floor(now / SANDBOX_ASK_STEP_MS);
  const phase = unit(seed, `phase:${marketHashName}`) * 2 * Math.PI;
  const wave = 1 + 0.03 * Math.sin((2 * Math.PI * step * SANDBOX_ASK_STEP_MS) / ASK_WAVE_MS + phase);
  const count = 3 + Math.floor(unit(seed, `count:${marketHashName}`) * 5);
  const asks: CompetitorAsk[] = [];
  for (let i = 0; i < count; i++) {
    const spread = 0.93 + 0.2 * unit(seed, `ask:${marketHashName}:${i}:${step}`);
    const itemId = `sb${Math.floor(unit(seed, `id:${marketHashName}:${i}`) * 1e9)}`;
    asks.push({ itemId, priceUsd: Math.max(1, Math.round(referenceUsd * spread * wave)) });
  }
  return asks;
}

let references: Map<string, number> | null = null;

/** The reference price (USD units) of a sandbox item by its market hash name, or null when the sandbox has none. */
export function sandboxReferencePrice(marketHashName: string): number | null {
  if (!references) {
    references = new Map();
    for (const entries of Object.values(SANDBOX_CATALOGUE)) {
      for (const entry of entries) {
        const exteriors = entry.wears ? ITEM_EXTERIORS.map((_, index) => index) : [null];
        for (const exterior of exteriors)
          references.set(displayName(entry, exterior), priceOf(entry, exterior));
      }
    }
  }
  return references.get(marketHashName) ?? null;
}
