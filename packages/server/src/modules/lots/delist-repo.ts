import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { lots, sellerAccounts } from '../../db/schema.ts';
import { anyId } from '../../db/sql-fragments.ts';
import type { LotDbRow } from './types.ts';

/** A listing taken down because its item sold on another market: the intent, kept on the lot as this issue. */
export const SOLD_ELSEWHERE = 'sold_elsewhere';

const soldElsewhere = sql`${lots.issues} ? ${SOLD_ELSEWHERE}`;

/** The auto-delist's statements of one user (docs/market.md, Auto-delist). */
export class DelistQueries {
  constructor(
    private readonly tx: Db,
    private readonly userId: string,
  ) {}

  /**
   * The same assets' lots on the Steam account's other seller accounts (its other markets) not yet marked: the
   * listings to take down once the item sold on `sellerAccountId`'s market.
   */
  async siblingsOf(sellerAccountId: number, assetIds: readonly string[]): Promise<LotDbRow[]> {
    if (assetIds.length === 0) return [];
    const steamAccount = this.tx
      .select({ id: sellerAccounts.steamAccountId })
      .from(sellerAccounts)
      .where(and(eq(sellerAccounts.userId, this.userId), eq(sellerAccounts.id, sellerAccountId)));
    const rows = await this.tx
      .select({ lot: lots })
      .from(lots)
      .innerJoin(sellerAccounts, eq(sellerAccounts.id, lots.sellerAccountId))
      .where(
        and(
          eq(lots.userId, this.userId),
          inArray(lots.assetId, [...assetIds]),
          ne(lots.sellerAccountId, sellerAccountId),
          inArray(sellerAccounts.steamAccountId, steamAccount),
          ne(lots.status, 'ready_to_trade'),
          sql`not ${soldElsewhere}`,
        ),
      )
      .for('update', { of: lots });
    return rows.map((row) => row.lot);
  }

  /** The user's marked lots still listed (`ids`: only these). */
  async pending(ids?: readonly number[]): Promise<LotDbRow[]> {
    return this.tx
      .select()
      .from(lots)
      .where(
        and(
          eq(lots.userId, this.userId),
          soldElsewhere,
          isNotNull(lots.itemId),
          ...(ids ? [anyId(lots.id, ids)] : []),
        ),
      )
      .orderBy(lots.sellerAccountId, lots.id);
  }
}

/** Every user's marked lots still listed (the supervisor queues their delists again after a crash). */
export async function pendingDelists(db: Db): Promise<{ userId: string; id: number }[]> {
  return db
    .select({ userId: lots.userId, id: lots.id })
    .from(lots)
    .where(and(soldElsewhere, isNotNull(lots.itemId)))
    .orderBy(lots.userId, lots.id);
}
