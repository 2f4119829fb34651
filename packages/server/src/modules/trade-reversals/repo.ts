import type { TradeIntent } from '@tradedeck/sdk/contract';
import type { DeliveryStatus, HarvesterTransactionStatus } from '@tradedeck/sdk/domain';
import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  harvesterTransactions,
  lotSales,
  sellerDeliveries,
  steamAccounts,
  steamTradeIntents,
  steamTradeWatches,
} from '../../db/schema.ts';
import { anyText, rowsOf } from '../../db/sql-fragments.ts';
import { move, type StatusStore } from '../../db/state-machine.ts';
import type { UserScope } from '../../security/user-scope.ts';
import { transactionMachine } from '../harvester/index.ts';
import { deliveryMachine } from '../seller/index.ts';
import { intentMachine } from '../steam-trading/index.ts';

export type WatchRow = typeof steamTradeWatches.$inferSelect;
export type WatchSubject = 'harvester' | 'delivery' | 'move';
/** What a reversal moved, when it was in the state it is moved from. */
export interface ReversedRows {
  transaction: { id: number; sessionId: number } | null;
  delivery: typeof sellerDeliveries.$inferSelect | null;
}

const assetIds = (column: string) =>
  sql.raw(`coalesce((select jsonb_agg(x->>'assetId') from jsonb_array_elements(${column}) x), '[]'::jsonb)`);

/**
 * The trade watches: the system-wide sweeps (new accepted trades of every user, windows that ended, accounts due a
 * check) and, in one user's scope, the check's reads and writes. A reversal moves the watch and what the trade
 * carried in one transaction, each only from the state it must be in (completed, ready, done).
 */
export class ReversalsRepo {
  constructor(
    private readonly db: Db,
    private readonly scope: UserScope,
  ) {}

  run<T>(userId: string, work: (q: WatchQueries) => Promise<T>): Promise<T> {
    return this.scope.run(userId, (tx) => work(new WatchQueries(tx, userId)));
  }

  /**
   * Watches the accepted trades of ours not watched yet: completed harvester transactions, deliveries (from their
   * intent on, so the sold lots' market ids are captured while the lots still exist), and sends between the user's
   * own accounts that are neither of those. Answers how many were added.
   */
  async registerNew(since: Date, lookFor: Date): Promise<number> {
    const harvester = sql`insert into steam_trade_watches
        (user_id, account_id, subject, subject_id, partner_steam_id, given_asset_ids, received_asset_ids, window_ends_at)
      select t.user_id, t.source_id, 'harvester', t.id, target.steam_id, ${assetIds('t.items')},
        ${assetIds('t.give_back')}, ${lookFor}
      from harvester_transactions t
        join steam_accounts target on target.id = t.target_id and target.user_id = t.user_id
        join steam_accounts source on source.id = t.source_id and source.user_id = t.user_id
      where t.status = 'completed' and t.offer_id is not null and t.updated_at >= ${since}
        and target.steam_id is not null
      on conflict do nothing returning id`;
    const delivery = sql`insert into steam_trade_watches
        (user_id, account_id, subject, subject_id, partner_steam_id, given_asset_ids, sale_item_ids, window_ends_at)
      select d.user_id, s.steam_account_id, 'delivery', d.id, d.partner_steam_id, ${assetIds('d.items')},
        coalesce((select jsonb_agg(l.item_id) from lots l
          where l.seller_account_id = d.seller_account_id and l.item_id is not null
            and l.asset_id in (select x->>'assetId' from jsonb_array_elements(d.items) x)), '[]'::jsonb),
        ${lookFor}
      from seller_deliveries d join seller_accounts s on s.id = d.seller_account_id
      where d.status in ('pending', 'sent', 'confirmed', 'ready') and d.created_at >= ${since}
      on conflict do nothing returning id`;
    const move = sql`insert into steam_trade_watches
        (user_id, account_id, subject, subject_id, partner_steam_id, given_asset_ids, received_asset_ids, window_ends_at)
      select i.user_id, i.account_id, 'move', i.id, i.partner_steam_id, ${assetIds("i.request->'itemsToGive'")},
        ${assetIds("i.request->'itemsToReceive'")}, ${lookFor}
      from steam_trade_intents i
      where i.kind = 'send' and i.status = 'done' and i.completed_at >= ${since} and i.partner_steam_id is not null
        and exists (select 1 from steam_accounts own
          where own.user_id = i.user_id and own.steam_id = i.partner_steam_id)
        and not exists (select 1 from harvester_transactions h
          where h.user_id = i.user_id and h.reference = i.reference)
        and not exists (select 1 from seller_deliveries d where d.user_id = i.user_id and d.reference = i.reference)
      on conflict do nothing returning id`;
    let added = 0;
    for (const statement of [harvester, delivery, move])
      added += rowsOf(await this.db.execute(statement)).length;
    return added;
  }

