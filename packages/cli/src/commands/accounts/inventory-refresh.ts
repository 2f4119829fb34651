import type { InventoryScan } from '@tradedeck/sdk/contract';
import type { TradeGame } from '@tradedeck/sdk/domain';
import type { CommandContext } from '../../context.ts';
import { CliFailure, ExitCode } from '../../exit-codes.ts';

const POLL_MS = 500;
/** A scan of a large inventory behind a slow proxy takes minutes; past this the command says it is still running. */
const WAIT_LIMIT_MS = 5 * 60_000;

/**
 * `accounts inventory --refresh`: asks the server for a scan of the account (a background job, as the web's
 * refresh) and waits until every scan it knew of was attempted again (or a first one exists), so the inventory
 * read next is the new one.
 */
export async function refreshInventory(
  ctx: CommandContext,
  id: number,
  game: TradeGame | null,
): Promise<void> {
  const client = ctx.client();
  const scansOf = async () => {
    const answer = await client.steamTrading.inventory({
      id,
      ...(game ? { game } : {}),
      pages: { page: 1, pageSize: 10 },
    });
    return game ? answer.scans.filter((scan) => scan.game === game) : answer.scans;
  };
  const before = new Map((await scansOf()).map((scan) => [scan.game, scan.attemptedAt]));
  await client.steamTrading.refreshInventories({ accountIds: [id], ...(game ? { games: [game] } : {}) });
  ctx.io.stderr(`${ctx.t('inventoryRefreshing')}\n`);
  const renewed = (scans: InventoryScan[]) =>
    scans.length > 0 &&
    scans.length >= before.size &&
    scans.every((scan) => before.get(scan.game) !== scan.attemptedAt);
  const deadline = Date.now() + WAIT_LIMIT_MS;
  while (!renewed(await scansOf())) {
    if (Date.now() > deadline) {
      throw new CliFailure(ctx.t('inventoryRefreshSlow'), ExitCode.Error, { error: 'refresh-still-running' });
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
