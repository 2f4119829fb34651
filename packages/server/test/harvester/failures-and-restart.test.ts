import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { addSandboxAccounts } from '../steam-trading/helpers.ts';
import {
  as,
  createHarvesterTestApp,
  type HarvesterTestApp,
  ok,
  profileInput,
  storedTransactions,
  untilFinished,
} from './helpers.ts';

const SIZES = { dota2: 30, community: 10 };
const CASES = [
  'sandbox_trade_ban',
  'sandbox_item_gone',
  'sandbox_confirmation_missing',
  'sandbox_escrow_hold',
];

describe('a harvest session with the trading failure accounts', () => {
  let t: HarvesterTestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createHarvesterTestApp(SIZES);
    user = await signedInUser(t, 'failures');
  }, 60_000);
  afterAll(() => t.close());

  it('ends their transactions in error with the step and reason, completes the rest, and completes them after a fix and a restart', async () => {
    const healthy = t.world.healthyAccounts(3, 4301);
    const cases = CASES.map((login) => t.world.find(login)!);
    const rateLimited = t.world.find('sandbox_trade_rate_limited')!;
    const ids = await addSandboxAccounts(t, user.accessToken, [...healthy, ...cases, rateLimited], 120);
    const id = (login: string) =>
      ids[[...healthy, ...cases, rateLimited].findIndex((a) => a.login === login)]!;
    // Sources: two healthy ones and the failure cases; targets: a healthy one and the escrow account.
    const sources = [
      ids[0]!,
      ids[1]!,
      id('sandbox_trade_ban'),
      id('sandbox_item_gone'),
      id('sandbox_confirmation_missing'),
      id('sandbox_trade_rate_limited'),
    ];
    const targets = [ids[2]!, id('sandbox_escrow_hold')];
    const profile = await ok(
      as(
        t,
        user.accessToken,
        'POST',
        '/api/harvester/profiles',
        profileInput('Failures', { games: { mode: 'whitelist', list: ['dota2'] } }),
      ),
    );
    const created = await ok(
      as(t, user.accessToken, 'POST', '/api/harvester/sessions', {
        profileId: profile.id,
        sources: { accountIds: sources },
        targets: { accountIds: targets },
      }),
    );
    await ok(as(t, user.accessToken, 'POST', `/api/harvester/sessions/${created.id}/start`, {}));
    const done = await untilFinished(t, user.accessToken, created.id);
    // The rate-limited source could not be scanned: nothing planned from it, and the plan says why.
    expect(done.plan!.failedAccounts).toEqual([
      {
        account: { id: id('sandbox_trade_rate_limited'), login: 'sandbox_trade_rate_limited' },
        reason: 'rateLimited',
      },
    ]);

    const rows = await storedTransactions(t, created.id);
    const outcome = (row: (typeof rows)[number]) => [row.status, row.errorStep, row.errorReason];
    for (const row of rows) {
      // Steam answers the sender's ban before the partner's escrow hold.
      if (row.sourceId === id('sandbox_trade_ban')) {
        expect(outcome(row)).toEqual(['error', 'trading', 'tradeBan']);
      } else if (row.targetId === id('sandbox_escrow_hold')) {
        expect(outcome(row), 'to the escrow account').toEqual(['error', 'trading', 'escrowHold']);
      } else if (row.sourceId === id('sandbox_item_gone')) {
        expect(outcome(row)).toEqual(['error', 'trading', 'itemsUnavailable']);
      } else if (row.sourceId === id('sandbox_confirmation_missing')) {
        expect(outcome(row)).toEqual(['error', 'confirmation', 'confirmationNotFound']);
        expect(row.offerId).toMatch(/^\d+$/);
      } else {
        expect(outcome(row), `${row.sourceLogin} to ${row.targetLogin}`).toEqual(['completed', null, null]);
      }
    }
    const errored = rows.filter((row) => row.status === 'error');
    expect(errored.length).toBeGreaterThanOrEqual(4);
    expect(rows.some((row) => row.status === 'completed')).toBe(true);

    const listed = await ok(
      as(
        t,
        user.accessToken,
        'POST',
        `/api/harvester/sessions/${created.id}/transactions/query`,
        { withStatus: ['error'], pages: { page: 1, pageSize: 100 } },
        'ru-RU',
      ),
    );
    expect(listed.total).toBe(errored.length);
    const tradeBan = listed.items.find((row: { errorReason: string }) => row.errorReason === 'tradeBan');
    expect(tradeBan).toMatchObject({ status: 'error', errorStep: 'trading', error: 'Трейд-бан' });
    const summary = await ok(
      as(t, user.accessToken, 'GET', `/api/harvester/sessions/${created.id}/summary`, undefined),
    );
    expect(summary.errorsByReason.map((row: { reason: string }) => row.reason).sort()).toEqual(
      ['confirmationNotFound', 'escrowHold', 'itemsUnavailable', 'tradeBan'].sort(),
    );

    // The owners fix the causes on Steam; restarting the errored ones completes them.
    for (const login of CASES) {
      await ok(
        as(t, user.accessToken, 'POST', `/api/steam-accounts/${id(login)}/sandbox/lift-trade-case`, {}),
      );
    }
    const restarted = await ok(
      as(t, user.accessToken, 'POST', `/api/harvester/sessions/${created.id}/transactions/restart`, {
        all: true,
      }),
    );
    expect(restarted.succeededIds.sort()).toEqual(errored.map((row) => row.id).sort());
    expect(restarted.failed).toEqual([]);
    const back = await storedTransactions(t, created.id);
    for (const row of back.filter((r) => restarted.succeededIds.includes(r.id))) {
      const before = errored.find((r) => r.id === row.id)!;
      expect([row.status, row.attempt]).toEqual([before.errorStep, before.attempt + 1]);
    }
    await ok(as(t, user.accessToken, 'POST', `/api/harvester/sessions/${created.id}/start`, {}));
    const again = await untilFinished(t, user.accessToken, created.id);
    const final = await storedTransactions(t, created.id);
    expect(final.filter((row) => row.status !== 'completed').map(outcome)).toEqual([]);
    expect(again.counts.completed).toBe(final.length);
    // The confirmation-missing offers were confirmed, not sent again: one offer per reference.
    for (const row of final) {
      expect(t.world.trading.offersWithMessage(`[td:${row.reference}]`), row.reference).toHaveLength(1);
    }
  }, 600_000);
});