  /** Watches whose window ended, and deliveries that failed before any trade, are no longer checked. */
  async clearEnded(now: Date): Promise<number> {
    const failedDelivery = sql`${steamTradeWatches.subject} = 'delivery' and ${steamTradeWatches.tradeId} is null
      and exists (select 1 from seller_deliveries d where d.id = ${steamTradeWatches.subjectId} and d.status = 'failed')`;
    const rows = await this.db
      .update(steamTradeWatches)
      .set({ status: 'cleared' })
      .where(
        and(
          eq(steamTradeWatches.status, 'watching'),
          or(lt(steamTradeWatches.windowEndsAt, now), failedDelivery),
        ),
      )
      .returning({ id: steamTradeWatches.id });
    return rows.length;
  }

  /** Accounts with a watch inside its window not checked since `checkedBefore`, least recently checked first. */
  async dueAccounts(now: Date, checkedBefore: Date): Promise<{ userId: string; accountId: number }[]> {
    return this.db
      .select({ userId: steamTradeWatches.userId, accountId: steamTradeWatches.accountId })
      .from(steamTradeWatches)
      .where(
        and(
          eq(steamTradeWatches.status, 'watching'),
          gt(steamTradeWatches.windowEndsAt, now),
          or(isNull(steamTradeWatches.checkedAt), lt(steamTradeWatches.checkedAt, checkedBefore)),
        ),
      )
      .groupBy(steamTradeWatches.userId, steamTradeWatches.accountId)
      .orderBy(
        sql`min(coalesce(${steamTradeWatches.checkedAt}, 'epoch'::timestamptz))`,
        asc(steamTradeWatches.accountId),
      );
  }
}

/** One user's watch statements. */
export class WatchQueries {
  constructor(
    readonly tx: Db,
    private readonly userId: string,
  ) {}

  private own() {
    return eq(steamTradeWatches.userId, this.userId);
  }

  watching(accountId: number, now: Date): Promise<WatchRow[]> {
    return this.tx
      .select()
      .from(steamTradeWatches)
      .where(
        and(
          this.own(),
          eq(steamTradeWatches.accountId, accountId),
          eq(steamTradeWatches.status, 'watching'),
          gt(steamTradeWatches.windowEndsAt, now),
        ),
      )
      .orderBy(asc(steamTradeWatches.id));
  }

  /** The trade that carried the watch is known: its window runs from when it was made. */
  async matched(id: number, tradeId: string, tradedAt: Date, windowEndsAt: Date): Promise<void> {
    await this.tx
      .update(steamTradeWatches)
      .set({ tradeId, tradedAt, windowEndsAt })
      .where(and(this.own(), eq(steamTradeWatches.id, id), isNull(steamTradeWatches.tradeId)));
  }

  async stamp(accountId: number, at: Date): Promise<void> {
    await this.tx
      .update(steamTradeWatches)
      .set({ checkedAt: at })
      .where(
        and(this.own(), eq(steamTradeWatches.accountId, accountId), eq(steamTradeWatches.status, 'watching')),
      );
  }

