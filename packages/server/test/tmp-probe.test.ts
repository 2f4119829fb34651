import { it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { startJobs } from '../src/jobs/jobs.ts';
import { createTestDatabase } from './helpers/test-database.ts';
it('probe', async () => {
  for (let i = 0; i < 3; i++) {
    let t = performance.now(); const c = process.cpuUsage();
    const db = await createTestDatabase();
    const t1 = performance.now();
    const jobs = await startJobs({ database: db.database, databaseUrl: db.url, onError: () => {} });
    const t2 = performance.now();
    await jobs.stop();
    const t3 = performance.now();
    let again = 0;
    if (db.database.kind === 'pglite') {
      const jobs2 = await startJobs({ database: db.database, databaseUrl: db.url, onError: () => {} });
      again = performance.now() - t3;
      await jobs2.stop();
    }
    const u = process.cpuUsage(c);
    console.log(`db ${(t1-t).toFixed(0)} boss start ${(t2-t1).toFixed(0)} stop ${(t3-t2).toFixed(0)} second start ${again.toFixed(0)} cpu ${((u.user+u.system)/1000).toFixed(0)}`);
    await db.drop();
  }
}, 300_000);
