/** A real server on loopback with one signed-in user, for the proxies benchmarks (PGlite or a Postgres URL). */
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config/config.ts';
import type { Db } from '../src/db/database.ts';
import { encodeCursor } from '../src/db/list-page.ts';
import { type RunningServer, startServer } from '../src/server.ts';

type ServerOptions = NonNullable<Parameters<typeof startServer>[2]>;

const PASSWORD = 'Quartz-Lantern-42';

export interface BenchServer {
  base: string;
  database: RunningServer['database'];
  token: string;
  /** The server's database, for seeding rows a benchmark does not measure. */
  db: Db;
  /** The running app: benchmarks tune it (hub limits, check settings) and seed through its services. */
  app: RunningServer['app'];
  stop(): Promise<void>;
}

/**
 * `dataDir`: PGlite's data directory on disk, as `pnpm start` keeps it; by default the database is in memory.
 * `options`: the app's ports (a sandbox world, the Steam clock and budgets).
 */
export async function startBenchServer(
  databaseUrl: string | null,
  dataDir = 'memory://',
  options: ServerOptions = {},
): Promise<BenchServer> {
  const server = await startServer(
    {
      // No scheduled inventory read lands in a measurement (docs/portfolio.md "Freshness"). BENCH_PGLITE_THREAD=1
      // runs the embedded database on a thread of its own (docs/performance.md, "PGlite on a thread of its own").
      ...loadConfig({
        TRADEDECK_INVENTORY_SCHEDULE: 'off',
        TRADEDECK_PGLITE_THREAD: process.env.BENCH_PGLITE_THREAD,
      }),
      port: 0,
      dataDir,
      databaseUrl,
      logLevel: 'silent',
      publicUrl: null,
      masterKey: Buffer.alloc(32, 7).toString('base64'),
    },
    undefined,
    options,
  );
  const base = server.url;
  const token = await signIn(base, server.database.db);
  return {
    base,
    token,
    database: server.database,
    db: server.database.db,
    app: server.app,
    stop: () => server.stop(),
  };
}

/**
 * `fetch`, asked once more when a kept-alive connection was reset under it: a long seeding on the embedded
 * database holds the event loop, and the server may close an idle connection just as the next request reuses it
 * (the request never reached the server).
 */
export function benchFetch(url: string, init: RequestInit): Promise<Response> {
  const reset = (error: unknown) =>
    (error as { cause?: { code?: string } }).cause?.code === 'ECONNRESET'
      ? fetch(url, init)
      : Promise.reject(error);
  return fetch(url, init).catch(reset);
}

/** Registers, confirms and signs in a new user through the API; returns the access token. */
export async function signIn(base: string, db: Db, who = 'bench'): Promise<string> {
  const post = (path: string, body: unknown) =>
    benchFetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const email = `${who}-${Date.now()}@example.test`;
  await post('/api/auth/register', { email, userName: `${who}${Date.now()}`, password: PASSWORD });
  // The confirmation mail is written after the answer: wait for it (up to 30 s on a busy machine).
  let link: { rows: Array<{ link: string }> } = { rows: [] };
  for (let attempt = 0; attempt < 600 && link.rows.length === 0; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    link = (await db.execute(
      `select link from mail_outbox where recipient = '${email}' order by id desc limit 1`,
    )) as unknown as { rows: Array<{ link: string }> };
  }
  const params = new URL(link.rows[0]!.link).searchParams;
  await post('/api/auth/confirm-email', { userId: params.get('userId'), code: params.get('code') });
  // A later user waits for an administrator's approval: given here, as the administrator would.
  await db.execute(`update users set approved_at = now() where email = '${email}' and approved_at is null`);
  return logIn(base, email);
}

/** Signs a bench user in again (a long seeding outlasts an access token); returns the new access token. */
export async function logIn(base: string, email: string): Promise<string> {
  const login = await benchFetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`login ${login.status} ${await login.text()}`);
  return ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
}

/**
 * `count` proxies of one user written straight to the tables, with the spread of check outcomes, countries and
 * two tags (all rows in "bench-a", every third in "bench-b") the query benchmarks filter by, and a Steam account
 * on every 200th proxy.
 */
