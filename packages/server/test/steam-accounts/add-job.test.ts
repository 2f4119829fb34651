import { randomUUID } from 'node:crypto';
import type { HubConnection } from '@microsoft/signalr';
import type { AccountsAddFinished, AccountsAddProgress } from '@tradedeck/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADD_ACCOUNTS_QUEUE,
  ADD_JOB_RETRIES,
  type AddJobData,
} from '../../src/modules/steam-accounts/add-job.ts';
import { type AuthTestApp, createAuthTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { officialClient, type ReceivedEvent, waitFor } from '../hubs/signalr-client.ts';
import { addItem, dataOf, proxyData, world } from './helpers.ts';

// steamAccounts.addJob: the add as a background job, its progress and answer on steam-trading-hub.
let t: AuthTestApp;
let url: string;
let user: TestUser;
const open: HubConnection[] = [];
const healthy = world.healthyAccounts(3, 760);
const wrongPassword = world.find('sandbox_invalid_password')!;

beforeAll(async () => {
  t = await createAuthTestApp({ mode: 'sandbox' });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  user = await signedInUser(t, 'add-job');
}, 60_000);
afterAll(async () => {
  await Promise.all(open.map((connection) => connection.stop()));
  await t.close();
});

async function follow() {
  const connection = officialClient(url, 'steam-trading-hub', () => user.accessToken);
  open.push(connection);
  const progress: AccountsAddProgress[] = [];
  const finished: AccountsAddFinished[] = [];
  connection.on('AccountsAddProgress', (event: ReceivedEvent) =>
    progress.push(event.payload as AccountsAddProgress),
  );
  connection.on('AccountsAddFinished', (event: ReceivedEvent) =>
    finished.push(event.payload as AccountsAddFinished),
  );
  await connection.start();
  await connection.invoke('Subscribe', 'accounts');
  return { progress, finished };
}

describe('adding accounts as a job', () => {
  it('answers the job id at once, then announces each sign-in and the answer per row', async () => {
    const live = await follow();
    const rows = [...healthy, wrongPassword];
    const accounts = Object.fromEntries(
      rows.map((account, i) => [String(i), addItem(account, { proxyData: proxyData(90 + i) })]),
    );
    const res = await t.call('POST', '/api/steam-accounts/add-jobs', {
      token: user.accessToken,
      body: { mode: 'multiple', accounts },
    });
    expect(res.statusCode, res.body).toBe(200);
    const started = dataOf(res);
    expect(started).toMatchObject({ total: 4, sourceId: 'accounts' });
    expect(started.jobId).toMatch(/^[0-9a-f-]{36}$/);

    // The queue holds the rows sealed: no password in the clear.
    const queued = (await t.testDb.database.db.execute(
      `select data::text as data from pgboss.job where id = '${started.jobId}'`,
    )) as unknown as { rows: Array<{ data: string }> };
    expect(queued.rows[0]!.data).not.toContain(healthy[0]!.password);
    expect(queued.rows[0]!.data).not.toContain(healthy[0]!.sharedSecret);

    await waitFor(() => live.finished.length > 0, 'AccountsAddFinished', 60_000);
    const [finished] = live.finished;
    expect(finished!.jobId).toBe(started.jobId);
    expect(finished!.result.addedAccounts.map((a) => a.login).sort()).toEqual(
      healthy.map((a) => a.login).sort(),
    );
    expect(finished!.result.errors).toEqual({
      '3': { reason: 'invalidPassword', message: 'Invalid password' },
    });

    expect(live.progress).toHaveLength(4);
    expect(live.progress.every((event) => event.jobId === started.jobId && event.total === 4)).toBe(true);
    expect(live.progress.map((event) => event.done)).toEqual([1, 2, 3, 4]);
    expect(live.progress.find((event) => event.login === wrongPassword.login)).toMatchObject({
      added: false,
    });
    expect(live.progress.filter((event) => event.added)).toHaveLength(3);

    const listed = dataOf(
      await t.call('POST', '/api/steam-accounts/query', {
        token: user.accessToken,
        body: { pages: { page: 1, pageSize: 10 } },
      }),
    );
    expect(listed.total).toBe(3);
  }, 90_000);

  it('announces the end of a job whose every attempt failed, with the failure on each row', async () => {
    const live = await follow();
    // Rows the server cannot open (sealed under another key): every run of the job fails.
    const jobId = randomUUID();
    const data: AddJobData = {
      userId: user.id,
      jobId,
      lang: 'en',
      mode: 'multiple',
      distribute: null,
      total: 2,
      keys: ['7', '9'],
      accountsEnc: 'sealed-under-another-key',
    };
    await t.app.jobs.send(ADD_ACCOUNTS_QUEUE, data, {
      id: jobId,
      retryLimit: ADD_JOB_RETRIES,
      retryDelaySeconds: 1,
    });
    await waitFor(() => live.finished.some((event) => event.jobId === jobId), 'AccountsAddFinished', 90_000);
    const finished = live.finished.find((event) => event.jobId === jobId)!;
    const failure = 'Adding the accounts failed: a server error after 4 attempts';
    expect(finished.failure).toBe(failure);
    expect(finished.result).toEqual({
      addedAccounts: [],
      unchanged: [],
      errors: {
        '7': { reason: 'unknownError', message: failure },
        '9': { reason: 'unknownError', message: failure },
      },
    });
    expect(live.progress.filter((event) => event.jobId === jobId)).toEqual([]);
    // Announced once, and the job ended: nothing runs it again. The queue marks it completed just after the
    // handler returns, so the state may still read active for a moment.
    await expect
      .poll(() => t.app.jobs.state(ADD_ACCOUNTS_QUEUE, jobId), { timeout: 10_000 })
      .toMatchObject({ state: 'completed', retryCount: ADD_JOB_RETRIES });
    expect(live.finished.filter((event) => event.jobId === jobId)).toHaveLength(1);
  }, 120_000);

  it('a job that finishes announces no failure', async () => {
    const live = await follow();
    const [account] = world.healthyAccounts(1, 790);
    const started = dataOf(
      await t.call('POST', '/api/steam-accounts/add-jobs', {
        token: user.accessToken,
        body: { mode: 'multiple', accounts: { '0': addItem(account!, { proxyData: proxyData(120) }) } },
      }),
    );
    await waitFor(() => live.finished.some((event) => event.jobId === started.jobId), 'finished', 60_000);
    expect(live.finished.find((event) => event.jobId === started.jobId)!.failure).toBeNull();
  }, 90_000);
});
