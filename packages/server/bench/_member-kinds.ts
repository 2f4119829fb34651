/**
 * Where a scoped operator's extra database work goes, query by query: 100,000 proxies seeded as `pnpm bench
 * proxies` seeds them, copied into a team workspace, then each query of the trader's mix sent alone, alternately
 * as the team's owner and as an operator limited to tags, with the Postgres cluster's CPU per query. With
 * `BENCH_SCOPE_TAGS` the operator's tags (default `bench-a`, which every row carries; `bench-b` holds a third).
 * `BENCH_EXPLAIN=1`, on a cluster that preloads auto_explain (`session_preload_libraries`), sends each query once
 * more per reader with every statement's plan (ANALYZE, BUFFERS as the cluster sets them) going to its log. Run
 * again on the same database, it reuses the team. A development tool (BENCH_DATABASE_URL, a local cluster of
 * one's own: it changes the cluster's settings; without it, the embedded database, whose work is this process's CPU,
 * the request's own with it); prints figures, asserts nothing.
 */
import { sql } from 'drizzle-orm';
import { keepPageBoundaries } from '../src/db/list-boundaries.ts';
import { keepListTotals } from '../src/db/list-totals.ts';
import { postgresCpuClock } from './_postgres-cpu.ts';
import {
  authHeaders,
  benchFetch,
  latestUser,
  logIn,
  seedProxies,
  startBenchServer,
  traderQueryMix,
} from './_proxies-server.ts';
import { PROXY_TABLES } from './_team-copy.ts';
import { scopedOperatorTeam } from './_team-member.ts';

const COUNT = Number(process.env.BENCH_PROXY_LINES ?? 100_000);
const RUNS = Number(process.env.BENCH_PROBE_RUNS ?? 10);
const TAGS = (process.env.BENCH_SCOPE_TAGS ?? 'bench-a').split(',');
/** BENCH_KEPT=0 counts every total and reads every page by OFFSET, as a page no one has read lately. */
const KEPT = process.env.BENCH_KEPT !== '0';
const print = (line: string) => process.stdout.write(`${line}\n`);

const url = process.env.BENCH_DATABASE_URL?.trim() || null;
const server = await startBenchServer(url);
/** This process's CPU in ms: the embedded database runs in it. */
const processCpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
try {
  const db = server.db;
  const team = await seededTeam(db);
  const cpu = url ? await postgresCpuClock(db) : processCpu;
  if (!cpu) throw new Error('the cluster is not on this machine');
  keepListTotals(KEPT);
  keepPageBoundaries(KEPT);
  const send = async (token: string, body: unknown) => {
    const res = await benchFetch(`${server.base}/api/proxies/query`, {
      method: 'POST',
      headers: { ...authHeaders(token), 'x-workspace': team.workspace },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${res.status} ${text}`);
    return JSON.parse(text) as { data: { total: number; items: unknown[] } };
  };
  const readers = { owner: team.ownerToken, operator: team.token } as const;
  const sums = { owner: 0, operator: 0 };
  for (const [index, body] of traderQueryMix(COUNT, 1).entries()) {
    const spent = { owner: 0, operator: 0 };
    const answers: string[] = [];
    for (const who of ['owner', 'operator'] as const) {
      const first = await send(readers[who], body);
      answers.push(`${first.data.items.length}/${first.data.total}`);
    }
    for (let run = 0; run < RUNS; run++) {
      for (const who of ['owner', 'operator'] as const) {
        const before = cpu();
        await send(readers[who], body);
        spent[who] += cpu() - before;
      }
    }
    const owner = spent.owner / RUNS;
    const operator = spent.operator / RUNS;
    sums.owner += owner;
    sums.operator += operator;
    print(
      `#${index} owner ${owner.toFixed(1)} ms, operator ${operator.toFixed(1)} ms = ${(operator / Math.max(owner, 0.1)).toFixed(2)}x (items/total ${answers.join(' vs ')}) ${JSON.stringify(body)}`,
    );
  }
  print(
    `sum owner ${sums.owner.toFixed(1)} ms, operator ${sums.operator.toFixed(1)} ms = ${(sums.operator / sums.owner).toFixed(2)}x`,
  );
  if (process.env.BENCH_EXPLAIN === '1') {
    // Each query once more per reader with auto_explain logging every statement's plan (the cluster preloads it).
    await db.execute(sql`alter system set auto_explain.log_min_duration = 0`);
    await db.execute(sql`select pg_reload_conf()`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const [index, body] of traderQueryMix(COUNT, 1).entries()) {
      for (const who of ['owner', 'operator'] as const) {
        await db.execute(sql.raw(`select 'marker ${index} ${who}'`));
        await send(readers[who], body);
      }
    }
    await db.execute(sql`alter system set auto_explain.log_min_duration = -1`);
    await db.execute(sql`select pg_reload_conf()`);
  }
} finally {
  await server.stop();
}

/** The team of an earlier run of this tool on the same database (its owner signed in again), else a new one. */
async function seededTeam(db: typeof server.db) {
  const found = (await db.execute(sql`select w.id, o.email as owner, m.email as member
    from workspaces w join users o on o.id = w.created_by
    join workspace_members wm on wm.workspace_id = w.id and wm.role = 'operator' join users m on m.id = wm.user_id
    where w.kind = 'team' limit 1`)) as unknown as { rows: { id: string; owner: string; member: string }[] };
  const row = found.rows[0];
  if (row) {
    await db.execute(sql`update workspace_members set scope_tags = ${`{${TAGS.join(',')}}`}::text[] where workspace_id = ${row.id}::uuid
      and role = 'operator'`);
    return {
      workspace: row.id,
      ownerToken: await logIn(server.base, row.owner),
      token: await logIn(server.base, row.member),
    };
  }
  const ownerId = await latestUser(db);
  await seedProxies(db, ownerId, COUNT);
  const team = await scopedOperatorTeam(server.base, db, ownerId, PROXY_TABLES, TAGS);
  return { ...team, ownerToken: server.token };
}
