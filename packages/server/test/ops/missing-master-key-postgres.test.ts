import { afterAll, beforeAll, describe, it } from 'vitest';
import { type ThrowAwayPostgres, throwAwayPostgres } from '../hubs/postgres-cluster.ts';
import { refusedWithoutKeyThenOpens } from './missing-master-key-helpers.ts';
import { opsTestBed } from './rotation-helpers.ts';

const bed = opsTestBed('tradedeck-missing-key-pg-');
let postgres: ThrowAwayPostgres;
beforeAll(async () => {
  const found = await throwAwayPostgres();
  if ('unavailable' in found) throw new Error(found.unavailable);
  postgres = found;
}, 120_000);
afterAll(async () => {
  await postgres?.stop();
}, 60_000);

describe('a start without the master key of a Postgres database that holds sealed secrets', () => {
  it('is refused, writing nothing, and starts with the key file put back', async () => {
    await refusedWithoutKeyThenOpens(bed, 'postgres', postgres.url);
  }, 120_000);
});
