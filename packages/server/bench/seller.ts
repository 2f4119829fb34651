/**
 * `pnpm bench seller`: 200 sandbox seller accounts running on one server process (the real app on in-memory
 * PGlite, sandbox Steam and sandbox market, called through its API) for `BENCH_SELLER_SECONDS` (default 330 s,
 * past two ping intervals of 120 s), with one sale per account a minute in. Prints the largest gap between two
 * pings of one account, the sale-to-offer latency p95, the most market requests one key made in one second and
 * the process RSS, each beside its target. The clock is the real one: the sandbox market runs in real time.
 * Steam is paced as live Steam is (one confirmation request per account per 10 s, one inventory page per proxy
 * per 4 s): ten accounts share each proxy, every inventory is read once a few seconds in, and the shortest gap
 * between two confirmation requests of one account and the most inventory pages one proxy read in a minute are
 * printed beside their limits.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/database.ts';
import { type SandboxListing, SandboxMarket, sandboxMarketKey } from '../src/integrations/market/index.ts';
import { SandboxWorld } from '../src/integrations/steam/index.ts';
import { LIVE_BUDGETS } from '../src/pacing/index.ts';
import { addSandboxAccounts, sandboxBenchConfig } from './_sandbox-bench.ts';
import { connectSellerAccounts, passStepUp } from './_sandbox-seller.ts';

/** Live Steam's budgets, applied to the sandbox so the figures below are checked against them. */
const { confirmations, inventory } = LIVE_BUDGETS;
const LIVE_CONFIRMATION_SPACING_MS = confirmations.account!.windowMs / confirmations.account!.permits;
const INVENTORY_BUDGET_PER_MINUTE = (inventory.proxy!.permits * 60_000) / inventory.proxy!.windowMs;

const ACCOUNTS = Number(process.env.BENCH_SELLER_ACCOUNTS ?? 200);
const SECONDS = Number(process.env.BENCH_SELLER_SECONDS ?? 330);
const SALES_AFTER_S = 60;
const PING_GAP_TARGET_S = 150;
const LATENCY_TARGET_S = 60;
const REQUESTS_TARGET = 4;
const ACCOUNTS_PER_PROXY = 10;
const PASSWORD = 'Quartz-Lantern-42';

const print = (line: string) => process.stdout.write(`${line}\n`);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

const world = new SandboxWorld();
const market = new SandboxMarket(world);

// What the market sees: every call resolves its key once (requests per key per second), every ping-new.
const perKeySecond = new Map<string, number>();
const pings = new Map<string, number[]>();
const resolveAccount = market.account.bind(market);
market.account = (key, currency) => {
  const slot = `${key}@${Math.floor(Date.now() / 1000)}`;
  perKeySecond.set(slot, (perKeySecond.get(slot) ?? 0) + 1);
  return resolveAccount(key, currency);
};
const ping = market.ping.bind(market);
market.ping = (account, now) => {
  const list = pings.get(account.key) ?? [];
  list.push(now);
  pings.set(account.key, list);
  ping(account, now);
};

// What Steam sees: every confirmation request (list or answer) per account, every inventory page per account.
const confirmationCalls = new Map<string, number[]>();
const inventoryPages = new Map<string, number[]>();
const noteCall = (map: Map<string, number[]>, key: string) => {
  const list = map.get(key) ?? [];
  list.push(Date.now());
  map.set(key, list);
};
const book = world.trading;
const listConfirmations = book.confirmations.bind(book);
book.confirmations = (steamId) => {
  noteCall(confirmationCalls, steamId);
  return listConfirmations(steamId);
};
const respond = book.respond.bind(book);
book.respond = (account, ...rest) => {
  noteCall(confirmationCalls, account.steamId);
  return respond(account, ...rest);
};
const inventoryPage = book.inventoryPage.bind(book);
book.inventoryPage = (viewer, ...rest) => {
  noteCall(inventoryPages, viewer);
  return inventoryPage(viewer, ...rest);
};

