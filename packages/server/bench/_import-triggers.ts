/**
 * The cost of the list change log's triggers (drizzle/0030_list_changes.sql) on an import: the same lines imported
 * with the triggers of `proxies` and `proxy_tag_links` on and off, alternating, on one server, each into an empty
 * table. Prints wall and process CPU per import (on PGlite the database runs in the process).
 */
import { sql } from 'drizzle-orm';
import { postgresCpuClock } from './_postgres-cpu.ts';
import { authHeaders, proxyLines, type startBenchServer } from './_proxies-server.ts';

const TRIGGERS = ['proxies', 'proxy_tag_links'].flatMap((table) =>
  ['insert', 'update', 'delete'].map((event) => ({ table, name: `${table}_list_changes_${event}` })),
);

export async function importTriggersSideBySide(
  server: Awaited<ReturnType<typeof startBenchServer>>,
  count: number,
  rounds: number,
): Promise<string> {
  const text = proxyLines(count).join('\n');
  const figures = { on: { wall: 0, cpu: 0, database: 0 }, off: { wall: 0, cpu: 0, database: 0 } };
  const databaseCpu = server.database.kind === 'postgres' ? await postgresCpuClock(server.db) : null;
  for (let round = 0; round < rounds; round++) {
    for (const mode of ['off', 'on'] as const) {
      for (const { table, name } of TRIGGERS)
        await server.db.execute(
          sql.raw(`alter table ${table} ${mode === 'on' ? 'enable' : 'disable'} trigger ${name}`),
        );
      await server.db.execute(sql`delete from proxies`);
      await server.db.execute(sql`vacuum proxies`);
      const cpu = process.cpuUsage();
      const database = databaseCpu?.() ?? 0;
      const started = performance.now();
      const res = await fetch(`${server.base}/api/proxies`, {
        method: 'POST',
        headers: authHeaders(server.token),
        body: JSON.stringify({ proxies: text, tag: { id: 0, name: `side-by-side-${round}-${mode}` } }),
      });
      if (res.status !== 200) throw new Error(`import answered ${res.status}: ${await res.text()}`);
      figures[mode].wall += performance.now() - started;
      const used = process.cpuUsage(cpu);
      figures[mode].cpu += (used.user + used.system) / 1000;
      figures[mode].database += databaseCpu ? databaseCpu() - database : 0;
    }
  }
  for (const { table, name } of TRIGGERS)
    await server.db.execute(sql.raw(`alter table ${table} enable trigger ${name}`));
  const per = (mode: 'on' | 'off', key: 'wall' | 'cpu' | 'database') =>
    (figures[mode][key] / rounds / 1000).toFixed(2);
  return `  change log triggers, ${count.toLocaleString('en')} lines with a tag, ${rounds} rounds: wall ${per('off', 'wall')} s without / ${per('on', 'wall')} s with, process CPU ${per('off', 'cpu')} s / ${per('on', 'cpu')} s${databaseCpu ? `, Postgres CPU ${per('off', 'database')} s / ${per('on', 'database')} s` : ''}`;
}
