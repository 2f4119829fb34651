/**
 * Planning a session on its first run: every source's and target's inventory is scanned through the trading area
 * (stored in its cache), the profile's filters, distribution, limits and give-back make the plan, and the
 * transactions are written with the plan and their events in one database transaction (a crash before it commits
 * plans again from the scans).
 */
import {
  type AccountRef,
  gameAllowed,
  giveBackEnabled,
  type HarvesterErrorReason,
  type HarvesterSettings,
  type HarvestItem,
  isOfferable,
  itemsValue,
  planHarvest,
  TRADE_GAME_KEYS,
  type TradeGame,
  toHarvestItem,
} from '@tradedeck/sdk/domain';
import type { HarvesterDeps, SessionAccount } from './deps.ts';
import type { NewTransaction, SessionRow } from './repo.ts';
import { nextTurn } from './turns.ts';
import type { StoredPlan } from './views.ts';

/** Accounts scanned at once (each through its own proxy). */
const SCANS_AT_ONCE = 4;
/** Creation events appended per statement. */
const EVENTS_PER_STATEMENT = 250;

export async function planSession(
  deps: HarvesterDeps,
  userId: string,
  session: SessionRow,
  signal: AbortSignal,
): Promise<boolean> {
  const settings = session.settings as HarvesterSettings;
  const sources = session.sources as SessionAccount[];
  const targets = session.targets as SessionAccount[];
  const weights = new Map(
    (session.targetWeights as { accountId: number; weight: number }[]).map((w) => [w.accountId, w.weight]),
  );
  const sourceGames = TRADE_GAME_KEYS.filter((game) => gameAllowed(game, settings.games));
  const targetGames: TradeGame[] = giveBackEnabled(settings.giveBack) ? ['community'] : [];
  const failedAccounts: StoredPlan['failedAccounts'] = [];
  const now = deps.now();

  const scanned = new Map<number, HarvestItem[]>();
  const jobs: [SessionAccount, TradeGame[]][] = [
    ...sources.map((account): [SessionAccount, TradeGame[]] => [account, sourceGames]),
    ...targets
      .filter(() => targetGames.length > 0)
      .map((account): [SessionAccount, TradeGame[]] => [account, targetGames]),
  ];
  let next = 0;
  const worker = async () => {
    while (next < jobs.length && !signal.aborted) {
      const [account, games] = jobs[next++]!;
      const items = await scanAccount(deps, userId, session.id, account, games, failedAccounts, now);
      scanned.set(account.id, items);
    }
  };
  await Promise.all(Array.from({ length: Math.min(SCANS_AT_ONCE, jobs.length) }, worker));
  if (signal.aborted) return false;

  const plan = planHarvest(
    sources.map((account) => ({ accountId: account.id, items: scanned.get(account.id) ?? [] })),
    targets.map((account) => ({
      accountId: account.id,
      weight: weights.get(account.id) ?? 1,
      items: targetGames.length > 0 ? (scanned.get(account.id) ?? []) : [],
    })),
    settings,
  );
  const logins = new Map([...sources, ...targets].map((account) => [account.id, account.login]));
  const rows: Omit<NewTransaction, 'userId'>[] = plan.trades.map((trade, index) => ({
    sessionId: session.id,
    run: trade.run,
    sourceId: trade.sourceId,
    sourceLogin: logins.get(trade.sourceId)!,
    targetId: trade.targetId,
    targetLogin: logins.get(trade.targetId)!,
    game: trade.game,
    status: 'preparing',
    items: trade.items,
    itemCount: trade.items.reduce((sum, item) => sum + item.amount, 0),
    value: itemsValue(trade.items),
    giveBack: trade.giveBack,
    giveBackCount: trade.giveBack.reduce((sum, item) => sum + item.amount, 0),
    giveBackValue: itemsValue(trade.giveBack),
    reference: `hv${session.id}-${index + 1}`,
  }));
  const stored: StoredPlan = {
    eligible: plan.eligible,
    planned: plan.eligible - plan.leftover.length,
    leftover: plan.leftover.length,
    runs: plan.runs,
    failedAccounts,
  };
  await deps.repo.run(userId, async (q, tx) => {
    const current = await q.session(session.id, true);
    if (!current || current.plan !== null) return;
    const created = await q.insertTransactions(rows);
    const updated = await q.updateSession(session.id, { plan: stored, updatedAt: new Date(deps.now()) });
    // Announced in slices, with a turn of the event loop between them (see `insertTransactions`).
    for (let start = 0; start < created.length; start += EVENTS_PER_STATEMENT) {
      if (start > 0) await nextTurn();
      await deps.events.transactions(
        userId,
        session.id,
        created.slice(start, start + EVENTS_PER_STATEMENT),
        tx,
      );
    }
    await deps.events.session(userId, q, updated!, tx);
  });
  return true;
}

/** One account's offerable items after a scan (the cache keeps the last good scan of a game that failed now). */
async function scanAccount(
  deps: HarvesterDeps,
  userId: string,
  sessionId: number,
  account: SessionAccount,
  games: TradeGame[],
  failedAccounts: StoredPlan['failedAccounts'],
  now: number,
): Promise<HarvestItem[]> {
  const ref: AccountRef = { id: account.id, login: account.login };
  if (games.length === 0) return [];
  const scans = await deps.trading.scan(userId, account.id, games, `harvester-${sessionId}`);
  if (!scans) {
    failedAccounts.push({ account: ref, reason: 'accountUnavailable' satisfies HarvesterErrorReason });
    return [];
  }
  const failure = scans.find((scan) => scan.state === 'failed');
  if (failure) failedAccounts.push({ account: ref, reason: failure.errorReason ?? 'unknownError' });
  const items = await deps.trading.cachedItems(userId, account.id);
  const picked = account.assets ? new Set(account.assets) : null;
  return items
    .filter(
      (item) => games.includes(item.game) && isOfferable(item, now) && (!picked || picked.has(item.assetId)),
    )
    .map(toHarvestItem);
}
