/**
 * `pnpm bench lots`: the repricing preview of 100,000 lots (target under 2 s) and `lots.query` p95 over those lots
 * (target under 50 ms) at 50 concurrent clients on Postgres (BENCH_DATABASE_URL) and at 10 on embedded PGlite (one
 * trader's panel and scripts), over real HTTP, against the sandbox market's asks. The lots are seeded with SQL on 10 seller
 * accounts of one user (their Steam accounts added through the API, so market calls leave through each account's
 * session proxy as in production). Prints figures beside their targets with CPU times (the server's, and
 * Postgres's per query: load-independent) and the load average; asserts nothing.
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { marketKeyId, sandboxMarketKey } from '../src/integrations/market/index.ts';
import { SandboxWorld } from '../src/integrations/steam/index.ts';
import {
  displayName,
  SANDBOX_CATALOGUE,
} from '../src/integrations/steam/sandbox/trading/sandbox-catalogue.ts';
import { postgresCpuClock } from './_postgres-cpu.ts';
import { authHeaders, startBenchServer } from './_proxies-server.ts';
import { describeLoad, runQueryLoad } from './_query-load.ts';
import { sandboxAccountsBody } from './_sandbox-bench.ts';

const print = (line: string) => process.stdout.write(`${line}\n`);
const LOTS = Number(process.env.BENCH_LOTS ?? 100_000);
const ACCOUNTS = 10;
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
/** The embedded database serves one trader's panel and scripts, as in `pnpm bench proxies-query`. */
const PGLITE_CLIENTS = Number(process.env.BENCH_PGLITE_CLIENTS ?? 10);
const REQUESTS = Number(process.env.BENCH_QUERY_REQUESTS ?? 1_000);
const MAX_SECONDS = Number(process.env.BENCH_QUERY_SECONDS ?? 60);
const PREVIEW_TARGET_MS = 2_000;

/** Item names the sandbox market has asks for (CS2, every exterior). */
function itemNames(): string[] {
  return SANDBOX_CATALOGUE.cs2.flatMap((entry) =>
    entry.wears ? [0, 1, 2, 3, 4].map((wear) => displayName(entry, wear)) : [displayName(entry, null)],
  );
}

