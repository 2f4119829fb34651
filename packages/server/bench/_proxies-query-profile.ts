/**
 * Where a proxies query's time goes on PGlite: seeds N proxies (BENCH_PROXY_LINES, default 20,000) of one user
 * straight into the tables, sends each query of the benchmark mix (the panel's, or the trader's with BENCH_MIX=trader) through the real API while timing every
 * statement the database runs, then prints `EXPLAIN ANALYZE` of the slowest statements under the user's
 * row-level security. A development tool; prints figures, asserts nothing.
 */

import { latestUser, seededQueryMix, seedProxies, traderQueryMix } from './_proxies-server.ts';
import { profileMix, startProfiledServer } from './_statement-profile.ts';

const N = Number(process.env.BENCH_PROXY_LINES ?? 20_000);
const print = (line: string) => process.stdout.write(`${line}\n`);

const { server, client } = await startProfiledServer();
const db = server.db;
const userId = await latestUser(db);
const t0 = performance.now();
await seedProxies(db, userId, N);
print(`seeded ${N} proxies in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
// BENCH_MIX=trader profiles the trader's mix (two pages of each walk) instead of the panel's.
const bodies = process.env.BENCH_MIX === 'trader' ? traderQueryMix(N, 2) : await seededQueryMix(db, N);
await profileMix(server, client, userId, '/api/proxies/query', bodies);
await server.stop();
