import type { PortfolioFilters, PortfolioSelection } from '@tradedeck/sdk/contract';
import { TRADE_PROTECTED_CONTEXT_ID } from '@tradedeck/sdk/domain';
import { and, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { steamInventoryItems as items, lots, steamAccountTagLinks } from '../../db/schema.ts';
import { anyId, anyText, likeContains } from '../../db/sql-fragments.ts';

/** The items of a value range: the (game, name) pairs whose unit value from the chosen source lies in it. */
export interface ValuedNames {
  games: string[];
  names: string[];
}

/** The WHERE of every portfolio read over the inventory cache: the user's items that match the filters. */
export function portfolioWhere(
  userId: string,
  filters: PortfolioFilters,
  inRange: ValuedNames | null,
  selection?: PortfolioSelection,
): SQL {
  const conditions: (SQL | undefined)[] = [eq(items.userId, userId)];
  if (selection)
    conditions.push(
      sql`(${items.accountId}, ${items.assetId}) in (select * from unnest(
        ${sql.param(selection.map((asset) => asset.accountId))}::int[],
        ${sql.param(selection.map((asset) => asset.assetId))}::text[]))`,
    );
  if (filters.game) conditions.push(eq(items.game, filters.game));
  if (filters.accountIds?.length) conditions.push(anyId(items.accountId, filters.accountIds));
  if (filters.tagIds?.length)
    conditions.push(
      sql`${items.accountId} in (select ${steamAccountTagLinks.accountId} from ${steamAccountTagLinks}
        where ${steamAccountTagLinks.userId} = ${userId} and ${anyId(steamAccountTagLinks.tagId, filters.tagIds)})`,
    );
  if (filters.tradableNow) conditions.push(eq(items.tradable, true));
  if (filters.tradableBy)
    // Tradable by then: now, or its hold and its protection both end by then (an item with neither date never is).
    conditions.push(
      sql`(${items.tradable} or greatest(${items.tradableAfter}, ${items.protectedUntil}) <= ${filters.tradableBy}::timestamptz)`,
    );
  if (filters.protectedOnly) conditions.push(eq(items.contextId, TRADE_PROTECTED_CONTEXT_ID));
  if (filters.onSale)
    conditions.push(
      sql`exists (select 1 from ${lots} where ${lots.userId} = ${userId} and ${lots.assetId} = ${items.assetId}
        and ${lots.status} = 'on_sale')`,
    );
  conditions.push(...itemFilters(items, filters, inRange));
  return and(...conditions)!;
}

/** The columns that describe an item, on the cached items and on the kept groups alike. */
interface ItemColumns {
  game: SQLWrapper;
  marketHashName: SQLWrapper;
  name: SQLWrapper;
  exterior: SQLWrapper;
  rarity: SQLWrapper;
}

/** The filters on what an item is (game, exterior, rarity, name, value range), over either table. */
export function itemFilters(
  columns: ItemColumns,
  filters: PortfolioFilters,
  inRange: ValuedNames | null,
): SQL[] {
  const conditions: SQL[] = [];
  if (filters.exteriors?.length) conditions.push(anyText(columns.exterior, filters.exteriors));
  if (filters.rarities?.length) conditions.push(anyText(columns.rarity, filters.rarities));
  const search = filters.searchString?.trim();
  if (search) conditions.push(sql`${columns.name} ilike ${likeContains(search)}`);
  if (inRange)
    conditions.push(
      sql`(${columns.game}, ${columns.marketHashName}) in (select * from unnest(${sql.param(inRange.games)}::text[],
        ${sql.param(inRange.names)}::text[]))`,
    );
  return conditions;
}
