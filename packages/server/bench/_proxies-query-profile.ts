/**
 * Where a proxies query's time goes on PGlite: seeds N proxies (BENCH_PROXY_LINES, default 20,000) of one user
 * straight into the tables, sends each query of the benchmark mix through the real API while timing every
 * statement the database runs, then prints `EXPLAIN ANALYZE` of the slowest statements under the user's
 * row-level security. A development tool; prints figures, asserts nothing.
 */

import type { PGlite, Transaction } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { encodeCursor } from '../src/db/list-page.ts';
import { authHeaders, startBenchServer } from './_proxies-server.ts';

const N = Number(process.env.BENCH_PROXY_LINES ?? 20_000);
const RUNS = Number(process.env.BENCH_PROBE_RUNS ?? 5);
const print = (line: string) => process.stdout.write(`${line}\n`);

interface Statement {
  text: string;
  params: unknown[];
  ms: number;
  phases?: Record<string, number>;
}
let current: Record<string, number> | null = null;
let log: Statement[] | null = null;

const server = await startBenchServer(null);
const client = (server.db as unknown as { $client: PGlite }).$client;
const wrap = <T extends { query: PGlite['query'] }>(target: T) => {
  const query = target.query.bind(target);
  target.query = (async (text: string, params?: unknown[], options?: unknown) => {
    const t0 = performance.now();
    const phases: Record<string, number> = {};
    current = phases;
    try {
      return await query(text, params, options as never);
    } finally {
      current = null;
      log?.push({ text, params: params ?? [], ms: performance.now() - t0, phases });
    }
  }) as T['query'];
};
wrap(client);
/** Time per protocol message kind (P parse, D describe, B bind = plan, E execute, S sync). */
const phases = new Map<string, number>();
const stream = client.execProtocolStream.bind(client);
client.execProtocolStream = (async (message: Uint8Array, options?: unknown) => {
  const t0 = performance.now();
  try {
    return await stream(message, options as never);
  } finally {
    if (log) {
      const kind = String.fromCharCode(message[0]!);
      phases.set(kind, (phases.get(kind) ?? 0) + performance.now() - t0);
      if (current) current[kind] = (current[kind] ?? 0) + performance.now() - t0;
    }
  }
}) as PGlite['execProtocolStream'];
const transaction = client.transaction.bind(client);
client.transaction = (async (work: (tx: Transaction) => Promise<unknown>) => {
  const t0 = performance.now();
  const result = await transaction(async (tx) => {
    wrap(tx);
    return work(tx);
  });
  log?.push({ text: '(transaction incl. begin/commit)', params: [], ms: performance.now() - t0 });
  return result;
}) as PGlite['transaction'];

