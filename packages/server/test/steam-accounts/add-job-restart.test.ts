import type { HubConnection } from '@microsoft/signalr';
import type { AccountsAddFinished } from '@tradedeck/sdk/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { SandboxWorld } from '../../src/integrations/steam/index.ts';
import {
  callApi as call,
  logInOnSpawned,
  pollUntil,
  sandboxServers,
  signUpOnSpawned,
} from '../helpers/spawned-api.ts';
import { officialClient, type ReceivedEvent } from '../hubs/signalr-client.ts';
import { addItem, proxyData } from './helpers.ts';

// A server killed (SIGKILL) while an add job signs accounts in: the next server carries the job on, the accounts
// the first one stored answer as added (they are the job's own), nothing is added twice, and the job's end is
// announced to a client that follows on from where it was.
const PASSWORD = 'Quartz-Lantern-42';
const EMAIL = 'add-restart@example.test';
const ROWS = 24;
const accounts = new SandboxWorld().healthyAccounts(ROWS, 5101);
const { start } = sandboxServers('tradedeck-add-restart-');
const open: HubConnection[] = [];
afterAll(async () => {
  await Promise.all(open.map((connection) => connection.stop().catch(() => {})));
});

interface Listed {
  items: { login: string }[];
  total: number;
}

async function follow(url: string, token: string, from?: string) {
  const connection = officialClient(url, 'steam-trading-hub', () => token);
  open.push(connection);
  const finished: AccountsAddFinished[] = [];
  let last: string | undefined = from;
  const seen = (event: ReceivedEvent) => {
    last = event.sequenceToken;
  };
  connection.on('AccountsAddProgress', seen);
  connection.on('AccountsAddFinished', (event: ReceivedEvent) => {
    seen(event);
    finished.push(event.payload as AccountsAddFinished);
  });
  await connection.start();
  const head = (await (from
    ? connection.invoke('Subscribe', 'accounts', from)
    : connection.invoke('Subscribe', 'accounts'))) as { sequenceToken?: string };
  last ??= head.sequenceToken;
  return { connection, finished, last: () => last };
}

describe('an add job when the server restarts in the middle', () => {
  it('resumes on the next server and finishes without adding an account twice', async () => {
    // Each sign-in takes a while, so the kill lands with some accounts stored and others not yet.
    const slow = { TRADEDECK_SANDBOX_SIGN_IN_DELAY_MS: '1500' };
    const first = await start(slow);
    let token = await signUpOnSpawned(first.server, first.url, {
      email: EMAIL,
      userName: 'addrestart',
      password: PASSWORD,
    });
    const before = await follow(first.url, token);
    const started = await call<{ jobId: string; total: number }>(
      first.url,
      'POST',
      '/api/steam-accounts/add-jobs',
      {
        mode: 'multiple',
        accounts: Object.fromEntries(
          accounts.map((a, i) => [String(i), addItem(a, { proxyData: proxyData(140 + i) })]),
        ),
      },
      token,
    );
    expect(started.total).toBe(ROWS);
    const list = (url: string) =>
      call<Listed>(url, 'POST', '/api/steam-accounts/query', { pages: { page: 1, pageSize: 100 } }, token);
    const storedBeforeKill = await pollUntil(async () => {
      const { total } = await list(first.url);
      return total > 0 ? total : null;
    }, 120_000);
    first.server.child.kill('SIGKILL');
    await first.server.exited;
    expect(storedBeforeKill).toBeLessThan(ROWS);
    expect(before.finished).toEqual([]);
    const resumeFrom = before.last();

    const second = await start(slow);
    token = await logInOnSpawned(second.url, { email: EMAIL, password: PASSWORD });
    const after = await follow(second.url, token, resumeFrom);
    await pollUntil(async () => after.finished.length > 0, 180_000);
    const [finished] = after.finished;
    expect(finished!.jobId).toBe(started.jobId);
    expect(finished!.failure).toBeNull();
    expect(finished!.result.errors).toEqual({});
    // Every row answered once, as added: the rows the first server stored and announced are this job's own (a row
    // stored in the instant before its announcement would answer as unchanged).
    const answered = [
      ...finished!.result.addedAccounts.map((account) => account.login),
      ...finished!.result.unchanged.map((key) => accounts[Number(key)]!.login),
    ];
    expect(answered.sort()).toEqual(accounts.map((a) => a.login).sort());
    expect(finished!.result.addedAccounts.length).toBeGreaterThan(ROWS - storedBeforeKill);

    const listed = await list(second.url);
    expect(listed.total).toBe(ROWS);
    expect(new Set(listed.items.map((item) => item.login)).size).toBe(ROWS);
    await second.server.stop();
  }, 420_000);
});
