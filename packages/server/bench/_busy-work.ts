/**
 * The background work of `pnpm bench lists-busy`, in the benchmark's own server and for its signed-in user: a
 * sandbox harvester session (sources x items of Dota 2 to targets) and sandbox sellers online on the sandbox market
 * with a sale put up on each account every few seconds. Set up before the idle run (so both runs read the same
 * rows), started for the busy one.
 */
import { HARVEST_EVERYTHING, HARVESTER_ENDS } from '@tradedeck/sdk/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/database.ts';
import { SandboxMarket } from '../src/integrations/market/index.ts';
import { SANDBOX_SEED, SandboxWorld } from '../src/integrations/steam/index.ts';
import { LIVE_BUDGETS } from '../src/pacing/index.ts';
import { addSandboxAccounts, type BenchCall } from './_sandbox-bench.ts';
import { createHarvestSession } from './_sandbox-harvest.ts';
import { connectSellerAccounts, passStepUp } from './_sandbox-seller.ts';

export interface BusySizes {
  sources: number;
  targets: number;
  items: number;
  sellers: number;
  /** Every this many seconds each seller account gets one item put on sale, which a sandbox buyer takes. */
  saleEverySeconds: number;
  /** Live Steam's confirmation and inventory budgets (as `pnpm bench seller`), or the sandbox's none. */
  livePacing: boolean;
}

/** What the work has done so far, read at the start and the end of the busy load. */
export interface BusyProgress {
  harvester: string;
  transactionsDone: number;
  transactionsTotal: number;
  harvesterFinished: boolean;
  salesListed: number;
  offersSent: number;
}

/**
 * The sandbox Steam and market the server is started with (`startBenchServer`'s options). Sources and targets
 * carry `items` of Dota 2 and nothing else the harvest takes; the sellers' CS2 inventories are the sandbox's.
 */
export function busyPorts(sizes: BusySizes) {
  const world = new SandboxWorld(SANDBOX_SEED, {
    inventorySizes: { dota2: sizes.items, tf2: 0, rust: 0, community: 0 },
  });
  const { confirmations, inventory } = LIVE_BUDGETS;
  return {
    steam: { sandboxWorld: world, ...(sizes.livePacing ? { budgets: { confirmations, inventory } } : {}) },
    market: { sandboxMarket: new SandboxMarket(world) },
  };
}

export interface BusyWork {
  start(): Promise<void>;
  /** Waits (up to `seconds`) until the harvester has planned and is moving items. */
  untilTransactions(seconds: number): Promise<void>;
  progress(): Promise<BusyProgress>;
  stop(): Promise<void>;
}

/** Adds the accounts, the session and the seller accounts; nothing runs until `start`. */
export async function prepareBusyWork(
  call: BenchCall,
  db: Db,
  email: string,
  world: SandboxWorld,
  sizes: BusySizes,
): Promise<BusyWork> {
  const harvest = world.healthyAccounts(sizes.sources + sizes.targets, 20_001);
  const harvestIds = await addSandboxAccounts(call, harvest, (index) => ({
    address: `10.66.${index >> 8}.${index & 255}`,
    port: 3128,
  }));
  const ids = harvest.map((bot) => harvestIds.get(bot.login)!);
  const sessionId = await createHarvestSession(
    call,
    { ...HARVEST_EVERYTHING, games: { mode: 'whitelist', list: ['dota2'] } },
    ids.slice(0, sizes.sources),
    ids.slice(sizes.sources),
  );
  // Ten sellers to a proxy, as `pnpm bench seller`.
  const sellers = world.healthyAccounts(sizes.sellers, 7001);
  const steamIds = await addSandboxAccounts(call, sellers, (index) => ({
    address: `10.30.0.${Math.floor(index / 10) + 1}`,
    port: 3128,
  }));
  await passStepUp(call, db, email);
  const sellerIds = await connectSellerAccounts(call, sellers, steamIds);

  let salesListed = 0;
  let sales: NodeJS.Timeout | undefined;
  const putOnSale = () =>
    call<{ listed: number }>('POST', '/api/p2p/sandbox/simulate-sales', { ids: sellerIds, count: 1 }).then(
      (answer) => {
        salesListed += answer.listed;
      },
      (error: unknown) => process.stderr.write(`  simulate-sales: ${(error as Error).message}\n`),
    );
  const session = () =>
    call<{ status: string; counts: Record<string, number>; plan: unknown; finishedAt: string | null }>(
      'GET',
      `/api/harvester/sessions/${sessionId}`,
    );
  return {
    async start() {
      await call('POST', `/api/harvester/sessions/${sessionId}/start`, {});
      await call('POST', '/api/p2p/accounts/start', { ids: sellerIds });
      await putOnSale();
      sales = setInterval(putOnSale, sizes.saleEverySeconds * 1000);
    },
    async untilTransactions(seconds) {
      const until = Date.now() + seconds * 1000;
      while (Date.now() < until) {
        const view = await session();
        if (view.plan || view.finishedAt) return;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    },
    async progress() {
      const view = await session();
      const sent = (await db.execute(
        sql`select count(*)::int as n from seller_deliveries where sent_at is not null`,
      )) as unknown as { rows: { n: number }[] };
      const total = Object.values(view.counts).reduce((a, b) => a + b, 0);
      return {
        harvester: view.status,
        transactionsDone: HARVESTER_ENDS.reduce((done, end) => done + (view.counts[end] ?? 0), 0),
        transactionsTotal: total,
        harvesterFinished: view.finishedAt !== null,
        salesListed,
        offersSent: Number(sent.rows[0]?.n ?? 0),
      };
    },
    async stop() {
      clearInterval(sales);
      await call('POST', `/api/harvester/sessions/${sessionId}/pause`, {}).catch(() => {});
      // A safe stop: an account with a delivery under way finishes it rather than wait on Steam to cancel it.
      await call('POST', '/api/p2p/accounts/stop', { ids: sellerIds }).catch(() => {});
    },
  };
}
