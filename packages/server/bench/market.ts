/**
 * `pnpm bench market`: one repricing round over 10,000 lots of 100 Steam accounts that each sell on TM and Waxpeer
 * (100 seller accounts on each market, 50 listings per seller account), on the real app (in-memory PGlite, HTTP on
 * loopback) against the sandbox of each market, on the real clock. The round is the user's "apply to all lots"; a
 * second round follows at once to show that nothing is written again inside a market's window. Prints the round's
 * wall time (target under 2 minutes) beside the process's CPU time (server, embedded database and sandbox markets
 * all run in it, so on a quiet machine the wall time is about the CPU time) and, per market as the sandbox counted
 * it, the most writes of one item in any window of its limit (TM: one price change a minute; Waxpeer: 2 writes per
 * item per 120 s, a refusal answers `msBeforeNext`), the writes the market refused, and the most calls of one key
 * in its window (each sandbox refuses calls past it with a 429, as TM does). Asserts nothing.
 */
import { loadavg } from 'node:os';
import type { RepriceJob } from '@tradedeck/sdk/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/database.ts';
import { SandboxMarket, sandboxMarketKey } from '../src/integrations/market/index.ts';
import { SandboxWorld } from '../src/integrations/steam/index.ts';
import { sealApiKey } from '../src/modules/seller/credentials.ts';
import { authHeaders, signIn } from './_proxies-server.ts';
import { sandboxAccountsBody, sandboxBenchConfig } from './_sandbox-bench.ts';

const ACCOUNTS = Number(process.env.BENCH_MARKET_ACCOUNTS ?? 100);
const LISTINGS_PER_ACCOUNT = Number(process.env.BENCH_MARKET_LISTINGS ?? 50);
const ROUND_TARGET_MS = 120_000;
const PLATFORMS = ['tm', 'waxpeer'] as const;
type Platform = (typeof PLATFORMS)[number];
/** Each market's per-item write limit: at most `writes` in any `windowMs`. */
const ITEM_LIMITS: Record<Platform, { writes: number; windowMs: number }> = {
  tm: { writes: 1, windowMs: 60_000 },
  waxpeer: { writes: 2, windowMs: 120_000 },
};
/**
 * Calls of one key: TM deletes a key past 5 a second; Waxpeer's lowest published limit of a call we make is 20 a
 * minute (`/list-items-steam`, docs/market.md "Waxpeer").
 */
const KEY_CALL_LIMITS: Record<Platform, { calls: number; windowMs: number }> = {
  tm: { calls: 5, windowMs: 1_000 },
  waxpeer: { calls: 20, windowMs: 60_000 },
};

const print = (line: string) => process.stdout.write(`${line}\n`);
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');

// Every account holds CS2 items only, enough tradable ones for its listings (a few are trade locked).
const world = new SandboxWorld(undefined, {
  inventorySizes: { cs2: LISTINGS_PER_ACCOUNT * 2, dota2: 0, tf2: 0, rust: 0, community: 0 },
});
// Each market refuses calls of one key past its limit (429), as the live ones do, and counts calls and writes.
const markets: Record<Platform, SandboxMarket> = {
  tm: new SandboxMarket(world, { keyCallLimit: KEY_CALL_LIMITS.tm }),
  waxpeer: new SandboxMarket(world, { keyCallLimit: KEY_CALL_LIMITS.waxpeer }),
};

const config = sandboxBenchConfig(process.env.BENCH_LOG);
const database = await openDatabase(config);
await database.migrate();
const app = await buildApp({
  config,
  database,
  steam: { sandboxWorld: world },
  market: { sandboxMarket: markets.tm, waxpeerSandboxMarket: markets.waxpeer },
});
const base = await app.listen({ host: '127.0.0.1', port: 0 });
const db = database.db;
const token = await signIn(base, db);

async function post<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: authHeaders(token),
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { success: boolean; data: T; error?: { message: string } };
  if (!envelope.success) throw new Error(`${path}: ${envelope.error?.message}`);
  return envelope.data;
}