async function measure(label: string, databaseUrl: string | null) {
  const server = await startBenchServer(databaseUrl);
  try {
    const db = server.db;
    const users = (await db.execute(
      sql`select id from users order by created_at desc limit 1`,
    )) as unknown as {
      rows: { id: string }[];
    };
    const userId = users.rows[0]!.id;
    const secrets = server.app.services.auth.secrets;
    const accountIds: number[] = [];
    const bots = new SandboxWorld().healthyAccounts(ACCOUNTS, 1);
    const added = await fetch(`${server.base}/api/steam-accounts`, {
      method: 'POST',
      headers: authHeaders(server.token),
      body: JSON.stringify(sandboxAccountsBody(bots, (i) => ({ address: '10.62.0.1', port: 3128 + i }))),
    });
    const steamIds = ((await added.json()) as { data: { addedAccounts: { id: number; login: string }[] } })
      .data.addedAccounts;
    for (const bot of bots) {
      const steamAccountId = steamIds.find((row) => row.login === bot.login)!.id;
      const apiKey = sandboxMarketKey(bot.login);
      const slot = {
        userId,
        table: 'seller_accounts',
        column: 'api_key_enc',
        rowId: String(steamAccountId),
      } as const;
      const seller = (await db.execute(sql`insert into seller_accounts
      (user_id, steam_account_id, api_key_enc, key_id, api_key_hint, payment_password_enc, currency)
      values (${userId}, ${steamAccountId}, ${await secrets.encrypt(slot, apiKey)}, ${marketKeyId(apiKey)},
        ${apiKey.slice(-4)}, 'x', 'USD') returning id`)) as unknown as { rows: { id: number }[] };
      accountIds.push(seller.rows[0]!.id);
    }
    const names = itemNames();
    await db.execute(sql`insert into lots (user_id, seller_account_id, item_id, asset_id, class_id, instance_id,
      market_hash_name, game, currency, price, min_price, max_price, profile, strategy, status, listed_at,
      price_updated_at)
    select ${userId}::uuid, (${sql.param(accountIds)}::int[])[1 + i % ${ACCOUNTS}], 'bench' || i, i::text, '1', '0',
      (${sql.param(names)}::text[])[1 + i % ${names.length}], 'cs2', 'USD', 900000 + i % 1000, 10, 100000000,
      (array['aggressive','balanced','conservative'])[1 + i % 3],
      '{"kind":"percentOfThresholds","lowBp":10000,"highBp":10000}'::jsonb,
      (array['on_sale','on_sale','on_sale','in_inventory'])[1 + i % 4], now(), now()
    from generate_series(1, ${LOTS}) as i`);
    await db.execute(sql`analyze`);

    const preview = async () => {
      const cpu = process.cpuUsage();
      const started = performance.now();
      // A connection kept alive across the long seeding may have been closed meanwhile: ask again once.
      const send = () =>
        fetch(`${server.base}/api/p2p/lots/reprice/preview`, {
          method: 'POST',
          headers: authHeaders(server.token),
          body: JSON.stringify({ selection: { filters: {} }, profile: 'aggressive', itemsLimit: 100 }),
        });
      const res = await send().catch(send);
      const body = (await res.json()) as { data: { total: number; summary: Record<string, number> } };
      const used = process.cpuUsage(cpu);
      return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, data: body.data };
    };
    const cold = await preview();
    const warm = await preview();
    const line = (label: string, run: { ms: number; cpuMs: number }) =>
      `preview ${label}: ${run.ms.toFixed(0)} ms (target < ${PREVIEW_TARGET_MS} ms) ${run.ms < PREVIEW_TARGET_MS ? 'OK' : 'OVER'}, CPU ${run.cpuMs.toFixed(0)} ms (server and client in this process)`;
    print(
      `load average ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')} on the machine`,
    );
    print(`${label}:`);
    print(
      `preview over ${cold.data.total.toLocaleString('en')} lots, ${names.length} items: ${JSON.stringify(cold.data.summary)}`,
    );
    print(line('with asks fetched', cold));
    print(line('asks cached', warm));

    const bodies = [
      {},
      { withStatus: ['on_sale'], sort: [{ propertyName: 'price', isDescending: true }] },
      { searchString: 'AK-47', pages: { page: 1, pageSize: 100 } },
      { accountIds: [accountIds[3]], sort: [{ propertyName: 'name' }], pages: { page: 20, pageSize: 50 } },
      { profiles: ['balanced'], withStatus: ['in_inventory'], pages: { page: 5, pageSize: 25 } },
    ];
    const clients = databaseUrl ? CLIENTS : PGLITE_CLIENTS;
    const load = {
      base: server.base,
      token: server.token,
      path: '/api/p2p/lots/query',
      bodies,
      clients,
      requests: REQUESTS,
      maxSeconds: MAX_SECONDS,
    };
    // Each query of the mix alone, one after another: where the CPU goes, per query.
    const databaseCpu = databaseUrl ? await postgresCpuClock(db) : null;
    for (const body of bodies) print(await probeQuery(server, body, databaseCpu));
    const heading = `lots.query ${label}: over ${LOTS.toLocaleString('en')} lots, ${clients} clients`;
    print(
      describeLoad(
        `${heading}, back to back`,
        await runQueryLoad({ ...load, perClientPerSecond: 0 }, databaseCpu),
        50,
      ),
    );
    print(
      describeLoad(
        `${heading}, 2 queries/s each`,
        await runQueryLoad({ ...load, perClientPerSecond: 2 }, databaseCpu),
        50,
      ),
    );
  } finally {
    await server.stop();
  }
}

const PROBE_RUNS = 10;

/** One query of the mix sent PROBE_RUNS times in a row: median wall time, server and database CPU per query. */
async function probeQuery(
  server: Awaited<ReturnType<typeof startBenchServer>>,
  body: Record<string, unknown>,
  databaseCpu: (() => number) | null,
): Promise<string> {
  const walls: number[] = [];
  const cpu = process.cpuUsage();
  const databaseBefore = databaseCpu?.() ?? 0;
  let total = 0;
  for (let run = 0; run < PROBE_RUNS; run++) {
    const started = performance.now();
    const res = await fetch(`${server.base}/api/p2p/lots/query`, {
      method: 'POST',
      headers: authHeaders(server.token),
      body: JSON.stringify(body),
    });
    total = ((await res.json()) as { data: { total: number } }).data.total;
    walls.push(performance.now() - started);
  }
  const used = process.cpuUsage(cpu);
  walls.sort((a, b) => a - b);
  const database = databaseCpu
    ? `, Postgres ${((databaseCpu() - databaseBefore) / PROBE_RUNS).toFixed(1)} ms`
    : '';
  return `  ${JSON.stringify(body)} (total ${total}): median ${walls[PROBE_RUNS >> 1]!.toFixed(1)} ms, CPU per query: server ${((used.user + used.system) / 1000 / PROBE_RUNS).toFixed(1)} ms${database}`;
}

if (process.env.BENCH_PGLITE !== '0') await measure('PGlite', null);
const postgres = process.env.BENCH_DATABASE_URL?.trim() || null;
if (postgres) await measure('Postgres', postgres);
else print('Postgres: skipped (no Postgres: set BENCH_DATABASE_URL or install Postgres)');
