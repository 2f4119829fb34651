import type { PortfolioFilters } from '@tradedeck/sdk/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  afterKeys,
  keyColumns,
  type ListAnswer,
  type ListKey,
  type ListWindow,
  listAnswer,
  listTotal,
  orderByKeys,
} from '../../db/list-page.ts';
import { portfolioItemGroups as groups } from '../../db/schema.ts';
import { itemFilters, type ValuedNames } from './filter-sql.ts';
import type { ItemGroupRow, PortfolioSort } from './types.ts';

/** Which kept slice of the groups answers these filters; null when only the items themselves can. */
export function groupSlice(filters: PortfolioFilters): 'all' | 'tradable' | 'protected' | null {
  // Accounts, tags, a date, and lots are not kept per group; tradable and protected together is no slice.
  if (filters.accountIds?.length || filters.tagIds?.length || filters.tradableBy || filters.onSale)
    return null;
  if (filters.tradableNow && filters.protectedOnly) return null;
  if (filters.tradableNow) return 'tradable';
  if (filters.protectedOnly) return 'protected';
  return 'all';
}

/**
 * The item groups kept per user and slice (drizzle/0043, rebuilt by a trigger in the transaction of every write
 * to the inventory cache): a page is a range of their primary key, whatever the number of items behind them.
 */
export class GroupQueries {
  constructor(
    private readonly tx: Db,
    private readonly userId: string,
  ) {}

  /** The order of a page of groups: the same key values as the grouped items' order, so a cursor serves both. */
  keys(sort: readonly PortfolioSort[]): ListKey[] {
    const byCount = sort.find((key) => key.propertyName === 'count');
    return [
      ...(byCount ? [{ expr: groups.count, descending: byCount.isDescending }] : []),
      { expr: groups.marketHashName, descending: false },
      { expr: groups.game, descending: false },
    ];
  }

  async page(
    slice: 'all' | 'tradable' | 'protected',
    filters: PortfolioFilters,
    inRange: ValuedNames | null,
    keys: ListKey[],
    window: ListWindow,
  ): Promise<ListAnswer<ItemGroupRow>> {
    const where = this.where(slice, filters, inRange);
    const rows = await this.tx
      .select({
        game: groups.game,
        marketHashName: groups.marketHashName,
        name: groups.name,
        iconUrl: groups.iconUrl,
        exterior: groups.exterior,
        rarity: groups.rarity,
        count: groups.count,
        accounts: groups.accounts,
        tradableCount: groups.tradableCount,
        protectedCount: groups.protectedCount,
        protectedUntil: sql<string | null>`${groups.protectedUntil}::text`,
        ...keyColumns(keys),
      })
      .from(groups)
      .where(window.after ? and(where, afterKeys(keys, window.after)) : where)
      .orderBy(...orderByKeys(keys))
      .limit(window.pageSize)
      .offset(window.offset);
    const total = await listTotal(this.tx, { table: groups, where }, window, {
      list: 'portfolio:item-groups',
      userId: this.userId,
      sources: ['steam_inventory_items'],
    }).count(rows.length);
    return listAnswer(rows, (row): ItemGroupRow => row, window, keys, total);
  }

  private where(slice: string, filters: PortfolioFilters, inRange: ValuedNames | null): SQL {
    const conditions: (SQL | undefined)[] = [eq(groups.userId, this.userId), eq(groups.slice, slice)];
    if (filters.game) conditions.push(eq(groups.game, filters.game));
    conditions.push(...itemFilters(groups, filters, inRange));
    return and(...conditions)!;
  }
}
