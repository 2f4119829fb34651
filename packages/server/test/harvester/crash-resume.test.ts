import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SandboxWorld } from '../../src/integrations/steam/index.ts';
import {
  callApi as call,
  logInOnSpawned,
  pollUntil,
  sandboxServers,
  signUpOnSpawned,
} from '../helpers/spawned-api.ts';
import { addItem, proxyData } from '../steam-accounts/helpers.ts';
import { profileInput } from './helpers.ts';

// A server killed (SIGKILL) in the middle of a session, while Steam holds an offer whose answer never arrived: the
// next server resumes the session, finds that offer by its reference instead of sending it again, and brings every
// transaction to an end.
const PASSWORD = 'Quartz-Lantern-42';
const EMAIL = 'harvest-crash@example.test';
const world = new SandboxWorld();
const accounts = world.healthyAccounts(5, 4701);

const { journal, start } = sandboxServers('tradedeck-harvest-crash-');

interface Transaction {
  id: number;
  status: string;
  offerId: string | null;
}

describe('a server killed in the middle of a harvest session', () => {
  it('resumes it on the next start: no offer sent twice, nothing left in a middle step', async () => {
    const first = await start({ TRADEDECK_SANDBOX_SEND_DELAY_MS: '1500' });
    let token = await signUpOnSpawned(first.server, first.url, {
      email: EMAIL,
      userName: 'crash',
      password: PASSWORD,
    });
    const added = await call<{ addedAccounts: { id: number; login: string }[] }>(
      first.url,
      'POST',
      '/api/steam-accounts',
      {
        accounts: Object.fromEntries(
          accounts.map((a, i) => [String(i), addItem(a, { proxyData: proxyData(81 + i) })]),
        ),
      },
      token,
    );
    const idOf = (i: number) => added.addedAccounts.find((row) => row.login === accounts[i]!.login)!.id;
    const profile = await call<{ id: number }>(
      first.url,
      'POST',
      '/api/harvester/profiles',
      profileInput('Crash', { games: { mode: 'whitelist', list: ['dota2', 'tf2'] } }),
      token,
    );
    const session = await call<{ id: number }>(
      first.url,
      'POST',
      '/api/harvester/sessions',
      {
        profileId: profile.id,
        sources: { accountIds: [0, 1, 2].map(idOf) },
        targets: { accountIds: [3, 4].map(idOf) },
      },
      token,
    );
    const sends = () =>
      readFileSync(journal, 'utf8')
        .split('\n')
        .filter((line) => line.includes('"op":"send"'))
        .map((line) => /\[td:([A-Za-z0-9_-]+)\]/.exec(line)![1]!);
    await call(first.url, 'POST', `/api/harvester/sessions/${session.id}/start`, {}, token);
    // Steam made a few offers; the answer to the last one is still on its way when the process dies.
    await until(async () => sends().length >= 3, 180_000);
    first.server.child.kill('SIGKILL');
    await first.server.exited;
    const sentBeforeCrash = sends();

    const second = await start();
    token = await logInOnSpawned(second.url, { email: EMAIL, password: PASSWORD });
    const done = await until(async () => {
      const s = await call<{ status: string; finishedAt: string | null; counts: Record<string, number> }>(
        second.url,
        'GET',
        `/api/harvester/sessions/${session.id}`,
        undefined,
        token,
      );
      return s.finishedAt !== null && s.status === 'idle' ? s : null;
    }, 240_000);
    const listed = await call<{ items: Transaction[]; total: number }>(
      second.url,
      'POST',
      `/api/harvester/sessions/${session.id}/transactions/query`,
      { pages: { page: 1, pageSize: 100 } },
      token,
    );
    expect(listed.total).toBeGreaterThan(3);
    // The crash came in the middle: answers from Steam were still on their way (the send delay), however many of
    // the session's offers the runner had already made at once.
    expect(sentBeforeCrash.length).toBeGreaterThanOrEqual(3);
    expect(sentBeforeCrash.length).toBeLessThanOrEqual(listed.total);
    expect(listed.items.map((row) => row.status).filter((status) => status !== 'completed')).toEqual([]);
    expect(done.counts.completed).toBe(listed.total);
    // One offer per reference in Steam's journal, one per transaction; the offers made before the crash were kept.
    const all = sends();
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(listed.total);
    expect(all.slice(0, sentBeforeCrash.length)).toEqual(sentBeforeCrash);
    await second.server.stop();
  }, 600_000);
});

function until<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 120_000): Promise<T> {
  return pollUntil(probe, timeoutMs);
}