// Seeding (not measured): the Steam accounts through the API, the seller accounts and lots as rows, the listings
// in each market's sandbox at a price above the market, listed five minutes ago (outside every write window).
const users = (await db.execute(sql`select id from users order by created_at desc limit 1`)) as unknown as {
  rows: { id: string }[];
};
const userId = users.rows[0]!.id;
const secrets = app.services.auth.secrets;
const bots = world.healthyAccounts(ACCOUNTS, 8001);
const steamIds = new Map<string, number>();
for (let from = 0; from < bots.length; from += 50) {
  const chunk = bots.slice(from, from + 50);
  const added = await post<{ addedAccounts: { id: number; login: string }[] }>(
    '/api/steam-accounts',
    sandboxAccountsBody(chunk, (i) => ({ address: `10.63.0.${1 + ((from + i) % 200)}`, port: 3128 })),
  );
  for (const row of added.addedAccounts) steamIds.set(row.login, row.id);
}
const listedAt = Date.now() - 5 * 60_000;
let lots = 0;
for (const bot of bots) {
  const apiKey = sandboxMarketKey(bot.login);
  const steamAccountId = steamIds.get(bot.login)!;
  for (const platform of PLATFORMS) {
    const sealed = await sealApiKey(secrets, userId, steamAccountId, apiKey, platform);
    const seller = (await db.execute(sql`insert into seller_accounts
      (user_id, steam_account_id, platform, api_key_enc, key_id, api_key_hint, payment_password_enc, currency)
      values (${userId}, ${steamAccountId}, ${platform}, ${sealed.apiKeyEnc},
        ${sealed.keyId}, ${sealed.apiKeyHint}, 'x', 'USD') returning id`)) as unknown as {
      rows: { id: number }[];
    };
    const market = markets[platform];
    const account = market.account(apiKey, 'USD')!;
    const items = market
      .steamItems(account, listedAt)
      .filter((item) => item.game === 'cs2')
      .slice(0, LISTINGS_PER_ACCOUNT);
    const rows = items.map((item) => {
      const found = world.trading.inventories.toItem(item.asset, listedAt);
      // 20 % over the item's reference: every lot has a foreign ask to come down to.
      const price = Math.max(1, Math.round((found.referencePrice?.amount ?? 1_000) * 1.2));
      const itemId = market.list(
        account,
        item.asset,
        item.game,
        { currency: 'USD', amount: price },
        listedAt,
      );
      return sql`(${userId}::uuid, ${seller.rows[0]!.id}, ${platform}, ${itemId}, ${item.asset.assetId},
        ${found.classId}, '0', ${found.marketHashName}, 'cs2', 'USD', ${price}, 1, 100000000, 'aggressive',
        '{"kind":"percentOfThresholds","lowBp":10000,"highBp":10000}'::jsonb, 'on_sale', now(), now())`;
    });
    lots += rows.length;
    await db.execute(sql`insert into lots (user_id, seller_account_id, platform, item_id, asset_id, class_id,
      instance_id, market_hash_name, game, currency, price, min_price, max_price, profile, strategy, status,
      listed_at, price_updated_at) values ${sql.join(rows, sql`, `)}`);
  }
}
await db.execute(sql`analyze`);
print(
  `${bots.length} Steam accounts, ${bots.length} seller accounts on each market, ${lots.toLocaleString('en')} lots listed`,
);

const writesSoFar = () => PLATFORMS.map((platform) => markets[platform].traffic.report().writes);

async function round(label: string) {
  const sinceWrites = writesSoFar();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const job = await post<RepriceJob>('/api/p2p/lots/reprice/apply', {
    selection: { filters: {} },
    itemsLimit: 0,
    wait: true,
  });
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  const sent = writesSoFar().map((count, index) => count - (sinceWrites[index] ?? 0));
  print(
    `${label}: ${(ms / 1000).toFixed(1)} s (target < ${ROUND_TARGET_MS / 1000} s: ${verdict(ms < ROUND_TARGET_MS)}), ` +
      `CPU ${(cpuMs / 1000).toFixed(1)} s (${(cpuMs / ms).toFixed(2)} of wall; a quiet machine's wall time is ` +
      `about the CPU time: ${verdict(cpuMs < ROUND_TARGET_MS)}), job ${job.status}, ${JSON.stringify(job.summary)}, ` +
      `writes accepted: TM ${sent[0]}, Waxpeer ${sent[1]}`,
  );
  return job;
}

print(
  `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')} on the machine`,
);
const first = await round('round 1 (every lot)');
// At once again: every lot written in round 1 is inside its market's window and must be left alone.
const second = await round('round 2 (at once after)');

for (const platform of PLATFORMS) {
  const limit = ITEM_LIMITS[platform];
  const calls = KEY_CALL_LIMITS[platform];
  const seen = markets[platform].traffic.report();
  const most = seen.busiestItem[limit.windowMs] ?? 0;
  const busiest = seen.busiestKey[calls.windowMs] ?? 0;
  const name = platform === 'tm' ? 'TM' : 'Waxpeer';
  print(
    `${name} (counted by its sandbox): writes of one item in any ${limit.windowMs / 1000} s, max ${most} over ` +
      `${seen.itemsWritten} items (limit ${limit.writes}: ${verdict(most <= limit.writes)}); calls of one key in ` +
      `one ${calls.windowMs === 1_000 ? 'second' : 'minute'}, max ${busiest} over ${seen.keys} keys ` +
      `(limit ${calls.calls}: ${verdict(busiest <= calls.calls)}), calls refused ${seen.refusedCalls} ` +
      `(target 0: ${verdict(seen.refusedCalls === 0)})`,
  );
}
const refused = first.summary.failed + second.summary.failed;
print(
  `writes the markets refused (too_often, msBeforeNext) over both rounds: ${refused} (target 0: ${verdict(refused === 0)})`,
);
await Promise.race([
  app.close().then(() => database.close()),
  new Promise((resolve) => setTimeout(resolve, 5000)),
]);
process.exit(0);
