import { connect, type Socket } from 'node:net';
import type { AccountsAddFinished, AccountsAddProgress } from '@tradedeck/sdk/contract';
import type { ProxyStatusUpdated } from '@tradedeck/sdk/domain';
import { describe, expect, it } from 'vitest';
import { SandboxWorld } from '../../src/integrations/steam/index.ts';
import { profileInput } from '../harvester/helpers.ts';
import { type LoopbackServer, listenLoopback } from '../proxy-checker/helpers/loopback-server.ts';
import { startSocks5 } from '../proxy-checker/helpers/proxy-servers.ts';
import { addItem, proxyData } from '../steam-accounts/helpers.ts';
import { crashHarness } from './crash-harness.ts';

// Every long action resumes to its end after kill -9 at several moments, on the database the suite runs on (PGlite,
// or Postgres with TEST_DATABASE_URL): restarted servers finish it with the counts a run without a crash has,
// announce nothing twice and double nothing (counted in the sandbox journal and in the hub's event log).
const world = new SandboxWorld();

// Steam answers offers and sign-ins slowly, so kills land with the work half done.
const { api, crash, eventsSince, headOf, journalOps, until } = crashHarness({
  prefix: 'tradedeck-crash-recovery-',
  email: 'crash-recovery@example.test',
  userName: 'crashes',
  env: { TRADEDECK_SANDBOX_SEND_DELAY_MS: '1500', TRADEDECK_SANDBOX_SIGN_IN_DELAY_MS: '1200' },
});

