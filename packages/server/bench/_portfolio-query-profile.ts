/**
 * Where a portfolio.query's time goes on PGlite: seeds the portfolio benchmark's items (BENCH_ACCOUNTS x
 * BENCH_ITEMS_PER_ACCOUNT), sends the first grouped page and each filter change of its mix through the real API
 * while timing every statement the database runs, then prints `EXPLAIN ANALYZE` of the slowest statements under
 * the user's row-level security. A development tool; prints figures, asserts nothing.
 */
import { ACCOUNTS, ITEMS, portfolioMix, seed } from './_portfolio-seed.ts';
import { latestUser } from './_proxies-server.ts';
import { profileMix, startProfiledServer } from './_statement-profile.ts';

const print = (line: string) => process.stdout.write(`${line}\n`);

const { server, client } = await startProfiledServer();
const userId = await latestUser(server.db);
const t0 = performance.now();
const ids = await seed(server.db, userId);
print(`seeded ${ACCOUNTS * ITEMS} items in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
const { firstPage, filters } = portfolioMix(ids);
await profileMix(server, client, userId, '/api/portfolio/query', [...firstPage, ...filters]);
await server.stop();
