/**
 * Where a list query's time goes on PGlite, for the profile tools of the proxies and lots lists: a bench server
 * whose embedded database times every statement and every protocol message, and a run of a query mix through the
 * real API that prints the CPU per query, each statement's time, and `EXPLAIN ANALYZE` of the slow statements under
 * the user's row-level security (EXPLAIN=0 leaves those out; ONLY=0,2 picks queries of the mix).
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { authHeaders, type BenchServer, startBenchServer } from './_proxies-server.ts';

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
/** Time per protocol message kind (P parse, D describe, B bind = plan, E execute, S sync). */
const phases = new Map<string, number>();

/** A bench server on PGlite whose statements are timed while a mix runs. */
export async function startProfiledServer(): Promise<{ server: BenchServer; client: PGlite }> {
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
  return { server, client };
}

/** Sends each body of the mix to `path` and prints where its time went. */
export async function profileMix(
  server: BenchServer,
  client: PGlite,
  userId: string,
  path: string,
  bodies: Record<string, unknown>[],
): Promise<void> {
  const only = process.env.ONLY ? process.env.ONLY.split(',').map(Number) : null;

  const send = async (body: unknown) => {
    const post = () =>
      fetch(`${server.base}${path}`, {
        method: 'POST',
        headers: authHeaders(server.token),
        body: JSON.stringify(body),
      });
    // A connection kept alive across a long seeding may have been closed meanwhile: ask again once.
    const res = await post().catch(post);
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
      await client
        .transaction(async (tx) => {
          await tx.query(
            `select set_config('role', 'tradedeck_app', true), set_config('app.user_id', $1, true), set_config('app.actor_id', $1, true)`,
            [userId],
          );
          const plan = await tx.query<{ 'QUERY PLAN': string }>(
            `explain (analyze, buffers off) ${s.text}`,
            s.params,
          );
          for (const row of plan.rows) print(`   ${row['QUERY PLAN']}`);
        })
        .catch((error: Error) => print(`   (not explained as the app's role: ${error.message})`));
    }
  }
}
