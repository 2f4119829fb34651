import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server.ts';
import {
  type FaultCluster,
  pauseCluster,
  postgresBinaries,
  resumeCluster,
  startCluster,
  stopCluster,
} from '../fault/cluster.ts';
import { pollUntil } from '../helpers/spawned-api.ts';
import { startTestServer } from '../helpers/test-app.ts';

// /readyz follows Postgres: a cluster of this test's own is stopped and started under a running server, which
// must turn unready within 5 s of the stop and ready within 5 s of the start.
const WITHIN_MS = 5_000;

let cluster: FaultCluster;
let server: RunningServer;

beforeAll(async () => {
  const bin = postgresBinaries();
  if (!bin) throw new Error('this test needs the Postgres binaries under /usr/lib/postgresql');
  cluster = await startCluster(bin, 54_418);
  server = await startTestServer(undefined, { databaseUrl: cluster.url });
}, 120_000);
afterAll(async () => {
  await server?.stop().catch(() => {});
  if (cluster) stopCluster(cluster);
}, 60_000);

const readyz = async () => {
  const answer = await server.app.inject({ method: 'GET', url: '/readyz' });
  return { status: answer.statusCode, body: answer.json() as Record<string, boolean> };
};

describe('/readyz on Postgres', () => {
  it('goes unready when Postgres stops and ready again when it returns', async () => {
    expect((await readyz()).status).toBe(200);

    pauseCluster(cluster);
    const down = await pollUntil(async () => {
      const state = await readyz();
      return state.status === 503 ? state : null;
    }, WITHIN_MS);
    expect(down.body).toMatchObject({ ready: false, database: false });
    // The process itself is alive all along.
    expect((await server.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    resumeCluster(cluster);
    const up = await pollUntil(async () => {
      const state = await readyz();
      return state.status === 200 ? state : null;
    }, WITHIN_MS);
    expect(up.body).toEqual({ ready: true, database: true, migrations: true, jobs: true });
  }, 60_000);
});
