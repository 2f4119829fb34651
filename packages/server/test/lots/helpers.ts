import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../../src/app.ts';
import { SANDBOX_ASK_STEP_MS, SandboxMarket } from '../../src/integrations/market/index.ts';
import { SandboxWorld } from '../../src/integrations/steam/index.ts';
import type { LotsTiming } from '../../src/modules/lots/index.ts';
import { createAuthTestApp } from '../auth/helpers/auth-app.ts';
import { movableClock } from '../helpers/test-clock.ts';
import type { SellerTestApp } from '../seller/helpers.ts';

export { addSandboxAccounts, addSellerAccounts, as, ok, waitFor } from '../seller/helpers.ts';

/** A quick tick for tests: a pass every 300 ms, asks always fetched again, supervision every 200 ms. */
export const TEST_LOTS_TIMING: Partial<LotsTiming> = {
  tickEveryMs: 300,
  syncEveryMs: 300,
  asksRefreshMs: 0,
  superviseEveryMs: 200,
};

/**
 * The real app in sandbox mode with lots: every account holds `itemsPerAccount` CS2 items (some trade locked) and no
 * other game's, so counts are known. `timing` is the tick's (a quick one by default).
 */
export async function createLotsTestApp(
  itemsPerAccount = 20,
  seller?: AppOptions['seller'],
  timing: Partial<LotsTiming> = TEST_LOTS_TIMING,
): Promise<SellerTestApp> {
  const world = new SandboxWorld(undefined, {
    inventorySizes: { cs2: itemsPerAccount, dota2: 0, tf2: 0, rust: 0, community: 0 },
  });
  const market = new SandboxMarket(world);
  // One clock for the app, its timers and the sandbox market: a test moves them on together.
  const clock = movableClock();
  const options: Pick<AppOptions, 'steam' | 'market' | 'lots' | 'seller'> = {
    steam: { sandboxWorld: world },
    market: { sandboxMarket: market, clock },
    lots: { timing },
    ...(seller ? { seller } : {}),
  };
  const t = await createAuthTestApp({}, undefined, options, clock);
  return Object.assign(t, { world, market, options });
}

/**
 * Moves the clock on by at least `atLeastMs`, to just after the sandbox's competitor asks change: they then hold
 * for the next 5 minutes, so a preview and the apply after it read the same market however slow the machine is.
 */
export function holdSandboxAsks(t: SellerTestApp, atLeastMs = 0): void {
  let ahead = SANDBOX_ASK_STEP_MS - (t.clock.now() % SANDBOX_ASK_STEP_MS) + 1_000;
  while (ahead < atLeastMs) ahead += SANDBOX_ASK_STEP_MS;
  t.clock.advance(ahead);
}

/**
 * Closes the running app (not its database) and starts another on the same database, the same sandbox Steam and
 * market and clock, as a server restarted after a crash would.
 */
export async function restartLotsApp(t: SellerTestApp, running: FastifyInstance): Promise<FastifyInstance> {
  await running.close();
  const options = (t as SellerTestApp & { options: Pick<AppOptions, 'steam' | 'market' | 'lots'> }).options;
  const next = await buildApp({
    config: t.config,
    database: t.testDb.database,
    now: t.clock.now,
    ...(options.market?.clock ? { clock: options.market.clock } : {}),
    ...options,
  });
  await next.ready();
  return next;
}

/**
 * Puts seller accounts in the state the repricing tick serves (running, market scanner on) without a seller loop,
 * so the sandbox sees them offline and nothing sells while a test reprices.
 */
export async function setScanner(t: SellerTestApp, ids: number[], running: boolean): Promise<void> {
  await t.testDb.database.db.execute(
    sql`update seller_accounts set status = ${running ? 'running' : 'paused'}, modules = '["marketScanner"]'::jsonb where id = any(${sql.param(ids)}::int[])`,
  );
}

/**
 * Counts the price writes the sandbox market takes, per listing (the market's own ledger); `onWrite` runs after
 * each one.
 */
export function countPriceWrites(t: SellerTestApp, onWrite: () => void = () => {}): Map<string, number> {
  const writes = new Map<string, number>();
  const reprice = t.market.reprice.bind(t.market);
  t.market.reprice = (listing, ...rest) => {
    writes.set(listing.itemId, (writes.get(listing.itemId) ?? 0) + 1);
    reprice(listing, ...rest);
    onWrite();
  };
  return writes;
}
