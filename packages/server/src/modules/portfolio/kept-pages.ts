/**
 * Portfolio pages kept between requests. Every trader of a workspace opens the same first grouped page, and a
 * screen asks a filter again on every return to it, although no scan, price or account changed in between. A page
 * is kept per workspace and request (filters, grouping, order, window) with the snapshot it was read in and the
 * stored prices of its rows, and answered again only while the change log (db/list-totals.ts) shows no transaction
 * that snapshot did not see has written to a table the page reads, so it is right with several server processes
 * on one database. Values are worked out again on every request: their ages, staleness, the rates and the chosen
 * source and currency are the request's own.
 */
import { createHash } from 'node:crypto';
import type { contract } from '@tradedeck/sdk/contract';
import type { z } from 'zod';
import type { ListAnswer } from '../../db/list-page.ts';
import { KEPT_TOTAL_MS, KeptBySnapshot, type ListSource } from '../../db/list-totals.ts';
import type { AccountGroupRow, AssetRow, ItemGroupRow, NamePrices } from './types.ts';

type QueryInput = z.output<typeof contract.portfolio.query.input>;

/** How many pages one process keeps at most (of 100 rows at most each); the least recently used go first. */
const MAX_KEPT = 512;

/** A page as read: its rows and every source's stored price of their items. */
export type ReadPage =
  | { by: 'item'; page: ListAnswer<ItemGroupRow>; prices: NamePrices[] }
  | { by: 'account'; page: ListAnswer<AccountGroupRow>; prices: NamePrices[] }
  | { by: 'flat'; page: ListAnswer<AssetRow>; prices: NamePrices[] };

export type KeptPage = ReadPage & { snapshot: string };

export class KeptPages extends KeptBySnapshot<KeptPage> {
  constructor(now: () => number = () => performance.now()) {
    // The change rows are purged a few lifetimes of a kept list total after they end: a page is kept no longer.
    super({ lifetimeMs: KEPT_TOTAL_MS, maxEntries: MAX_KEPT, now });
  }
}

/**
 * The key of a page: the workspace and the request without how it is valued. None for a value range (which
 * items fall in it depends on the prices and rates of the moment).
 */
export function keptPageKey(userId: string, input: QueryInput): string | null {
  if (input.minValue !== undefined || input.maxValue !== undefined) return null;
  const { source: _source, currency: _currency, includeOutliers: _outliers, ...read } = input;
  // Hashed: a filter may name up to 100,000 accounts.
  return createHash('sha256')
    .update(`${userId}\0${JSON.stringify(read)}`)
    .digest('base64url');
}

/**
 * The tables a page reads: the items (and the groups kept from them), the scans (a Steam reference's observation
 * time, an account's last read) and the price profile; the accounts' logins for accounts and assets; tag links
 * and lots when a filter reads them.
 */
export function keptPageSources(input: QueryInput): ListSource[] {
  const sources: ListSource[] = ['steam_inventory_items', 'steam_inventory_scans', 'lot_prices'];
  if (input.by !== 'item') sources.push('steam_accounts');
  if (input.tagIds?.length) sources.push('steam_account_tag_links');
  if (input.onSale) sources.push('lots');
  return sources;
}
