/**
 * `pnpm bench ledger`: profit by day for a year (`ledger.profit`, by day, every account) over 1,000,000 ledger
 * entries of 300 accounts, p95 of sequential requests over real HTTP beside the 300 ms limit, on embedded PGlite
 * and on Postgres (BENCH_DATABASE_URL). The entries and their day totals are seeded with SQL for one user (sales in
 * three currencies, FIFO and average costs, held and settled), as the writer would have left them. Two series: the
 * report asked again with nothing written (answered from the kept report) and after a ledger write each time (read
 * and summed again). Prints figures; asserts nothing.
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { authHeaders, logIn, startBenchServer } from './_proxies-server.ts';
import { percentile } from './_query-load.ts';

const print = (line: string) => process.stdout.write(`${line}\n`);
const ENTRIES = Number(process.env.BENCH_LEDGER_ENTRIES ?? 1_000_000);
const ACCOUNTS = 300;
const REQUESTS = Number(process.env.BENCH_LEDGER_REQUESTS ?? 100);
const TARGET_MS = 300;
const DAY_MS = 86_400_000;

async function measure(label: string, databaseUrl: string | null) {
  const server = await startBenchServer(databaseUrl);
  try {
    const users = (await server.db.execute(
      sql`select id, email from users order by created_at desc limit 1`,
    )) as unknown as { rows: { id: string; email: string }[] };
    const { id: userId, email } = users.rows[0]!;
    const seeded = Date.now();
    await server.db.execute(sql`insert into ledger_entries
        (user_id, kind, effect, realised, account_id, account_login, market_account_id, bucket, sale_id,
         market_hash_name, game, quantity, method, amount, currency, source_key, occurred_at)
      select ${userId}::uuid,
        case when g % 4 < 2 then 'sale' else 'cost' end,
        case when g % 4 < 2 then 'revenue' else 'cost' end,
        g % 10 <> 0,
        g % ${ACCOUNTS} + 1, 'bench_' || (g % ${ACCOUNTS} + 1),
        case when g % 4 < 2 then g % ${ACCOUNTS} + 1 end,
        case when g % 4 < 2 then (case when g % 10 <> 0 then 'available' else 'held' end) end,
        g / 4, 'Item ' || (g % 5000), 'cs2',
        case when g % 4 < 2 then 0 else 1 end,
        case g % 4 when 2 then 'fifo' when 3 then 'average' else '' end,
        case when g % 4 < 2 then 1000 + g % 90000 else -(500 + g % 60000) end,
        (array['RUB', 'USD', 'EUR'])[g % 3 + 1],
        'bench:' || g,
        now() - ((g % 365) || ' days')::interval - ((g % 86400) || ' seconds')::interval
      from generate_series(1, ${ENTRIES}) g`);
    await server.db.execute(sql`insert into ledger_days (user_id, day, currency, effect, realised, method, amount)
      select user_id, to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD'), currency, effect, realised, method,
        sum(amount)
      from ledger_entries where user_id = ${userId}::uuid and effect <> 'none'
      group by 1, 2, 3, 4, 5, 6`);
    await server.db.execute(sql`analyze ledger_entries`);
    await server.db.execute(sql`analyze ledger_days`);
    print(
      `${label}: seeded ${ENTRIES.toLocaleString('en')} entries over ${ACCOUNTS} accounts in ${((Date.now() - seeded) / 1000).toFixed(1)} s`,
    );
    const body = JSON.stringify({
      by: 'day',
      from: new Date(Date.now() - 365 * DAY_MS).toISOString(),
      to: new Date(Date.now() + DAY_MS).toISOString(),
    });
    // Seeding a million entries into PGlite outlasts the sign-in's access token: sign in again (once more if the
    // kept-alive connection was closed by the server during the seeding).
    const token = await logIn(server.base, email).catch(() => logIn(server.base, email));
    const ask = async () => {
      const started = performance.now();
      const res = await fetch(`${server.base}/api/ledger/profit`, {
        method: 'POST',
        headers: authHeaders(token),
        body,
      });
      const answer = (await res.json()) as { data: { rows: unknown[] } | null };
      if (!res.ok || !answer.data) throw new Error(`ledger.profit answered ${res.status}`);
      return { ms: performance.now() - started, days: answer.data.rows.length };
    };
    // The first report is read and kept.
    await ask();
    // Two series: nothing written between requests (the kept report answers), and a day total touched before each
    // request (outside the timed span), so each one reads and sums the year again.
    const touch = () =>
      server.db.execute(sql`update ledger_days set amount = amount
        where user_id = ${userId}::uuid and day = (select max(day) from ledger_days where user_id = ${userId}::uuid)`);
    for (const [series, before] of [
      ['kept report', null],
      ['read again after a ledger write', touch],
    ] as const) {
      const latencies: number[] = [];
      let days = 0;
      for (let i = 0; i < REQUESTS; i++) {
        await before?.();
        const one = await ask();
        latencies.push(one.ms);
        days = one.days;
      }
      latencies.sort((a, b) => a - b);
      const p95 = percentile(latencies, 95);
      print(
        `${label}: profit by day for a year (${days} days), ${series}, ${REQUESTS} requests: ` +
          `p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, ` +
          `max ${(latencies.at(-1) ?? 0).toFixed(1)} ms (load average ${loadavg()[0]!.toFixed(1)})` +
          ` — limit p95 < ${TARGET_MS} ms ${p95 < TARGET_MS ? 'OK' : 'MISSED'}`,
      );
    }
  } finally {
    await server.stop();
  }
}

// BENCH_LEDGER_SKIP_PGLITE=1 measures Postgres alone (seeding a million rows into PGlite takes minutes).
if (process.env.BENCH_LEDGER_SKIP_PGLITE !== '1') await measure('PGlite', null);
const postgres = process.env.BENCH_DATABASE_URL;
if (postgres) await measure('Postgres', postgres);
else print('Postgres: not measured (no BENCH_DATABASE_URL)');