describe('long actions killed with kill -9 and restarted', () => {
  it('a harvester session killed twice in one run ends with every offer sent once', async () => {
    const accounts = world.healthyAccounts(5, 4801);
    const added = await api<{ addedAccounts: { id: number; login: string }[] }>(
      'POST',
      '/api/steam-accounts',
      {
        accounts: Object.fromEntries(
          accounts.map((a, i) => [String(i), addItem(a, { proxyData: proxyData(61 + i) })]),
        ),
      },
    );
    const idOf = (i: number) => added.addedAccounts.find((row) => row.login === accounts[i]!.login)!.id;
    const profile = await api<{ id: number }>(
      'POST',
      '/api/harvester/profiles',
      profileInput('Crashes', { games: { mode: 'whitelist', list: ['dota2', 'tf2'] } }),
    );
    const session = await api<{ id: number }>('POST', '/api/harvester/sessions', {
      profileId: profile.id,
      sources: { accountIds: [0, 1, 2].map(idOf) },
      targets: { accountIds: [3, 4].map(idOf) },
    });
    const sends = () => journalOps('send').map((line) => /\[td:([A-Za-z0-9_-]+)\]/.exec(line)![1]!);
    const sentBefore = sends().length;
    await api('POST', `/api/harvester/sessions/${session.id}/start`, {});
    // First kill: offers made, Steam's answers still on their way. Second: the resumed run has moved on (Steam saw
    // more of it: an accept or a confirmation), its session not yet at its end.
    await until('the first offers', async () => sends().length >= sentBefore + 2);
    await crash();
    const opsAfterFirst = journalOps('').length;
    await until('a step of the resumed run', async () => journalOps('').length > opsAfterFirst);
    await crash();

    const done = await until(
      'the session to end',
      async () => {
        const s = await api<{ status: string; finishedAt: string | null; counts: Record<string, number> }>(
          'GET',
          `/api/harvester/sessions/${session.id}`,
        );
        return s.finishedAt !== null && s.status === 'idle' ? s : null;
      },
      180_000,
    );
    const listed = await api<{ items: { status: string; error?: unknown }[]; total: number }>(
      'POST',
      `/api/harvester/sessions/${session.id}/transactions/query`,
      { pages: { page: 1, pageSize: 100 } },
    );
    // Every planned transaction ended as it would have without the crashes, each with one offer in Steam's journal.
    expect(
      listed.items.filter((row) => row.status !== 'completed'),
      JSON.stringify(listed.items.filter((row) => row.status !== 'completed')),
    ).toEqual([]);
    expect(done.counts.completed).toBe(listed.total);
    const sent = sends().slice(sentBefore);
    expect(new Set(sent).size).toBe(sent.length);
    expect(sent).toHaveLength(listed.total);
  }, 420_000);

  it('a proxy check batch killed twice announces every proxy exactly once', async () => {
    const from = await headOf('proxy-checker-hub', 'proxies');
    const socks = await startSocks5();
    // Proxies answering after different delays: results come one after another while the servers are killed.
    const slow = await Promise.all(
      Array.from({ length: 30 }, (_, i) => slowForwarder(socks.port, 200 + i * 150)),
    );
    try {
      const addedProxies = await api<{ addedIds: number[] }>('POST', '/api/proxies', {
        proxies: slow.map((proxy) => `127.0.0.1:${proxy.port}`).join('\n'),
        defaultProtocol: 3,
      });
      const ids = addedProxies.addedIds;
      expect(ids).toHaveLength(slow.length);
      const checked = async () => {
        const page = await api<{ items: { id: number; lastCheck: unknown }[] }>(
          'POST',
          '/api/proxies/query',
          {
            pages: { page: 1, pageSize: 100 },
          },
        );
        return page.items.filter((row) => ids.includes(row.id) && row.lastCheck !== null).length;
      };
      const { batchId } = await api<{ batchId: string }>('POST', '/api/proxies/check', { ids });
      await until('the first results', async () => (await checked()) >= 4);
      await crash();
      // A slow restart can let the resumed batch finish before the first read: then there is nothing more to await.
      const atRestart = await checked();
      const afterFirst = Math.min(atRestart, ids.length - 3);
      await until(
        `results after the first restart (${atRestart} of ${ids.length} at the restart)`,
        async () => (await checked()) >= afterFirst + 3,
      );
      await crash();
      await until('every proxy checked', async () => (await checked()) === ids.length && ids.length);

      const events = (await eventsSince('proxy-checker-hub', 'proxies', from)).filter(
        (event) => event.eventName === 'ProxyStatusUpdated',
      );
      const announced = events.map((event) => (event.payload as ProxyStatusUpdated).id);
      // One result per proxy, all valid (as a batch without crashes ends), none announced twice.
      expect([...announced].sort()).toEqual([...ids].sort());
      expect(events.every((event) => (event.payload as ProxyStatusUpdated).valid)).toBe(true);
      expect(batchId).toBeTruthy();
    } finally {
      await Promise.all([socks.close(), ...slow.map((proxy) => proxy.close())]);
    }
  }, 420_000);

  it('an account import killed in the middle answers once, with every row added', async () => {
    const from = await headOf('steam-trading-hub', 'accounts');
    const storedAccounts = async () =>
      (
        await api<{ total: number }>('POST', '/api/steam-accounts/query', {
          pages: { page: 1, pageSize: 100 },
        })
      ).total;
    const storedBefore = await storedAccounts();
    const rows = world.healthyAccounts(16, 4901);
    const started = await api<{ jobId: string; total: number }>('POST', '/api/steam-accounts/add-jobs', {
      mode: 'multiple',
      accounts: Object.fromEntries(
        rows.map((a, i) => [String(i), addItem(a, { proxyData: proxyData(161 + i) })]),
      ),
    });
    const progress = async () =>
      (await eventsSince('steam-trading-hub', 'accounts', from)).filter(
        (event) => event.eventName === 'AccountsAddProgress',
      ).length;
    await until('the first sign-ins', async () => (await progress()) >= 2);
    await crash();

    const ended = await until(
      'the import to answer',
      async () => {
        const events = await eventsSince('steam-trading-hub', 'accounts', from);
        return events.some((event) => event.eventName === 'AccountsAddFinished') ? events : null;
      },
      180_000,
    );
    // The answer given once, every row in it once and none refused; each sign-in announced once.
    const named = (name: string) => ended.filter((event) => event.eventName === name);
    const finished = named('AccountsAddFinished').map((event) => event.payload as AccountsAddFinished);
    expect(finished).toHaveLength(1);
    expect(finished[0]!.jobId).toBe(started.jobId);
    expect(finished[0]!.result.errors).toEqual({});
    const addedLogins = finished[0]!.result.addedAccounts.map((account) => account.login);
    const answered = [
      ...addedLogins,
      ...finished[0]!.result.unchanged.map((key) => rows[Number(key)]!.login),
    ];
    expect(answered.sort()).toEqual(rows.map((a) => a.login).sort());
    const signIns = named('AccountsAddProgress').map((event) => event.payload as AccountsAddProgress);
    const signedIn = signIns.map((event) => event.login);
    expect(new Set(signedIn).size).toBe(signedIn.length);
    // A row the killed run stored and announced is the job's own: it answers as added, not as unchanged (a row
    // stored in the instant before its announcement answers as unchanged).
    const announcedAdded = signIns.filter((event) => event.added).map((event) => event.login);
    expect(addedLogins).toEqual(expect.arrayContaining(announcedAdded));
    expect(await storedAccounts()).toBe(storedBefore + rows.length);
  }, 420_000);
});

/** A proxy that takes `delayMs` before passing a connection on to `port` (a slow exit). */
async function slowForwarder(port: number, delayMs: number): Promise<LoopbackServer> {
  return listenLoopback((client: Socket) => {
    client.pause();
    const timer = setTimeout(() => {
      const upstream = connect(port, '127.0.0.1');
      upstream.on('error', () => client.destroy());
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.pipe(upstream).pipe(client);
      client.resume();
    }, delayMs);
    client.on('close', () => clearTimeout(timer));
  });
}
