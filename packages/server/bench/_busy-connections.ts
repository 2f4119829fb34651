/**
 * The Postgres connections of the benchmark's database while a run goes, sampled four times a second from a
 * connection of its own: how many run a statement, how many hold a transaction open between statements, and what
 * the running ones wait on. What a request waits for when neither the server's event loop nor its CPU is short.
 */
import pg from 'pg';

interface Sample {
  active: number;
  in_transaction: number;
  open: number;
  waits: string[] | null;
}

export async function watchConnections(url: string): Promise<() => Promise<string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const samples: Sample[] = [];
  let running = true;
  const sampling = (async () => {
    while (running) {
      const result = await client.query<Sample>(
        `select count(*) filter (where state = 'active')::int as active,
           count(*) filter (where state like 'idle in transaction%')::int as in_transaction, count(*)::int as open,
           array_agg(wait_event_type || ':' || wait_event) filter (where state = 'active' and wait_event is not null)
             as waits
         from pg_stat_activity
         where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`,
      );
      samples.push(result.rows[0]!);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  return async () => {
    running = false;
    await sampling;
    await client.end();
    const n = Math.max(1, samples.length);
    const mean = (pick: (s: Sample) => number) =>
      (samples.reduce((sum, s) => sum + pick(s), 0) / n).toFixed(1);
    const most = (pick: (s: Sample) => number) => Math.max(0, ...samples.map(pick));
    const waits = new Map<string, number>();
    for (const wait of samples.flatMap((s) => s.waits ?? [])) waits.set(wait, (waits.get(wait) ?? 0) + 1);
    const top = [...waits]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([wait, count]) => `${wait} ${(count / n).toFixed(1)}`)
      .join(', ');
    return (
      `  Postgres connections (${samples.length} samples): running a statement mean ${mean((s) => s.active)} (max ${most((s) => s.active)}),` +
      ` in a transaction between statements mean ${mean((s) => s.in_transaction)} (max ${most((s) => s.in_transaction)}),` +
      ` open max ${most((s) => s.open)}; waits of the running, mean per sample: ${top || 'none'}`
    );
  };
}
