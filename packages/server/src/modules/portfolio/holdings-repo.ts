import { TRADE_PROTECTED_CONTEXT_ID } from '@tradedeck/sdk/domain';
import { and, eq, gte, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  type HoldingAsset,
  portfolioHoldings as holdings,
  steamAccounts,
  steamTradeWatches,
} from '../../db/schema.ts';
import { anyId, rowsOf } from '../../db/sql-fragments.ts';
import type { ScannedAsset } from './match.ts';
import type { HoldingRow } from './types.ts';

/** A trade of ours that gave this account an item, with what the item was on the giving account. */
export interface GivenItem {
  tradeId: string | null;
  fromSteamId: string | null;
  classId: string;
  instanceId: string;
  marketHashName: string;
}

/** Where a new holding came from. */
export interface HoldingOrigin {
  kind: 'trade' | 'seen';
  tradeId: string | null;
  from: string | null;
}

/** Holdings rows inserted per statement. */
const INSERT_CHUNK = 1000;

/** The holdings' SQL, inside the caller's user scope. */
export class HoldingQueries {
  constructor(
    private readonly tx: Db,
    private readonly userId: string,
  ) {}

  /** The account's holdings of one game held now, and its protected ones that left since `since`. */
  async ofAccount(accountId: number, game: string, since: Date): Promise<HoldingRow[]> {
    return this.tx
      .select()
      .from(holdings)
      .where(
        and(
          eq(holdings.userId, this.userId),
          eq(holdings.accountId, accountId),
          eq(holdings.game, game),
          or(
            isNull(holdings.goneAt),
            and(eq(holdings.contextId, TRADE_PROTECTED_CONTEXT_ID), gte(holdings.goneAt, since)),
          ),
        ),
      );
  }

  /** Marks holdings seen by a scan at `at` (and back, when they had gone), with their protection end. */
  async seen(entries: readonly { holdingId: number; asset: ScannedAsset }[], at: Date): Promise<void> {
    if (entries.length === 0) return;
    const ids = sql.param(entries.map((entry) => entry.holdingId));
    const ends = sql.param(entries.map((entry) => entry.asset.protectedUntil?.toISOString() ?? null));
    await this.tx.execute(sql`update ${holdings} set last_seen_at = ${at}, gone_at = null,
        protected_until = s.protected_until
      from unnest(${ids}::int[], ${ends}::timestamptz[]) as s(id, protected_until)
      where ${holdings.id} = s.id and ${holdings.userId} = ${this.userId}`);
  }

  /** A holding found again under a new asset id: the new id joins its history. */
  async moved(holdingId: number, asset: ScannedAsset, at: Date): Promise<void> {
    const entry: HoldingAsset = {
      assetId: asset.assetId,
      contextId: asset.contextId,
      seenAt: at.toISOString(),
    };
    await this.tx
      .update(holdings)
      .set({
        assetId: asset.assetId,
        contextId: asset.contextId,
        protectedUntil: asset.protectedUntil,
        assets: sql`${holdings.assets} || ${JSON.stringify([entry])}::jsonb`,
        lastSeenAt: at,
        goneAt: null,
      })
      .where(and(eq(holdings.userId, this.userId), eq(holdings.id, holdingId)));
  }

  async gone(ids: readonly number[], at: Date): Promise<void> {
    if (ids.length === 0) return;
    await this.tx
      .update(holdings)
      .set({ goneAt: at })
      .where(and(eq(holdings.userId, this.userId), anyId(holdings.id, ids)));
  }

  async add(
    accountId: number,
    game: string,
    fresh: readonly { asset: ScannedAsset; origin: HoldingOrigin }[],
    at: Date,
  ): Promise<void> {
    for (let start = 0; start < fresh.length; start += INSERT_CHUNK) {
      await this.tx.insert(holdings).values(
        fresh.slice(start, start + INSERT_CHUNK).map(({ asset, origin }) => ({
          userId: this.userId,
          accountId,
          game,
          appId: asset.appId,
          classId: asset.classId,
          instanceId: asset.instanceId,
          marketHashName: asset.marketHashName,
          assetId: asset.assetId,
          contextId: asset.contextId,
          protectedUntil: asset.protectedUntil,
          originKind: origin.kind,
          originTradeId: origin.tradeId,
          originFrom: origin.from,
          assets: [{ assetId: asset.assetId, contextId: asset.contextId, seenAt: at.toISOString() }],
          firstSeenAt: at,
          lastSeenAt: at,
        })),
      );
    }
  }

  /**
   * Items trades of ours gave this account since `since`: each followed trade (steam_trade_watches) whose partner is
   * this account, with the class of every asset it gave as the giving account's holdings knew it.
   */
  async givenTo(accountId: number, since: Date): Promise<GivenItem[]> {
    const statement = sql`
      select w.trade_id as "tradeId", giver.steam_id as "fromSteamId", h.class_id as "classId",
        h.instance_id as "instanceId", h.market_hash_name as "marketHashName"
      from ${steamTradeWatches} w
      join ${steamAccounts} me on me.id = ${accountId} and me.user_id = ${this.userId}
      join ${steamAccounts} giver on giver.id = w.account_id
      join ${holdings} h on h.account_id = w.account_id and h.user_id = ${this.userId}
        and h.asset_id in (select jsonb_array_elements_text(w.given_asset_ids))
      where w.user_id = ${this.userId} and w.partner_steam_id = me.steam_id and w.created_at >= ${since}
      order by w.created_at`;
    return rowsOf<GivenItem>(await this.tx.execute(statement));
  }

  async byAsset(accountId: number, assetId: string): Promise<HoldingRow | null> {
    const [row] = await this.tx
      .select()
      .from(holdings)
      .where(
        and(
          eq(holdings.userId, this.userId),
          eq(holdings.accountId, accountId),
          eq(holdings.assetId, assetId),
        ),
      )
      .orderBy(sql`${holdings.goneAt} desc nulls first`)
      .limit(1);
    if (row) return row;
    // An asset id the holding had before (protection ended and Steam gave it a new one).
    const [earlier] = await this.tx
      .select()
      .from(holdings)
      .where(
        and(
          eq(holdings.userId, this.userId),
          eq(holdings.accountId, accountId),
          sql`${holdings.assets} @> ${JSON.stringify([{ assetId }])}::jsonb`,
        ),
      )
      .limit(1);
    return earlier ?? null;
  }
}
