/**
 * The full refresh of `pnpm bench portfolio`: 200 sandbox Steam accounts, ten to a proxy (as the seller bench
 * spreads them), every inventory read through the operation a trader triggers for the accounts he picks
 * (`steamTrading.refreshInventories`, the batch job), with the sandbox paced by live Steam's budget table. The
 * pacing runs on simulated time (the Steam port's clock, test/pacing/helpers/barrier-clock.ts, as `pnpm bench
 * pacing` does): each proxy still to be read is a worker of the clock, and once every one of them waits for its
 * next slot the clock jumps to the earliest, so a refresh that takes minutes of Steam time is over in seconds and
 * the work between two calls (the database storing a scan) counts as no time. Prints the accounts read,
 * the failures by reason, how long the refresh took in Steam time, and per proxy the most inventory requests in
 * any minute beside the budgets.
 */
import { TRADE_GAME_KEYS } from '@tradedeck/sdk/domain';
import { sql } from 'drizzle-orm';
import { SandboxWorld } from '../src/integrations/steam/index.ts';
import { PROXIES_AT_ONCE } from '../src/modules/steam-trading/inventory-job.ts';
import { LIVE_BUDGETS } from '../src/pacing/budgets.ts';
import { barrierClock } from '../test/pacing/helpers/barrier-clock.ts';
import { authHeaders, latestUser, startBenchServer } from './_proxies-server.ts';
import { sandboxAccountsBody } from './_sandbox-bench.ts';

const ACCOUNTS = Number(process.env.BENCH_REFRESH_ACCOUNTS ?? 200);
const ACCOUNTS_PER_PROXY = Number(process.env.BENCH_REFRESH_ACCOUNTS_PER_PROXY ?? 10);
/** Wall-clock bound: a refresh still running by then is reported as it stands. */
const MAX_SECONDS = Number(process.env.BENCH_REFRESH_SECONDS ?? 240);
const { inventory } = LIVE_BUDGETS;
const TABLE_PER_MINUTE = (inventory.proxy!.permits * 60_000) / inventory.proxy!.windowMs;
/** Field notes (Steam, pacing): about 60 inventory requests a minute per IP before 429s; ArchiSteamFarm reads one every 4 s. */
const NOTES_PER_MINUTE = 60;
const ASF_SPACING_S = 4;

/** Pages one account's refresh reads: one per game, and CS2's Trade Protection context (sandbox inventories fit a page). */
const PAGES_PER_ACCOUNT = TRADE_GAME_KEYS.length + 1;

const print = (line: string) => process.stdout.write(`${line}\n`);
const proxyOf = (index: number) => ({
  address: `10.40.0.${Math.floor(index / ACCOUNTS_PER_PROXY) + 1}`,
  port: 3128,
});

/** The most calls in any 60 s of `times` (sorted in place). */
function peakMinute(times: number[]): number {
  times.sort((a, b) => a - b);
  let peak = 0;
  let from = 0;
  for (let to = 0; to < times.length; to++) {
    while (times[to]! - times[from]! >= 60_000) from += 1;
    peak = Math.max(peak, to - from + 1);
  }
  return peak;
}

