/**
 * The list benchmarks' second reader: a copy of the owner's rows in a team workspace, read by an operator limited
 * to tags, while the personal owner reads the original rows of the same table. The two readers' loads run in
 * alternating rounds, so both meet the machine as it is (docs/workspaces.md, "Benchmark").
 */

import type { Db } from '../src/db/database.ts';
import { logIn, signIn } from './_proxies-server.ts';
import { percentile, type QueryLoad, type QueryLoadResult, runQueryLoad } from './_query-load.ts';
import { type CopiedTable, copyWorkspaceRows } from './_team-copy.ts';

/** A scoped operator may cost at most this much more than the owner of a personal workspace (issue 39). */
export const MEMBER_LIMIT = 1.2;

/** Rounds of the pair: each reader's requests split into this many loads, the two readers' loads alternating. */
const PAIR_ROUNDS = Number(process.env.BENCH_PAIR_ROUNDS ?? 4);

export interface Team {
  workspace: string;
  /** The operator limited to the tags. */
  token: string;
  /** The personal owner, signed in again (the seeding and the first loads can outlast a token). */
  ownerToken: string;
}

/**
 * Copies the owner's rows of `tables` into a new team workspace it owns and adds an operator limited to `tags`.
 * Written straight to the tables: the copy itself is not what is measured, and the lists read no secret.
 */
export async function scopedOperatorTeam(
  base: string,
  db: Db,
  ownerId: string,
  tables: readonly CopiedTable[],
  tags: readonly string[],
): Promise<Team> {
  const token = await signIn(base, db, 'member');
  const rows = (await db.execute(
    `insert into workspaces (name, kind, created_by) values ('Bench desk', 'team', '${ownerId}') returning id`,
  )) as unknown as { rows: Array<{ id: string }> };
  const workspace = rows.rows[0]!.id;
  const scope = `ARRAY[${tags.map((tag) => `'${tag}'`).join(', ')}]::text[]`;
  await db.execute(`insert into workspace_members (workspace_id, user_id, role, scope_tags)
    select '${workspace}'::uuid, '${ownerId}'::uuid, 'owner', null::text[]
    union all select '${workspace}', id, 'operator', ${scope} from users where email like 'member-%'`);
  await copyWorkspaceRows(db, ownerId, workspace, tables);
  await db.execute('vacuum analyze');
  const owner = (await db.execute(`select email from users where id = '${ownerId}'`)) as unknown as {
    rows: Array<{ email: string }>;
  };
  return { workspace, token, ownerToken: await logIn(base, owner.rows[0]!.email) };
}

/** One reader's loads pooled: latencies together, CPU a request weighted by each load's requests. */
function pooled(results: readonly QueryLoadResult[]): QueryLoadResult {
  const latencies = results.flatMap((result) => result.latencies).sort((a, b) => a - b);
  const requests = Math.max(1, latencies.length);
  const weighted = (cpu: (result: QueryLoadResult) => number) =>
    results.reduce((sum, result) => sum + cpu(result) * result.latencies.length, 0) / requests;
  const measured = results.every((result) => result.databaseCpuMs !== null);
  return {
    latencies,
    seconds: results.reduce((sum, result) => sum + result.seconds, 0),
    serverCpuMs: weighted((result) => result.serverCpuMs),
    databaseCpuMs: measured ? weighted((result) => result.databaseCpuMs!) : null,
  };
}

/**
 * The personal owner's load and the operator's, each split into rounds run alternately back to back (the first
 * reader alternating too), each reader's latencies pooled. Prints each round's p95 pair, then the pooled pair
 * judged against the limit.
 */
export async function runPair(
  label: string,
  owner: QueryLoad,
  operator: QueryLoad,
  databaseCpu: (() => number) | null,
  print: (line: string) => void,
): Promise<void> {
  const share = (load: QueryLoad): QueryLoad => ({
    ...load,
    requests: Math.max(1, Math.round(load.requests / PAIR_ROUNDS)),
    maxSeconds: load.maxSeconds / PAIR_ROUNDS,
  });
  const owned: QueryLoadResult[] = [];
  const operated: QueryLoadResult[] = [];
  const rounds: string[] = [];
  for (let round = 0; round < PAIR_ROUNDS; round++) {
    const ownerFirst = round % 2 === 0;
    const first = await runQueryLoad(share(ownerFirst ? owner : operator), databaseCpu);
    const second = await runQueryLoad(share(ownerFirst ? operator : owner), databaseCpu);
    const [mine, theirs] = ownerFirst ? [first, second] : [second, first];
    owned.push(mine);
    operated.push(theirs);
    const ownerP95 = percentile(mine.latencies, 95);
    const operatorP95 = percentile(theirs.latencies, 95);
    rounds.push(
      `${ownerP95.toFixed(0)} / ${operatorP95.toFixed(0)} ms (${(operatorP95 / Math.max(ownerP95, 0.001)).toFixed(2)}x${ownerFirst ? '' : ', operator first'})`,
    );
  }
  print(`  rounds, p95 owner / operator: ${rounds.join('; ')}`);
  print(
    describeBeside(`${label}, ${PAIR_ROUNDS} alternating rounds pooled`, pooled(owned), pooled(operated)),
  );
}

/** The two p95s beside each other, judged against the limit. */
export function describeBeside(label: string, owner: QueryLoadResult, member: QueryLoadResult): string {
  const ownerP95 = percentile(owner.latencies, 95);
  const memberP95 = percentile(member.latencies, 95);
  const ratio = memberP95 / Math.max(ownerP95, 0.001);
  const cpu = member.serverCpuMs / Math.max(owner.serverCpuMs, 0.001);
  const database =
    owner.databaseCpuMs !== null && member.databaseCpuMs !== null
      ? `, Postgres CPU ${owner.databaseCpuMs.toFixed(2)} / ${member.databaseCpuMs.toFixed(2)} ms/query`
      : '';
  return (
    `${label}: p95 personal owner ${ownerP95.toFixed(1)} ms | scoped operator in a team ${memberP95.toFixed(1)} ms` +
    ` = ${ratio.toFixed(2)}x (server CPU ${cpu.toFixed(2)}x${database}; ${owner.latencies.length} / ${member.latencies.length} requests)` +
    ` — limit ${MEMBER_LIMIT}x ${ratio <= MEMBER_LIMIT ? 'OK' : 'MISSED'}`
  );
}
