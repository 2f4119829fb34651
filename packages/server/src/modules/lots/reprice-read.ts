import type { RepriceLot } from './types.ts';

/** A listing of the user on sale that is not among the picked lots: repricing must not undercut it either. */
export interface OtherListing {
  /** The market it is listed on: our listings on another market are not asks of this one. */
  platform: string;
  itemId: string;
  marketHashName: string;
  price: number;
  currency: string;
}

/** What repricing reads: the picked lots (id order) and the user's listings on sale outside them. */
export interface RepriceRead {
  lots: RepriceLot[];
  otherListings: OtherListing[];
}

/** The columns of the read's JSON text, one array per column. */
interface Columns {
  id: number[];
  sellerAccountId: number[];
  platform: string[];
  itemId: (string | null)[];
  assetId: string[];
  marketHashName: string[];
  currency: string[];
  price: (number | null)[];
  minPrice: (number | null)[];
  maxPrice: (number | null)[];
  purchasePrice: (number | null)[];
  profile: string[];
  strategy: string[];
  status: string[];
  issues: string[];
  settlement: number[];
  lastPriceWriteAt: (number | null)[];
  lastRepriceReason: (string | null)[];
  otherItemId: string[];
  otherName: string[];
  otherPrice: (number | null)[];
  otherCurrency: string[];
  otherPlatform: string[];
}

/**
 * Lots from the read's columns. Strategies and issue lists repeat across lots, so each distinct text is parsed
 * once and its value shared (nothing downstream changes them in place).
 */
export function repriceReadOf(data: string | null): RepriceRead {
  if (data === null) return { lots: [], otherListings: [] };
  const c = JSON.parse(data) as Columns;
  const parsed = new Map<string, unknown>();
  const parseOnce = <T>(text: string): T => {
    let value = parsed.get(text);
    if (value === undefined) {
      value = JSON.parse(text);
      parsed.set(text, value);
    }
    return value as T;
  };
  const lots: RepriceLot[] = new Array(c.id.length);
  let ordered = true;
  for (let i = 0; i < c.id.length; i++) {
    const written = c.lastPriceWriteAt[i] ?? null;
    lots[i] = {
      id: c.id[i] as number,
      sellerAccountId: c.sellerAccountId[i] as number,
      platform: c.platform[i] as string,
      itemId: c.itemId[i] ?? null,
      assetId: c.assetId[i] as string,
      marketHashName: c.marketHashName[i] as string,
      currency: c.currency[i] as string,
      price: c.price[i] ?? null,
      minPrice: c.minPrice[i] ?? null,
      maxPrice: c.maxPrice[i] ?? null,
      purchasePrice: c.purchasePrice[i] ?? null,
      profile: c.profile[i] as string,
      strategy: parseOnce(c.strategy[i] as string),
      status: c.status[i] as string,
      issues: parseOnce<string[]>(c.issues[i] as string),
      settlement: c.settlement[i] as number,
      lastPriceWriteAt: written === null ? null : new Date(written),
      lastRepriceReason: c.lastRepriceReason[i] ?? null,
    };
    if (i > 0 && (c.id[i] as number) < (c.id[i - 1] as number)) ordered = false;
  }
  // The statement reads in id order; should a plan ever aggregate otherwise, the answer is still in id order.
  if (!ordered) lots.sort((a, b) => a.id - b.id);
  const otherListings: OtherListing[] = new Array(c.otherItemId.length);
  for (let i = 0; i < c.otherItemId.length; i++)
    otherListings[i] = {
      platform: c.otherPlatform[i] as string,
      itemId: c.otherItemId[i] as string,
      marketHashName: c.otherName[i] as string,
      price: c.otherPrice[i] ?? 0,
      currency: c.otherCurrency[i] as string,
    };
  return { lots, otherListings };
}
