import { type HarvesterSettings, TRADE_GAMES, type TradeGame } from '@tradedeck/sdk/domain';
import { eq } from 'drizzle-orm';
import { harvesterTransactions } from '../../src/db/schema.ts';
import { SANDBOX_SEED, SandboxWorld } from '../../src/integrations/steam/index.ts';
import { type AuthTestApp, createAuthTestApp } from '../auth/helpers/auth-app.ts';
import { as, ok, waitFor } from '../steam-trading/helpers.ts';

export interface HarvesterTestApp extends AuthTestApp {
  world: SandboxWorld;
}

/** The real app in sandbox mode on a simulated Steam whose accounts hold `sizes` items per game. */
export async function createHarvesterTestApp(
  sizes: Partial<Record<TradeGame, number>>,
): Promise<HarvesterTestApp> {
  const world = new SandboxWorld(SANDBOX_SEED, { inventorySizes: sizes });
  const t = await createAuthTestApp({}, undefined, { steam: { sandboxWorld: world } });
  return Object.assign(t, { world });
}

/** A profile that harvests every game, cards back under 10 cents (3 a trade, 20 cents in all), round robin. */
export function profileInput(name: string, changes: Partial<HarvesterSettings> = {}) {
  return {
    name,
    games: { mode: 'all', list: [] },
    giveBack: {
      tradingCards: true,
      emoticons: false,
      backgrounds: false,
      allowEmptyTrades: false,
      itemValueThreshold: { currency: 'USD', amount: 100 },
      maxReturnItems: 3,
      totalReturnValueLimit: { currency: 'USD', amount: 200 },
      itemTypePriority: ['tradingCards', 'emoticons', 'backgrounds'],
    },
    distribution: { mode: 'roundRobin', capPerTarget: null },
    maxItemPrice: null,
    maxItems: null,
    ...changes,
  };
}

export interface SessionView {
  id: number;
  status: string;
  counts: Record<string, number>;
  plan: {
    eligible: number;
    planned: number;
    leftover: number;
    runs: number;
    failedAccounts: unknown[];
  } | null;
  finishedAt: string | null;
  itemsMoved: number;
}

export const session = (t: AuthTestApp, token: string, id: number) =>
  ok<SessionView>(as(t, token, 'GET', `/api/harvester/sessions/${id}`));

/** Waits until the session has planned and every transaction reached an end. */
export function untilFinished(t: AuthTestApp, token: string, id: number, timeoutMs = 240_000) {
  return waitFor(async () => {
    const view = await session(t, token, id);
    return view.finishedAt !== null && view.status === 'idle' ? view : null;
  }, timeoutMs);
}

/** Every transaction of a session as stored, with its planned items (asset ids at planning). */
export async function storedTransactions(t: AuthTestApp, sessionId: number) {
  return t.testDb.database.db
    .select()
    .from(harvesterTransactions)
    .where(eq(harvesterTransactions.sessionId, sessionId));
}

/** What an account holds on the simulated Steam: one key per item kind (game, template, wear), counted. */
export function holdings(world: SandboxWorld, steamId: string, now = Date.now()): Map<string, number> {
  const counts = new Map<string, number>();
  for (const info of Object.values(TRADE_GAMES)) {
    const contexts = [info.contextId, ...(info.protectedContextId ? [info.protectedContextId] : [])];
    for (const context of contexts) {
      for (const asset of world.trading.inventories.context(steamId, info.appId, context, now).values()) {
        const key = kindOf(asset);
        counts.set(key, (counts.get(key) ?? 0) + asset.amount);
      }
    }
  }
  return counts;
}

/** The item kind of each asset id an account holds now (to follow planned asset ids to what they were). */
export function kindsByAsset(world: SandboxWorld, steamId: string, now = Date.now()): Map<string, string> {
  const kinds = new Map<string, string>();
  for (const info of Object.values(TRADE_GAMES)) {
    for (const asset of world.trading.inventories
      .context(steamId, info.appId, info.contextId, now)
      .values()) {
      kinds.set(`${asset.appId}/${asset.contextId}/${asset.assetId}`, kindOf(asset));
    }
  }
  return kinds;
}

function kindOf(asset: { game: string; template: number; exterior: number | null }): string {
  return `${asset.game}#${asset.template}#${asset.exterior ?? '-'}`;
}

export function move(counts: Map<string, number>, key: string, delta: number): void {
  counts.set(key, (counts.get(key) ?? 0) + delta);
  if (counts.get(key) === 0) counts.delete(key);
}

export { as, ok, waitFor };