export async function measureRefresh(label: string, databaseUrl: string | null): Promise<void> {
  const proxies = Math.ceil(ACCOUNTS / ACCOUNTS_PER_PROXY);
  // Every proxy is read at once, each one a worker of the clock (a proxy waiting for its turn would stop the clock).
  if (proxies > PROXIES_AT_ONCE)
    throw new Error(`at most ${PROXIES_AT_ONCE} proxies: a batch reads that many at once`);
  const time = barrierClock(Date.now());
  const world = new SandboxWorld();
  const bots = world.healthyAccounts(ACCOUNTS, 9001);
  const proxyOfSteamId = new Map(bots.map((bot, i) => [bot.steamId, proxyOf(i).address]));
  const accountsOn = new Map<string, number>();
  for (const proxy of proxyOfSteamId.values()) accountsOn.set(proxy, (accountsOn.get(proxy) ?? 0) + 1);
  // What Steam sees: every inventory page, by the egress of the account that reads it, in Steam time.
  const pages = new Map<string, number[]>();
  const book = world.trading;
  const inventoryPage = book.inventoryPage.bind(book);
  book.inventoryPage = (reader, ...rest) => {
    const proxy = proxyOfSteamId.get(reader) ?? reader;
    const times = [...(pages.get(proxy) ?? []), time.clock.now()];
    pages.set(proxy, times);
    if (times.length >= (accountsOn.get(proxy) ?? 0) * PAGES_PER_ACCOUNT) laneRead.get(proxy)?.();
    return inventoryPage(reader, ...rest);
  };
  /** Ends a proxy's worker: its last page was read, or the run ends. */
  const laneRead = new Map<string, () => void>();
  // Every Steam call waits on the simulated clock; inventory pages are paced by the live table. Sign-ins are
  // made when the accounts are added, not by the refresh, and stay unpaced as the sandbox's.
  const server = await startBenchServer(databaseUrl, 'memory://', {
    steam: { sandboxWorld: world, clock: time.clock, budgets: { inventory } },
  });
  try {
    await (async () => {
      const post = async <T>(path: string, body: unknown): Promise<T> => {
        const res = await fetch(`${server.base}${path}`, {
          method: 'POST',
          headers: authHeaders(server.token),
          body: JSON.stringify(body),
        });
        const envelope = (await res.json()) as { success: boolean; data: T; error?: { message: string } };
        if (!envelope.success) throw new Error(`${path}: ${envelope.error?.message}`);
        return envelope.data;
      };
      const setupStart = performance.now();
      const ids: number[] = [];
      for (let from = 0; from < bots.length; from += 50) {
        const added = await post<{ addedAccounts: { id: number }[] }>(
          '/api/steam-accounts',
          sandboxAccountsBody(bots.slice(from, from + 50), (i) => proxyOf(from + i)),
        );
        ids.push(...added.addedAccounts.map((row) => row.id));
      }
      const userId = await latestUser(server.db);
      const setupS = (performance.now() - setupStart) / 1000;
      pages.clear();
      const lanes = [...accountsOn.keys()].map((proxy) =>
        time.worker(() => new Promise<void>((resolve) => laneRead.set(proxy, resolve))),
      );
      const steamStart = time.clock.now();
      const wallStart = performance.now();
      const requestedAt = new Date().toISOString();
      const batch = await post<{ batchId: string; total: number }>('/api/steam-trading/inventory-refresh', {
        accountIds: ids,
      });
      // The batch's accounts whose every game has a scan attempted since it was asked for.
      const attempted = async () => {
        const result = (await server.db.execute(sql`
          select count(*)::int as n from (
            select account_id from steam_inventory_scans
            where user_id = ${userId} and attempted_at >= ${requestedAt}::timestamptz
            group by account_id having count(*) = ${5}
          ) done`)) as unknown as { rows: { n: number }[] };
        return result.rows[0]!.n;
      };
      let done = 0;
      while (done < batch.total && performance.now() - wallStart < MAX_SECONDS * 1000) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        done = await attempted();
      }
      const steamMs = time.clock.now() - steamStart;
      for (const release of laneRead.values()) release();
      await Promise.all(lanes);
      const wallS = (performance.now() - wallStart) / 1000;
      const failures = (await server.db.execute(sql`
        select error_reason as reason, count(*)::int as n from steam_inventory_scans
        where user_id = ${userId} and state = 'failed' group by error_reason order by 2 desc`)) as unknown as {
        rows: { reason: string; n: number }[];
      };
      const states = (await server.db.execute(sql`
        select state, count(*)::int as n from steam_inventory_scans where user_id = ${userId}
        group by state order by state`)) as unknown as { rows: { state: string; n: number }[] };
      const readAccounts = (await server.db.execute(sql`
        select count(distinct account_id)::int as n from steam_inventory_scans
        where user_id = ${userId} and state in ('listed', 'empty')`)) as unknown as { rows: { n: number }[] };
      const peaks = [...pages.entries()].map(([proxy, times]) => ({
        proxy,
        count: times.length,
        peak: peakMinute(times),
      }));
      const totalPages = peaks.reduce((sum, row) => sum + row.count, 0);
      const worst = Math.max(0, ...peaks.map((row) => row.peak));
      const least = Math.min(...peaks.map((row) => row.peak));
      const finished = done >= batch.total;
      print(
        `full refresh ${label}: ${ACCOUNTS} sandbox accounts on ${proxies} proxies ` +
          `(${ACCOUNTS_PER_PROXY} an egress, added in ${setupS.toFixed(1)} s), every game, paced as live Steam, ` +
          'on simulated time',
      );
      print(
        `  accounts: ${done} of ${batch.total} refreshed${finished ? '' : ` (stopped after ${MAX_SECONDS} s of wall time)`}, ` +
          `${readAccounts.rows[0]!.n} with an inventory read; scans by state: ` +
          states.rows.map((row) => `${row.state} ${row.n}`).join(', '),
      );
      print(
        `  failures: ${failures.rows.length === 0 ? 'none' : failures.rows.map((row) => `${row.reason} ${row.n}`).join(', ')}`,
      );
      print(
        `  took ${(steamMs / 60_000).toFixed(1)} minutes of Steam time (${wallS.toFixed(1)} s of wall time), ` +
          `${totalPages} inventory requests`,
      );
      print(
        `  inventory requests per proxy in any minute: most ${worst}, least busy proxy's most ${least} | ` +
          `table budget ${TABLE_PER_MINUTE}/proxy | notes: about ${NOTES_PER_MINUTE}/IP before 429s, ` +
          `ArchiSteamFarm one per ${ASF_SPACING_S} s (${60 / ASF_SPACING_S}/min)`,
      );
      print(
        `  per proxy, most in a minute / requests: ${peaks
          .sort((a, b) => a.proxy.localeCompare(b.proxy, 'en', { numeric: true }))
          .map((row) => `${row.proxy.replace(/^10\.40\.0\./, '.')} ${row.peak}/${row.count}`)
          .join(', ')}`,
      );
      print(`  inside the budget: ${worst <= TABLE_PER_MINUTE && totalPages > 0 && finished ? 'yes' : 'no'}`);
    })();
    print(`server RSS ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MiB after the refresh`);
  } finally {
    // A refresh cut short still has calls waiting for their slots: the clock keeps moving until they stop.
    await time.worker(() => server.stop());
  }
}
