/**
 * A sale the seller loop saw (the market asked for its delivery): the sold lots show as sold ("ready to trade") at
 * once and the lots list hears of it live, instead of staying "on sale" until the next sync reads the market.
 */
import { announceLots } from './announce.ts';
import type { LotsShared } from './deps.ts';
import { issuesOf } from './sync.ts';
import { toLotChange } from './views.ts';

const SOLD = 'ready_to_trade';

/** Marks the account's lots of the sold assets as sold; answers how many changed. */
export async function markLotsSold(
  deps: Pick<LotsShared, 'repo' | 'eventLog' | 'now'>,
  userId: string,
  sellerAccountId: number,
  assetIds: readonly string[],
): Promise<number> {
  if (assetIds.length === 0) return 0;
  return deps.repo.run(userId, async (q) => {
    const sold = (await q.ofAssets(sellerAccountId, assetIds)).filter((lot) => lot.status !== SOLD);
    const changed = await q.patch(
      sold.map((lot) => ({ id: lot.id, status: SOLD, issues: issuesOf({ ...lot, status: SOLD }) })),
      new Date(deps.now()),
    );
    await announceLots(
      deps.eventLog,
      q,
      changed.map((row) => toLotChange(row)),
    );
    return changed.length;
  });
}
