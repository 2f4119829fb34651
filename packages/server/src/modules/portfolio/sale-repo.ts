import type { PortfolioSelection } from '@tradedeck/sdk/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { steamInventoryItems as items, lots, sellerAccounts } from '../../db/schema.ts';
import { rowsOf } from '../../db/sql-fragments.ts';

/** A selected asset with its cached item and the TM lot of the same asset on its account's seller account. */
export interface SaleCandidateRow {
  account_id: number;
  asset_id: string;
  game: string | null;
  market_hash_name: string | null;
  lot_id: number | null;
  lot_status: string | null;
  lot_currency: string | null;
}

/** The portfolio's reads for a TM listing from a selection: the lots area owns the listing itself. */
export class SaleQueries {
  constructor(
    private readonly tx: Db,
    private readonly userId: string,
  ) {}

  async candidates(selection: PortfolioSelection): Promise<SaleCandidateRow[]> {
    const statement = sql`
      select s.account_id, s.asset_id, i.game, i.market_hash_name, l.id as lot_id, l.status as lot_status,
        l.currency as lot_currency
      from unnest(${sql.param(selection.map((asset) => asset.accountId))}::int[],
        ${sql.param(selection.map((asset) => asset.assetId))}::text[]) with ordinality as s(account_id, asset_id, n)
      left join lateral (select ${items.game} as game, ${items.marketHashName} as market_hash_name from ${items}
        where ${items.userId} = ${this.userId} and ${items.accountId} = s.account_id
          and ${items.assetId} = s.asset_id limit 1) i on true
      left join lateral (select ${lots.id} as id, ${lots.status} as status, ${lots.currency} as currency
        from ${lots} join ${sellerAccounts} on ${sellerAccounts.id} = ${lots.sellerAccountId}
        where ${lots.userId} = ${this.userId} and ${lots.platform} = 'tm' and ${sellerAccounts.platform} = 'tm'
          and ${sellerAccounts.steamAccountId} = s.account_id and ${lots.assetId} = s.asset_id
        order by ${lots.id} desc limit 1) l on true
      order by s.n`;
    return rowsOf<SaleCandidateRow>(await this.tx.execute(statement));
  }
}