  /**
   * Records the reversal on the watch and moves what the trade carried to `reversed` (a harvester transaction
   * only from completed, a delivery only from ready with its sales, a move only from done). False when the watch
   * was already settled (another check recorded it).
   */
  async reverse(
    watch: WatchRow,
    tradeId: string,
    rollbackTradeId: string | null,
    at: Date,
  ): Promise<ReversedRows | null> {
    const [changed] = await this.tx
      .update(steamTradeWatches)
      .set({ status: 'reversed', tradeId, reversedAt: at, rollbackTradeId })
      .where(and(this.own(), eq(steamTradeWatches.id, watch.id), eq(steamTradeWatches.status, 'watching')))
      .returning({ id: steamTradeWatches.id });
    if (!changed) return null;
    const subject = { id: watch.subjectId };
    if (watch.subject === 'harvester') {
      const transaction = await move(
        this.transactionStatus,
        transactionMachine,
        subject,
        'completed',
        'reversed',
        {
          set: { updatedAt: at },
        },
      );
      return { transaction, delivery: null };
    }
    if (watch.subject === 'delivery') {
      const delivery = await move(this.deliveryStatus, deliveryMachine, subject, 'ready', 'reversed');
      if (delivery && watch.saleItemIds.length > 0)
        await this.tx
          .update(lotSales)
          .set({ state: 'reversed' })
          .where(
            and(
              eq(lotSales.userId, this.userId),
              eq(lotSales.sellerAccountId, delivery.sellerAccountId),
              sql`${lotSales.itemId} in (select jsonb_array_elements_text(${JSON.stringify(watch.saleItemIds)}::jsonb))`,
            ),
          );
      return { transaction: null, delivery };
    }
    await move(this.intentStatus, intentMachine, subject, 'done', 'reversed');
    return { transaction: null, delivery: null };
  }

  // The compare-and-sets a reversal moves through the machines of the three areas (db/state-machine.ts).
  private readonly transactionStatus: StatusStore<
    HarvesterTransactionStatus,
    { id: number; sessionId: number; updatedAt: Date }
  > = {
    compareAndSet: async (id, from, set) => {
      const [row] = await this.tx
        .update(harvesterTransactions)
        .set(set)
        .where(
          and(
            eq(harvesterTransactions.userId, this.userId),
            eq(harvesterTransactions.id, id),
            anyText(harvesterTransactions.status, from),
          ),
        )
        .returning({
          id: harvesterTransactions.id,
          sessionId: harvesterTransactions.sessionId,
          updatedAt: harvesterTransactions.updatedAt,
        });
      return row ?? null;
    },
  };

  private readonly deliveryStatus: StatusStore<DeliveryStatus, typeof sellerDeliveries.$inferSelect> = {
    compareAndSet: async (id, from, set) => {
      const [row] = await this.tx
        .update(sellerDeliveries)
        .set(set)
        .where(
          and(
            eq(sellerDeliveries.userId, this.userId),
            eq(sellerDeliveries.id, id),
            anyText(sellerDeliveries.status, from),
          ),
        )
        .returning();
      return row ?? null;
    },
  };

  private readonly intentStatus: StatusStore<TradeIntent['status'], { id: number }> = {
    compareAndSet: async (id, from, set) => {
      const [row] = await this.tx
        .update(steamTradeIntents)
        .set(set)
        .where(
          and(
            eq(steamTradeIntents.userId, this.userId),
            eq(steamTradeIntents.id, id),
            anyText(steamTradeIntents.status, from),
          ),
        )
        .returning({ id: steamTradeIntents.id });
      return row ?? null;
    },
  };

  async login(accountId: number): Promise<string> {
    const [row] = await this.tx
      .select({ login: steamAccounts.login })
      .from(steamAccounts)
      .where(and(eq(steamAccounts.userId, this.userId), eq(steamAccounts.id, accountId)));
    return row?.login ?? String(accountId);
  }
}