export async function seedProxies(db: Db, userId: string, count: number): Promise<void> {
  await db.execute(sql`insert into proxies (user_id, protocol, host, port, username, name, identity_hash, status,
      country_code, last_checked_at, last_valid, last_latency_ms)
    select ${userId}::uuid, 0, '10.' || (i >> 16 & 255) || '.' || (i >> 8 & 255) || '.' || (i & 255), 1024 + i % 50000,
      case when i % 3 = 0 then null else 'user' || i end, null, md5(i::text), (array[0,1,1,3,4])[1 + i % 5],
      (array['DE','US','NL','RU',null])[1 + i % 5],
      case when i % 5 = 0 then null else now() - (i % 1000) * interval '1 minute' end, i % 5 in (1, 2),
      case when i % 5 in (1, 2) then i % 900 else null end
    from generate_series(0, ${count - 1}::int) as i`);
  // The bench's spread of outcomes (by id, as `pnpm bench proxies-query` writes it).
  await db.execute(sql`update proxies set status = (array[0,1,1,3,4])[1 + id % 5],
    country_code = (array['DE','US','NL','RU',null])[1 + id % 5],
    last_checked_at = case when id % 5 = 0 then null else now() - (id % 1000) * interval '1 minute' end,
    last_valid = id % 5 in (1, 2), last_latency_ms = case when id % 5 in (1, 2) then id % 900 else null end`);
  await db.execute(
    sql`insert into proxy_tags (user_id, name) values (${userId}::uuid, 'bench-a'), (${userId}::uuid, 'bench-b')`,
  );
  await db.execute(sql`insert into proxy_tag_links (user_id, proxy_id, tag_id)
    select p.user_id, p.id, t.id from proxies p join proxy_tags t on t.user_id = p.user_id
    where t.name = 'bench-a' or (t.name = 'bench-b' and p.id % 3 = 0)`);
  await db.execute(sql`insert into steam_accounts (user_id, login, proxy_id, password_enc, mafile_enc)
    select user_id, 'acc' || id, id, 'x', 'x' from proxies where id % 200 = 0`);
  await db.execute(sql`vacuum analyze`);
}

/**
 * The mix: the default page, a tag filter with a sort, country and status filters with a sort, a text search,
 * a status filter a few pages deep, a scroll halfway down the address order (a keyset page after the cursor of
 * the row there, as the table's scroll and the exports read), and the "in use" proxies by status and port.
 */
export function proxiesQueryMix(tagIds: number[], halfwayCursor: string): Record<string, unknown>[] {
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

/**
 * A trader's mix over `count` proxies as the benchmarks seed them (addresses 10.a.b.c, logins user<i> on two
 * thirds): deep pages by number walked forward (the end of the default order, the middle of addresses
 * descending, latency descending, a status filter by check time descending), substring searches matching 10-50 %
 * of the rows ("10.1." about 34 %, "10.0.1" about 28 %, "user1" about 7 % but read 20 pages deep), status filters.
 * `steps` consecutive pages of each walk, interleaved, so clients page on as people do.
 */
export function traderQueryMix(count: number, steps = 20): Record<string, unknown>[] {
  const last = Math.max(1, Math.floor(count / 50) - steps);
  const bodies: Record<string, unknown>[] = [];
  for (let k = 0; k < steps; k++) {
    bodies.push(
      { pages: { page: last + k, pageSize: 50 } },
      {
        sort: [{ propertyName: 'address', isDescending: true }],
        pages: { page: Math.floor(last / 2) + k, pageSize: 50 },
      },
      { searchString: '10.1.' },
      { searchString: '10.0.1', sort: [{ propertyName: 'address', isDescending: true }] },
      { searchString: 'user1', pages: { page: 20 + k, pageSize: 50 } },
      {
        withStatus: [3, 4],
        sort: [{ propertyName: 'checkedAt', isDescending: true }],
        pages: { page: Math.floor(last / 6) + k, pageSize: 50 },
      },
      { withStatus: [1], pages: { page: 1, pageSize: 100 } },
      {
        sort: [{ propertyName: 'latencyMs', isDescending: true }],
        pages: { page: Math.floor(last / 4) + k, pageSize: 50 },
      },
    );
  }
  return bodies;
}

/** The user who signed up last: the one the benchmark server signed in. */
export async function latestUser(db: Db): Promise<string> {
  const result = (await db.execute(
    sql`select id from users order by created_at desc limit 1`,
  )) as unknown as { rows: { id: string }[] };
  return result.rows[0]!.id;
}

/** The query mix over `count` seeded proxies: their tags, and the cursor of the row halfway down the address order. */
export async function seededQueryMix(db: Db, count: number): Promise<Record<string, unknown>[]> {
  const tagIds = (
    (await db.execute(sql`select id from proxy_tags order by id`)) as unknown as { rows: { id: number }[] }
  ).rows.map((r) => r.id);
  const half = (
    (await db.execute(
      sql`select host, id::text as id from proxies order by host, id offset ${Math.floor(count / 2)} limit 1`,
    )) as unknown as { rows: { host: string; id: string }[] }
  ).rows[0]!;
  return proxiesQueryMix(tagIds, encodeCursor([half.host, half.id]));
}

/** 100,000 distinct proxy lines in the common shapes, a third with credentials. */
export function proxyLines(count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const host = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    const port = 1024 + (i % 50_000);
    switch (i % 3) {
      case 0:
        return `${host}:${port}`;
      case 1:
        return `${host}:${port}:user${i}:pass-${i}-x`;
      default:
        return `user${i}:pass-${i}-y@${host}:${port}`;
    }
  });
}

export function authHeaders(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'en' };
}
