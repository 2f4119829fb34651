import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/sql-fragments.ts';
import type { AuthTestApp } from '../auth/helpers/auth-app.ts';

export type LotPage = {
  items: { id: number }[];
  total: number;
  totalCapped?: boolean;
  nextCursor?: string | null;
};

/** A seller account of the user written straight into the tables (the lists read lots, not the market). */
export async function seedSellerAccount(t: AuthTestApp, userId: string, login: string): Promise<number> {
  const db = t.testDb.database.db;
  const [steam] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into steam_accounts (user_id, login, password_enc, mafile_enc)
      values (${userId}, ${login}, 'x', 'x') returning id`),
  );
  const [seller] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into seller_accounts
        (user_id, steam_account_id, api_key_enc, key_id, api_key_hint, payment_password_enc, currency)
      values (${userId}, ${steam!.id}, 'x', ${`key-${login}`}, 'xxxx', 'x', 'USD') returning id`),
  );
  return seller!.id;
}

export interface SeedLot {
  name: string;
  status?: string;
  profile?: string;
  price?: number | null;
  itemId?: string | null;
}

/** Lots of one account written straight into the table; asset ids are `prefix-n`. */
export async function seedLots(
  t: AuthTestApp,
  userId: string,
  accountId: number,
  prefix: string,
  lots: readonly SeedLot[],
): Promise<void> {
  const db = t.testDb.database.db;
  for (let start = 0; start < lots.length; start += 200) {
    const chunk = lots.slice(start, start + 200);
    const rows = chunk.map(
      (lot, i) => sql`(${userId}::uuid, ${accountId}::int, ${lot.itemId ?? null}, ${`${prefix}-${start + i}`},
        '1', '0', ${lot.name}, 'cs2', 'USD', ${lot.price ?? null}::bigint, ${lot.profile ?? 'aggressive'},
        '{"kind":"percentOfThresholds","lowBp":10000,"highBp":10000}'::jsonb, ${lot.status ?? 'on_sale'})`,
    );
    await db.execute(sql`insert into lots (user_id, seller_account_id, item_id, asset_id, class_id, instance_id,
      market_hash_name, game, currency, price, profile, strategy, status) values ${sql.join(rows, sql`, `)}`);
  }
}

/** Every id of a list walked page by page through its cursor, in the order the pages gave them. */
export async function walkPages(
  query: (body: Record<string, unknown>) => Promise<LotPage>,
  body: Record<string, unknown>,
  pageSize = 100,
  between?: (page: number) => Promise<void>,
): Promise<{ ids: number[]; pages: number }> {
  const ids: number[] = [];
  let after: string | null = null;
  let pages = 0;
  do {
    const page: LotPage = await query({ ...body, after, pages: { page: 1, pageSize } });
    ids.push(...page.items.map((item) => Number(item.id)));
    after = page.nextCursor ?? null;
    await between?.(pages);
    pages++;
  } while (after);
  return { ids, pages };
}