const config = sandboxBenchConfig();
const database = await openDatabase(config);
await database.migrate();
const app = await buildApp({
  config,
  database,
  steam: {
    sandboxWorld: world,
    budgets: { confirmations, inventory },
  },
  market: { sandboxMarket: market },
});
await app.ready();

let token = '';
async function call<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await app.inject({
    method: method as 'GET',
    url,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
  const envelope = response.json() as { success: boolean; data: T; error: { message: string } };
  // Operations behind the second factor are limited per user (30 a minute): wait the time the server names.
  const retryAfter = Number(response.headers['retry-after']);
  if (response.statusCode === 429 && retryAfter > 0) {
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
    return call(method, url, body);
  }
  if (!envelope.success) throw new Error(`${method} ${url}: ${envelope.error.message}`);
  return envelope.data;
}

const email = 'seller-bench@example.test';
await call('POST', '/api/auth/register', { email, userName: 'sellerbench', password: PASSWORD });
const link = (await database.db.execute(
  sql`select link from mail_outbox where recipient = ${email} order by id desc limit 1`,
)) as unknown as { rows: { link: string }[] };
const params = new URL(link.rows[0]!.link).searchParams;
await call('POST', '/api/auth/confirm-email', { userId: params.get('userId'), code: params.get('code') });
token = (await call<{ accessToken: string }>('POST', '/api/auth/login', { email, password: PASSWORD }))
  .accessToken;
await passStepUp(call, database.db, email);

const accounts = world.healthyAccounts(ACCOUNTS, 7001);
const proxyAddressOf = (index: number) => `10.30.0.${Math.floor(index / ACCOUNTS_PER_PROXY) + 1}`;
const proxyOfSteamId = new Map(accounts.map((account, i) => [account.steamId, proxyAddressOf(i)]));
const steamIds = await addSandboxAccounts(call, accounts, (index) => ({
  address: proxyAddressOf(index),
  port: 3128,
}));
const ids = await connectSellerAccounts(call, accounts, steamIds);
print(`${ACCOUNTS} seller accounts added; running for ${SECONDS} s on the real clock`);

let rss = 0;
const sampler = setInterval(() => {
  rss = Math.max(rss, process.memoryUsage().rss);
}, 1000);
const startedAt = Date.now();
await call('POST', '/api/p2p/accounts/start', { ids });
// Every account's CS2 inventory (both contexts) read while the sellers run, ten accounts to a proxy.
await call('POST', '/api/steam-trading/inventory-refresh', {
  accountIds: [...steamIds.values()],
  games: ['cs2'],
});

await new Promise((resolve) => setTimeout(resolve, SALES_AFTER_S * 1000));
await call('POST', '/api/p2p/sandbox/simulate-sales', { ids, count: 1 });
const listings: SandboxListing[] = accounts.flatMap((account) => {
  const opened = market.existing(sandboxMarketKey(account.login));
  return opened ? market.listingsOf(opened) : [];
});
print(`${listings.length} items put on sale ${SALES_AFTER_S} s in`);

await new Promise((resolve) => setTimeout(resolve, Math.max(0, startedAt + SECONDS * 1000 - Date.now())));
const endedAt = Date.now();
clearInterval(sampler);

// Ping gaps: between consecutive pings, and from the start (and to the end) for the first (last) one.
let maxGap = 0;
for (const account of accounts) {
  const times = pings.get(sandboxMarketKey(account.login)) ?? [];
  const marks = [startedAt, ...times, endedAt];
  for (let i = 1; i < marks.length; i++) maxGap = Math.max(maxGap, marks[i]! - marks[i - 1]!);
}
const sent = (await database.db.execute(
  sql`select hash, (extract(epoch from sent_at) * 1000)::float8 as sent_ms from seller_deliveries where sent_at is not null`,
)) as unknown as { rows: { hash: string; sent_ms: number }[] };
const sentAt = new Map(sent.rows.map((row) => [row.hash, Number(row.sent_ms)]));
const latencies: number[] = [];
let unsent = 0;
for (const listing of listings) {
  if (!listing.delivery) continue;
  const at = sentAt.get(listing.delivery.hash);
  if (at === undefined) unsent += 1;
  else latencies.push(at - listing.delivery.soldAt);
}
latencies.sort((a, b) => a - b);
const p95 =
  latencies.length > 0
    ? latencies[Math.min(latencies.length - 1, Math.ceil(latencies.length * 0.95) - 1)]!
    : NaN;
const maxPerKey = Math.max(0, ...perKeySecond.values());
const sold = listings.filter((listing) => listing.delivery).length;
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');

print(
  `ping gap max: ${(maxGap / 1000).toFixed(1)} s (target < ${PING_GAP_TARGET_S} s: ${verdict(maxGap < PING_GAP_TARGET_S * 1000)})`,
);
print(
  `sale-to-offer p95: ${(p95 / 1000).toFixed(2)} s over ${latencies.length} of ${sold} sales, ${unsent} not sent ` +
    `(target < ${LATENCY_TARGET_S} s: ${verdict(p95 < LATENCY_TARGET_S * 1000 && unsent === 0 && sold > 0)})`,
);
print(
  `market requests per key per second, max: ${maxPerKey} (target <= ${REQUESTS_TARGET}: ${verdict(maxPerKey <= REQUESTS_TARGET)})`,
);
let shortestConfirmationGap = Number.POSITIVE_INFINITY;
let confirmationRequests = 0;
for (const times of confirmationCalls.values()) {
  confirmationRequests += times.length;
  for (let i = 1; i < times.length; i++)
    shortestConfirmationGap = Math.min(shortestConfirmationGap, times[i]! - times[i - 1]!);
}
const perProxy = new Map<string, number[]>();
for (const [steamId, times] of inventoryPages) {
  const proxy = proxyOfSteamId.get(steamId) ?? steamId;
  perProxy.set(proxy, [...(perProxy.get(proxy) ?? []), ...times]);
}
let inventoryPeak = 0;
let inventoryPagesRead = 0;
for (const times of perProxy.values()) {
  times.sort((a, b) => a - b);
  inventoryPagesRead += times.length;
  let from = 0;
  for (let to = 0; to < times.length; to++) {
    while (times[to]! - times[from]! >= 60_000) from += 1;
    inventoryPeak = Math.max(inventoryPeak, to - from + 1);
  }
}
// A slot starts at its reserved time; the timer may fire a few milliseconds early or late, never a slot early.
const gapMet = shortestConfirmationGap >= LIVE_CONFIRMATION_SPACING_MS - 50;
print(
  `confirmation requests per account, shortest gap: ${
    Number.isFinite(shortestConfirmationGap)
      ? `${(shortestConfirmationGap / 1000).toFixed(2)} s`
      : 'none twice'
  } over ${confirmationRequests} requests (limit >= ${LIVE_CONFIRMATION_SPACING_MS / 1000} s: ${verdict(gapMet)})`,
);
print(
  `inventory pages per proxy in any minute, max: ${inventoryPeak} over ${inventoryPagesRead} pages on ${perProxy.size} proxies ` +
    `(budget <= ${INVENTORY_BUDGET_PER_MINUTE}: ${verdict(inventoryPeak <= INVENTORY_BUDGET_PER_MINUTE && inventoryPagesRead > 0)})`,
);
print(`server RSS, max: ${mb(rss)} (one process: server and the sandbox it talks to)`);
// The figures are out; shutting 200 interrupted loops down cleanly is not what is measured.
await Promise.race([
  app.close().then(() => database.close()),
  new Promise((resolve) => setTimeout(resolve, 5000)),
]);
process.exit(0);
