import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  harvesterSessions,
  lotRepriceJobs,
  steamAccounts,
  steamLoginThrottle,
  steamTradeIntents,
} from '../../src/db/schema.ts';
import { newProcessOwner } from '../../src/jobs/process-owner.ts';
import { type AuthTestApp, createAuthTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInAdmin, signedInUser } from '../helpers/signed-in.ts';
import { waitFor } from '../steam-trading/helpers.ts';

// `admin.listLeases`: every lease row (a running job, a pending trade intent, a harvester session held by a
// runner, a repricing apply being written, a Steam session renewal turn), each with its owner process (host and pid) and times. Administrators
// only: a user gets the answer every admin operation gives a non-administrator, and no lease. PGlite, and Postgres
// with TEST_DATABASE_URL (where the job's run names its owner by renewing its lease).
let t: AuthTestApp;
let admin: TestUser;
let user: TestUser;
let releaseJob: () => void = () => {};

beforeAll(async () => {
  t = await createAuthTestApp();
  admin = await signedInAdmin(t);
  user = await signedInUser(t, 'plain', admin);
}, 60_000);
afterAll(async () => {
  releaseJob();
  await t?.close();
});

const db = () => t.testDb.database.db;

describe('the lease view', () => {
  it('lists every lease with its owner process and times, to administrators only', async () => {
    const ours = newProcessOwner();
    const lease = new Date(Date.now() + 120_000);
    const [account] = await db()
      .insert(steamAccounts)
      .values({
        userId: user.id,
        login: 'lease_a',
        steamId: '76561202255319077',
        passwordEnc: 'e',
        mafileEnc: 'e',
      })
      .returning({ id: steamAccounts.id });
    await db().insert(steamTradeIntents).values({
      userId: user.id,
      accountId: account!.id,
      kind: 'send',
      reference: 'lease-ref-1',
      status: 'pending',
      request: {},
      owner: ours,
      leaseUntil: lease,
    });
    const [session] = await db()
      .insert(harvesterSessions)
      .values({
        userId: user.id,
        name: 'Leased',
        profileName: 'All',
        settings: {},
        sources: [],
        targets: [],
        targetWeights: [],
        status: 'running',
        runnerOwner: `${ours}:job-1`,
        leaseUntil: lease,
        startedAt: new Date(),
      })
      .returning({ id: harvesterSessions.id });
    const [apply] = await db()
      .insert(lotRepriceJobs)
      .values({
        userId: user.id,
        status: 'running',
        total: 1,
        summary: {},
        owner: ours,
        heartbeatAt: new Date(),
      })
      .returning({ id: lotRepriceJobs.id });
    // A Steam session renewal turn taken 10 s ago for its 30 s (it names no process), and one given back.
    const turnUntil = Date.now() + 20_000;
    await db()
      .insert(steamLoginThrottle)
      .values([
        { key: 'turn:renew:76561202255319077', nextSlotAt: turnUntil },
        { key: 'turn:renew:76561202255319078', nextSlotAt: Date.now() - 1_000 },
      ]);
    // A real job run, held until the test ends.
    const held = new Promise<void>((resolve) => {
      releaseJob = resolve;
    });
    await t.app.jobs.work('lease-view-test', () => held);
    const jobId = await t.app.jobs.send('lease-view-test', {});
    await waitFor(async () => (await t.app.jobs.state('lease-view-test', jobId))?.state === 'active');

    const answer = async () => {
      const res = await t.call('GET', '/api/admin/leases', { token: admin.accessToken });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.items as {
        kind: string;
        what: string;
        owner: { host: string | null; pid: number | null } | null;
        since: string | null;
        expiresAt: string | null;
      }[];
    };
    const us = { host: hostname(), pid: process.pid };
    const onPostgres = t.testDb.database.kind === 'postgres';
    const items = await waitFor(async () => {
      const items = await answer();
      const job = items.find((item) => item.kind === 'job');
      // On Postgres the run names its process at its first renewal.
      return job && (!onPostgres || job.owner) ? items : null;
    });
    expect(items.map((item) => [item.kind, item.what])).toEqual([
      ['harvesterSession', `session ${session!.id}`],
      ['job', `lease-view-test ${jobId}`],
      ['renewalTurn', 'renew 76561202255319077'],
      ['repricingApply', `apply ${apply!.id}`],
      ['tradeIntent', `send lease-ref-1 (account ${account!.id})`],
    ]);
    for (const item of items) {
      const named = item.kind !== 'renewalTurn' && (item.kind !== 'job' || onPostgres);
      expect(item.owner, item.kind).toEqual(named ? us : null);
      // Held since a moment ago, until later (a job on PGlite, with no lease, until its run's time is up).
      expect(Date.parse(item.since!), item.kind).toBeLessThanOrEqual(Date.now());
      expect(Date.parse(item.since!), item.kind).toBeGreaterThan(Date.now() - 10 * 60_000);
      expect(Date.parse(item.expiresAt!), item.kind).toBeGreaterThan(Date.now());
    }
    const intent = items.find((item) => item.kind === 'tradeIntent')!;
    expect(intent.expiresAt).toBe(lease.toISOString());
    const turn = items.find((item) => item.kind === 'renewalTurn')!;
    expect(turn).toMatchObject({
      since: new Date(turnUntil - 30_000).toISOString(),
      expiresAt: new Date(turnUntil).toISOString(),
    });

    // A user: the answer of every admin operation to a non-administrator (here the outbox's), nothing of the leases.
    const refused = await t.call('GET', '/api/admin/leases', { token: user.accessToken });
    const outbox = await t.call('GET', '/api/admin/outbox', { token: user.accessToken });
    expect(refused.statusCode).toBe(outbox.statusCode);
    const withoutTrace = (body: string) => ({
      ...JSON.parse(body),
      error: { ...JSON.parse(body).error, traceId: null },
    });
    expect(withoutTrace(refused.body)).toEqual(withoutTrace(outbox.body));
    expect(refused.body).not.toContain('lease-ref-1');
  }, 90_000);
});
