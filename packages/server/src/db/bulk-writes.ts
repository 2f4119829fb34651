import { sql } from 'drizzle-orm';
import type { Db } from './database.ts';

/**
 * Lets the rest of the transaction run its row checks on cached plans. A foreign key checks every new row with a
 * lookup of its parent, a statement of its own; the app's connections plan every statement for its own parameters
 * (`plan_cache_mode` in database.ts, on both databases, right for the lists), so a bulk insert planned that lookup
 * again for each row: 1.2–1.5 s of Postgres CPU for 100,000 proxies, a third of the insert itself. The lookup is
 * the same for every row, so the plan the engine would choose by itself serves it. Local to the transaction.
 */
export async function reusePlansInBulkWrite(tx: Db): Promise<void> {
  await tx.execute(sql`select set_config('plan_cache_mode', 'auto', true)`);
}
