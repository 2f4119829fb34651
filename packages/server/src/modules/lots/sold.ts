/**
 * A sale the seller loop saw (the market asked for its delivery): the sold lots show as sold ("ready to trade") at
 * once and the lots list hears of it live, instead of staying "on sale" until the next sync reads the market. The
 * same items' listings on the Steam account's other markets are marked in the same transaction and their delist is
 * queued after it (`delist.ts`): the sale never waits for another market.
 */
import { announceLots } from './announce.ts';
import { type Delister, markSoldElsewhere } from './delist.ts';
import type { LotsShared } from './deps.ts';
import { issuesOf } from './issues.ts';
import { toLotChange } from './views.ts';

const SOLD = 'ready_to_trade';

/** Marks the account's lots of the sold assets as sold; answers how many changed. */
export async function markLotsSold(
  deps: Pick<LotsShared, 'repo' | 'eventLog' | 'now'>,
  delister: Pick<Delister, 'queue'>,
  userId: string,
  sellerAccountId: number,
  assetIds: readonly string[],
): Promise<number> {
  if (assetIds.length === 0) return 0;
  const { count, listed } = await deps.repo.run(userId, async (q) => {
    const now = new Date(deps.now());
    const sold = (await q.ofAssets(sellerAccountId, assetIds)).filter((lot) => lot.status !== SOLD);
    const changed = await q.patch(
      sold.map((lot) => ({ id: lot.id, status: SOLD, issues: issuesOf({ ...lot, status: SOLD }) })),
      now,
    );
    const elsewhere = await markSoldElsewhere(q, sellerAccountId, assetIds, now);
    await announceLots(deps.eventLog, q, [...changed.map((row) => toLotChange(row)), ...elsewhere.changes]);
    return { count: changed.length, listed: elsewhere.listed };
  });
  await delister.queue(userId, listed);
  return count;
}
