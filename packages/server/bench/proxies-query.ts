/**
 * `pnpm bench proxies` (query part): p50/p95 of `proxies.query` over 100,000 proxies at 50 concurrent clients,
 * with filters and sorts a trader uses (tag, country, status, text, latency sort, deep pages), over real HTTP on
 * embedded PGlite and, when BENCH_DATABASE_URL names a Postgres database, on Postgres. Target p95 < 50 ms.
 * Prints figures; asserts nothing.
 */
import { sql } from 'drizzle-orm';
import { encodeCursor } from '../src/db/list-page.ts';
import { authHeaders, proxyLines, startBenchServer } from './_proxies-server.ts';
import { describeLoad, runQueryLoad } from './_query-load.ts';

const print = (line: string) => process.stdout.write(`${line}\n`);
const COUNT = Number(process.env.BENCH_PROXY_LINES ?? 100_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const REQUESTS = Number(process.env.BENCH_QUERY_REQUESTS ?? 1_000);
/** Clients stop starting queries after this long, so a slow database still gives figures in bounded time. */
const MAX_SECONDS = Number(process.env.BENCH_QUERY_SECONDS ?? 60);

/**
 * The mix: the default page, a tag filter with a sort, country and status filters with a sort, a text search,
 * a status filter a few pages deep, a scroll halfway down the address order (a keyset page after the cursor of
 * the row there, as the table's scroll and the exports read), and the "in use" proxies by status and port.
 */
function queries(tagIds: number[], halfwayCursor: string): Record<string, unknown>[] {
  return [
    {},
    { withTagIds: [tagIds[0]], sort: [{ propertyName: 'latencyMs' }] },
    { country: 'DE', withStatus: [1], sort: [{ propertyName: 'checkedAt', isDescending: true }] },
    { searchString: 'user77', pages: { page: 1, pageSize: 100 } },
    { exceptTagIds: [tagIds[1]], withStatus: [3, 4], pages: { page: 20, pageSize: 50 } },
    { sort: [{ propertyName: 'address' }], after: halfwayCursor, pages: { page: 1, pageSize: 100 } },
    { withStatus: [2], sort: [{ propertyName: 'status' }, { propertyName: 'port', isDescending: true }] },
  ];
}

async function measure(label: string, databaseUrl: string | null): Promise<void> {
  const server = await startBenchServer(databaseUrl);
  try {
    const add = await fetch(`${server.base}/api/proxies`, {
      method: 'POST',
      headers: authHeaders(server.token),
      body: JSON.stringify({ proxies: proxyLines(COUNT).join('\n'), tag: { id: 0, name: 'bench-a' } }),
    });
    if (add.status !== 200) throw new Error(`import ${add.status}`);
    const db = server.database.db;
    // Spread check outcomes, countries and a second tag over the rows, as days of checks would.
    await db.execute(sql`update proxies set
      status = (array[0,1,1,3,4])[1 + id % 5],
      country_code = (array['DE','US','NL','RU',null])[1 + id % 5],
      last_checked_at = case when id % 5 = 0 then null else now() - (id % 1000) * interval '1 minute' end,
      last_valid = id % 5 in (1, 2),
      last_latency_ms = case when id % 5 in (1, 2) then id % 900 else null end`);
    await db.execute(
      sql`insert into proxy_tags (user_id, name) select user_id, 'bench-b' from proxies limit 1`,
    );
    await db.execute(sql`insert into proxy_tag_links (user_id, proxy_id, tag_id)
      select p.user_id, p.id, t.id from proxies p join proxy_tags t on t.name = 'bench-b' where p.id % 3 = 0`);
    await db.execute(sql`insert into steam_accounts (user_id, login, proxy_id, password_enc, mafile_enc)
      select user_id, 'acc' || id, id, 'x', 'x' from proxies where id % 200 = 0`);
    // As autovacuum would have by now: the visibility map lets counts read the indexes alone.
    await db.execute(sql`vacuum analyze`);
    const tags = (await (
      await fetch(`${server.base}/api/proxies/tags`, { headers: authHeaders(server.token) })
    ).json()) as {
      data: { id: number }[];
    };
    const halfway = (await db.execute(
      sql`select host, id::text as id from proxies order by host, id offset ${Math.floor(COUNT / 2)} limit 1`,
    )) as unknown as { rows: { host: string; id: string }[] };
    const row = halfway.rows[0]!;
    const bodies = queries(
      tags.data.map((t) => t.id),
      encodeCursor([row.host, row.id]),
    );
    if (process.env.BENCH_PROBE) {
      for (const body of bodies) {
        const t0 = performance.now();
        const res = await fetch(`${server.base}/api/proxies/query`, {
          method: 'POST',
          headers: authHeaders(server.token),
          body: JSON.stringify(body),
        });
        await res.arrayBuffer();
        print(`${(performance.now() - t0).toFixed(1)} ms ${JSON.stringify(body)}`);
      }
      const counters = performance.now();
      await (
        await fetch(`${server.base}/api/proxies/counters`, { headers: authHeaders(server.token) })
      ).arrayBuffer();
      print(`${(performance.now() - counters).toFixed(1)} ms counters`);
    }
    const load = {
      base: server.base,
      token: server.token,
      path: '/api/proxies/query',
      bodies,
      clients: CLIENTS,
      requests: REQUESTS,
      maxSeconds: MAX_SECONDS,
    };
    const heading = `query ${label}: over ${COUNT.toLocaleString('en')} proxies, ${CLIENTS} clients`;
    // Every client sending its next query the moment the last one answers: the server's capacity.
    print(
      describeLoad(`${heading}, back to back`, await runQueryLoad({ ...load, perClientPerSecond: 0 }), 50),
    );
    // Fifty people at their panels, each paging or filtering twice a second.
    const paced = await runQueryLoad({ ...load, perClientPerSecond: 2 });
    print(describeLoad(`${heading}, 2 queries/s each`, paced, 50));
  } finally {
    await server.stop();
  }
}

if (process.env.BENCH_PGLITE !== '0') await measure('PGlite', null);
const postgres = process.env.BENCH_DATABASE_URL?.trim() || null;
if (postgres) await measure('Postgres', postgres);
else print('query Postgres: skipped (no Postgres: set BENCH_DATABASE_URL or install Postgres)');