const db = server.db;
const [{ user_id: userId }] = (
  (await db.execute(sql`select id as user_id from users order by created_at desc limit 1`)) as unknown as {
    rows: { user_id: string }[];
  }
).rows;
const t0 = performance.now();
await db.execute(sql`insert into proxies (user_id, protocol, host, port, username, name, identity_hash, status,
    country_code, last_checked_at, last_valid, last_latency_ms)
  select ${userId}::uuid, 0, '10.' || (i >> 16 & 255) || '.' || (i >> 8 & 255) || '.' || (i & 255), 1024 + i % 50000,
    case when i % 3 = 0 then null else 'user' || i end, null, md5(i::text), (array[0,1,1,3,4])[1 + i % 5],
    (array['DE','US','NL','RU',null])[1 + i % 5],
    case when i % 5 = 0 then null else now() - (i % 1000) * interval '1 minute' end, i % 5 in (1, 2),
    case when i % 5 in (1, 2) then i % 900 else null end
  from generate_series(0, ${N - 1}::int) as i`);
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
print(`seeded ${N} proxies in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const tagIds = (
  (await db.execute(sql`select id from proxy_tags order by id`)) as unknown as { rows: { id: number }[] }
).rows.map((r) => r.id);
const half = (
  (await db.execute(
    sql`select host, id::text as id from proxies order by host, id offset ${Math.floor(N / 2)} limit 1`,
  )) as unknown as { rows: { host: string; id: string }[] }
).rows[0]!;
const bodies: Record<string, unknown>[] = [
  {},
  { withTagIds: [tagIds[0]], sort: [{ propertyName: 'latencyMs' }] },
  { country: 'DE', withStatus: [1], sort: [{ propertyName: 'checkedAt', isDescending: true }] },
  { searchString: 'user77', pages: { page: 1, pageSize: 100 } },
  { exceptTagIds: [tagIds[1]], withStatus: [3, 4], pages: { page: 20, pageSize: 50 } },
  {
    sort: [{ propertyName: 'address' }],
    after: encodeCursor([half.host, half.id]),
    pages: { page: 1, pageSize: 100 },
  },
  { withStatus: [2], sort: [{ propertyName: 'status' }, { propertyName: 'port', isDescending: true }] },
];
const only = process.env.ONLY ? process.env.ONLY.split(',').map(Number) : null;

const send = async (body: unknown) => {
  const res = await fetch(`${server.base}/api/proxies/query`, {
    method: 'POST',
    headers: authHeaders(server.token),
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${res.status} ${text}`);
  return JSON.parse(text) as { data: { total: number; totalCapped: boolean; items: unknown[] } };
};

const slow: Statement[] = [];
let totalCpu = 0;
for (const [index, body] of bodies.entries()) {
  if (only && !only.includes(index)) continue;
  const first = await send(body);
  log = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < RUNS; i++) await send(body);
  const used = process.cpuUsage(cpu);
  const statements = log;
  log = null;
  const phaseLine = `  phases per query: ${[...phases].map(([k, v]) => `${k} ${(v / RUNS).toFixed(2)} ms`).join(', ')}`;
  phases.clear();
  const ms = (used.user + used.system) / 1000 / RUNS;
  totalCpu += ms;
  print(
    `\n#${index} ${JSON.stringify(body)}: CPU ${ms.toFixed(1)} ms per query, ${first.data.items.length} items, total ${first.data.total}${first.data.totalCapped ? '+' : ''}`,
  );
  print(phaseLine);
  const byText = new Map<string, Statement & { n: number }>();
  for (const s of statements) {
    const e = byText.get(s.text);
    if (e) {
      e.ms += s.ms;
      e.n++;
      for (const [k, v] of Object.entries(s.phases ?? {})) e.phases![k] = (e.phases![k] ?? 0) + v;
    } else byText.set(s.text, { ...s, phases: { ...s.phases }, n: 1 });
  }
  for (const s of byText.values()) {
    const ph = Object.entries(s.phases ?? {})
      .map(([k, v]) => `${k}${(v / RUNS).toFixed(1)}`)
      .join(' ');
    print(
      `  ${(s.ms / RUNS).toFixed(2).padStart(8)} ms [${ph}] ${s.text.replace(/\s+/g, ' ').slice(0, 130)}`,
    );
    if (s.ms / RUNS > 2 && !s.text.startsWith('(')) slow.push({ ...s, ms: s.ms / RUNS });
  }
}
print(`\nmean CPU per query ${(totalCpu / (only?.length ?? bodies.length)).toFixed(1)} ms`);

if (process.env.EXPLAIN !== '0') {
  for (const s of slow) {
    print(
      `\n== ${s.ms.toFixed(2)} ms: ${s.text.replace(/\s+/g, ' ')}\n   params ${JSON.stringify(s.params).slice(0, 300)}`,
    );
    await client.transaction(async (tx) => {
      await tx.query(
        `select set_config('role', 'tradedeck_app', true), set_config('app.user_id', $1, true)`,
        [userId],
      );
      const plan = await tx.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers off) ${s.text}`,
        s.params,
      );
      for (const row of plan.rows) print(`   ${row['QUERY PLAN']}`);
    });
  }
}
await server.stop();
