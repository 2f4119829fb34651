/**
 * The list benchmarks' second reader: the same rows in a team workspace, read by an operator limited to tags, so
 * one run prints the personal owner's p95 beside the scoped operator's (docs/workspaces.md, "Benchmark").
 */

import type { Db } from '../src/db/database.ts';
import { signIn } from './_proxies-server.ts';
import { percentile, type QueryLoadResult } from './_query-load.ts';

/** A scoped operator may cost at most this much more than the owner of a personal workspace (issue 39). */
export const MEMBER_LIMIT = 1.2;

/**
 * Moves the owner's rows of `tables` into a new team workspace it owns and adds an operator limited to `tags`.
 * Written straight to the tables: the move itself is not what is measured, and the lists read no secret.
 */
export async function scopedOperatorTeam(
  base: string,
  db: Db,
  ownerId: string,
  tables: readonly string[],
  tags: readonly string[],
): Promise<{ workspace: string; token: string }> {
  const token = await signIn(base, db, 'member');
  const rows = (await db.execute(
    `insert into workspaces (name, kind, created_by) values ('Bench desk', 'team', '${ownerId}') returning id`,
  )) as unknown as { rows: Array<{ id: string }> };
  const workspace = rows.rows[0]!.id;
  const scope = `ARRAY[${tags.map((tag) => `'${tag}'`).join(', ')}]::text[]`;
  await db.execute(`insert into workspace_members (workspace_id, user_id, role, scope_tags)
    select '${workspace}'::uuid, '${ownerId}'::uuid, 'owner', null::text[]
    union all select '${workspace}', id, 'operator', ${scope} from users where email like 'member-%'`);
  for (const table of tables)
    await db.execute(`update ${table} set user_id = '${workspace}' where user_id = '${ownerId}'`);
  await db.execute('vacuum analyze');
  return { workspace, token };
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
    ` = ${ratio.toFixed(2)}x (server CPU ${cpu.toFixed(2)}x${database})` +
    ` — limit ${MEMBER_LIMIT}x ${ratio <= MEMBER_LIMIT ? 'OK' : 'MISSED'}`
  );
}
