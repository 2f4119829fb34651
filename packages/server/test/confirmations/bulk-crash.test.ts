/**
 * A bulk confirmation job killed with kill -9 twice: the restarted servers resume it to its end, and Steam's journal
 * shows every matching confirmation answered exactly once. Steam's replies come slowly after the answer is given on
 * its side (TRADEDECK_SANDBOX_CONFIRM_DELAY_MS), so the kills land with a batch marked `sending`, answered on
 * Steam, its reply not yet heard: the resumed job settles it from Steam's list and never answers it again.
 */
import type { ConfirmationJob, ConfirmationRow } from '@tradedeck/sdk/contract';
import { describe, expect, it } from 'vitest';
import { SandboxWorld } from '../../src/integrations/steam/index.ts';
import { stepUpOnSpawned } from '../helpers/spawned-api.ts';
import { crashHarness } from '../jobs/crash-harness.ts';
import { addItem, proxyData } from '../steam-accounts/helpers.ts';

const world = new SandboxWorld();

const { api, crash, journalOps, server, token, until, url } = crashHarness({
  prefix: 'tradedeck-confirmations-crash-',
  email: 'confirmations-crash@example.test',
  userName: 'confirmcrash',
  env: { TRADEDECK_SANDBOX_CONFIRM_DELAY_MS: '2000' },
});

/** Every (account, confirmation) Steam's journal shows answered, one entry per answer given. */
const answeredOnSteam = () =>
  journalOps('respond').flatMap((line) => {
    const change = JSON.parse(line) as { steamId: string; ids: string[] };
    return change.ids.map((id) => `${change.steamId}:${id}`);
  });

describe('a bulk confirmation job killed with kill -9', () => {
  it('resumes after each kill and answers every matching confirmation exactly once', async () => {
    const accounts = world.healthyAccounts(4, 5301);
    await api('POST', '/api/steam-accounts', {
      accounts: Object.fromEntries(
        accounts.map((a, i) => [String(i), addItem(a, { proxyData: proxyData(181 + i) })]),
      ),
    });
    const listed = await api<{ items: ConfirmationRow[] }>('POST', '/api/confirmations/query', {});
    const pending = listed.items.filter((row) => accounts.some((a) => a.login === row.login));
    // Five kinds waiting on each account, none of them Tradedeck's: the bulk answer asks for the step-up.
    expect(pending).toHaveLength(accounts.length * 5);
    await stepUpOnSpawned(server(), url(), token());

    const before = answeredOnSteam().length;
    const started = await api<{ jobId: number; total: number }>(
      'POST',
      '/api/confirmations/answer-matching',
      {
        accept: true,
      },
    );
    expect(started.total).toBe(pending.length);

    // First kill: the first account's batch answered on Steam, its reply still on its way.
    await until('the first batch on Steam', async () => answeredOnSteam().length > before);
    await crash();
    // Second kill: the resumed job has answered another batch.
    const afterFirst = answeredOnSteam().length;
    await until('a batch of the resumed job', async () => answeredOnSteam().length > afterFirst);
    await crash();

    const job = await until(
      'the job to end',
      async () => {
        const answer = await api<ConfirmationJob>('GET', `/api/confirmations/jobs/${started.jobId}`);
        return answer.status === 'running' ? null : answer;
      },
      180_000,
    );
    expect(job.status).toBe('done');
    expect(job.items.filter((item) => item.state !== 'answered')).toEqual([]);

    // Steam saw each confirmation answered once: none twice, none left out.
    const answered = answeredOnSteam().slice(before);
    expect(new Set(answered).size).toBe(answered.length);
    const steamIdOf = new Map(accounts.map((a) => [a.login, a.steamId]));
    expect(new Set(answered)).toEqual(new Set(pending.map((row) => `${steamIdOf.get(row.login)}:${row.id}`)));
    const left = await api<{ items: ConfirmationRow[] }>('POST', '/api/confirmations/query', {});
    expect(left.items.filter((row) => steamIdOf.has(row.login))).toEqual([]);
  }, 420_000);
});
