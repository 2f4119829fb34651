import { TradeOfferState } from '@tradedeck/sdk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TradingDeps } from '../../src/modules/steam-trading/deps.ts';
import { claimIntent } from '../../src/modules/steam-trading/intent-machine.ts';
import { OfferService } from '../../src/modules/steam-trading/offer-service.ts';
import { IntentReconciler } from '../../src/modules/steam-trading/reconcile.ts';
import { SteamTradingRepo } from '../../src/modules/steam-trading/repo.ts';
import type { TradeSessions } from '../../src/modules/steam-trading/sessions.ts';
import { UserScope } from '../../src/security/user-scope.ts';
import type { TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { addSandboxAccounts, createTradingTestApp, type TradingTestApp } from './helpers.ts';

// The order of events around one reference, driven step by step rather than left to load: a reconciliation that
// read Steam before a send of the same reference reached it never settles that send as "not sent", so the
// reference is never sent a second time (docs/trading-rules.md §2 rule 1).

/** A gate a call waits at until the test opens it; `reached` resolves when the call arrives. */
function gate() {
  let open!: () => void;
  let arrive!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const reached = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return {
    open,
    reached,
    async pass() {
      arrive();
      await opened;
    },
  };
}

/** Steam as the reconciler and the sender see it: the offers sent, by reference; hooks hold calls where a test wants. */
function fakeSteam() {
  const sent: string[] = [];
  const hooks = {
    /** Runs after Steam was searched for the reference (what it found is already decided). */
    afterLookup: async (_reference: string) => {},
    beforeSend: async (_reference: string) => {},
  };
  const session = {
    async findSentOffer(reference: string) {
      const index = sent.indexOf(reference);
      await hooks.afterLookup(reference);
      return {
        ok: true as const,
        offer:
          index < 0
            ? null
            : {
                id: String(7000 + index),
                state: TradeOfferState.CreatedNeedsConfirmation,
                partnerSteamId: '',
              },
      };
    },
    async sendOffer(input: { reference: string }) {
      await hooks.beforeSend(input.reference);
      sent.push(input.reference);
      return {
        ok: true as const,
        offerId: String(7000 + sent.length - 1),
        state: TradeOfferState.CreatedNeedsConfirmation,
        needsConfirmation: true,
      };
    },
  };
  const sessions = {
    account: async (_userId: string, id: number) => ({ id }),
    run: (_userId: string, _accountId: number, op: (s: typeof session) => Promise<unknown>) => op(session),
  } as unknown as TradeSessions;
  return { sent, hooks, sessions };
}

describe('a send and a reconciliation of the same reference at once', () => {
  let t: TradingTestApp;
  let user: TestUser;
  let accountId: number;
  let partnerSteamId: string;
  let repo: SteamTradingRepo;

  beforeAll(async () => {
    t = await createTradingTestApp();
    user = await signedInUser(t, 'races');
    const accounts = t.world.healthyAccounts(2, 3501);
    accountId = (await addSandboxAccounts(t, user.accessToken, accounts, 80))[0]!;
    partnerSteamId = accounts[1]!.steamId;
    const { db } = t.testDb.database;
    repo = new SteamTradingRepo(db, new UserScope(db));
  }, 60_000);
  afterAll(() => t.close());

  /** One server process's trading services over the shared database and the fake Steam. */
  function processOf(steam: ReturnType<typeof fakeSteam>, processId: string, singleProcess: boolean) {
    const deps = {
      repo,
      processId,
      singleProcess,
      log: t.app.log,
      now: () => Date.now(),
      ownOfferRule: async () => true,
    } as unknown as TradingDeps;
    const reconciler = new IntentReconciler(deps, steam.sessions);
    return { reconciler, offers: new OfferService(deps, steam.sessions, reconciler) };
  }

  /** A pending intent a killed process left (its call never reached Steam). */
  function orphan(reference: string, leaseUntil: Date) {
    return repo.run(user.id, (q) =>
      claimIntent(q, {
        accountId,
        kind: 'send',
        reference,
        partnerSteamId,
        offerId: null,
        request: { itemsToGive: [], itemsToReceive: [] },
        owner: 'killed-process',
        leaseUntil,
      }),
    );
  }

  /** Makes the next claim of an intent wait at `after` once written, before its caller goes on; answers the undo. */
  function pauseAfterClaim(after: ReturnType<typeof gate>): () => void {
    const realRun = repo.run.bind(repo);
    let holdClaim = true;
    repo.run = (async (userId, work) => {
      let claimed = false;
      const result = await realRun(userId, (q, tx) => {
        const spied = Object.create(q, {
          insertIntent: {
            value: (...args: Parameters<typeof q.insertIntent>) => {
              claimed = true;
              return q.insertIntent(...args);
            },
          },
        });
        return work(spied, tx);
      });
      if (claimed && holdClaim) {
        holdClaim = false;
        await after.pass();
      }
      return result;
    }) as typeof repo.run;
    return () => {
      repo.run = realRun;
    };
  }

  const sendInput = (reference: string) => ({
    id: accountId,
    partnerSteamId,
    tradeToken: 'token',
    itemsToGive: [{ appId: 570, contextId: '2', assetId: '1', amount: 1 }],
    itemsToReceive: [],
    reference,
    allowEscrow: false,
    confirm: false,
  });

  const intentOf = (reference: string) => repo.run(user.id, (q) => q.intent(accountId, 'send', reference));

  it('in one process: a reconciliation of the account that reached the reference late leaves its send alone', async () => {
    const steam = fakeSteam();
    const server = processOf(steam, `races-a-${Date.now()}`, t.testDb.database.kind === 'pglite');
    await orphan('race-a-1', new Date(0));
    await orphan('race-a-2', new Date(0));
    // The first reconciliation of the account (the startup sweep) is slow on its first intent.
    const slowLookup = gate();
    // The send's claim is written, the send has not noted its call yet (the database answered, the code runs next).
    const claimWritten = gate();
    steam.hooks.afterLookup = async (reference) => {
      if (reference === 'race-a-1') await slowLookup.pass();
    };
    const restore = pauseAfterClaim(claimWritten);
    try {
      const sweep = server.reconciler.reconcileAccount(user.id, accountId);
      await slowLookup.reached;
      // The runner resends race-a-2: it reconciles it (never sent), claims it again and is about to call Steam.
      const send = server.offers.send(user.id, sendInput('race-a-2'), 'en');
      await claimWritten.reached;
      // The sweep goes on to race-a-2, read as pending before the send claimed it again.
      slowLookup.open();
      await sweep;
      claimWritten.open();
      const answered = await send;
      // The harvester's send step asks once more for an intent answered as never sent (a resumed one does too).
      const again = await server.offers.send(user.id, sendInput('race-a-2'), 'en');
      expect(steam.sent).toEqual(['race-a-2']);
      expect(answered).toMatchObject({ status: 'done', offerId: '7000' });
      expect(again).toMatchObject({ status: 'done', offerId: '7000' });
      expect(await intentOf('race-a-1')).toMatchObject({ status: 'notSent' });
    } finally {
      restore();
    }
  });

  it('in one process: a call of the account that reads the intent just claimed leaves its send alone', async () => {
    const steam = fakeSteam();
    const server = processOf(steam, `races-c-${Date.now()}`, t.testDb.database.kind === 'pglite');
    await orphan('race-c-1', new Date(0));
    const claimWritten = gate();
    const restore = pauseAfterClaim(claimWritten);
    try {
      const send = server.offers.send(user.id, sendInput('race-c-1'), 'en');
      await claimWritten.reached;
      // Another transaction of the same account reconciles its account before sending: it reads the new claim.
      const other = await server.reconciler.reconcileAccount(user.id, accountId);
      claimWritten.open();
      const answered = await send;
      const again = await server.offers.send(user.id, sendInput('race-c-1'), 'en');
      expect(steam.sent).toEqual(['race-c-1']);
      expect(other).toEqual({ reconciled: 0, unresolved: 0 });
      expect(answered).toMatchObject({ status: 'done', offerId: '7000' });
      expect(again).toMatchObject({ status: 'done', offerId: '7000' });
    } finally {
      restore();
    }
  });

  it('across processes: a reconciliation that read Steam before the send never settles the send claimed after it', async () => {
    const steam = fakeSteam();
    // Two live processes on one database (Postgres); the killed one's lease has run out.
    const first = processOf(steam, `races-b1-${Date.now()}`, false);
    const second = processOf(steam, `races-b2-${Date.now()}`, false);
    await orphan('race-b-1', new Date(Date.now() - 1_000));
    // The second process found nothing on Steam for race-b-1; its answer is late.
    const lateAnswer = gate();
    let lateAnswerPassed = false;
    steam.hooks.afterLookup = async (reference) => {
      if (reference === 'race-b-1' && !lateAnswerPassed) {
        lateAnswerPassed = true;
        await lateAnswer.pass();
      }
    };
    const sendHeld = gate();
    steam.hooks.beforeSend = async () => {
      await sendHeld.pass();
    };
    const stale = second.reconciler.reconcileAccount(user.id, accountId);
    await lateAnswer.reached;
    // The first process reconciles it too (not sent), claims it again and calls Steam.
    const send = first.offers.send(user.id, sendInput('race-b-1'), 'en');
    await sendHeld.reached;
    lateAnswer.open();
    await stale;
    sendHeld.open();
    const answered = await send;
    const again = await first.offers.send(user.id, sendInput('race-b-1'), 'en');
    expect(steam.sent).toEqual(['race-b-1']);
    expect(answered).toMatchObject({ status: 'done', offerId: '7000' });
    expect(again).toMatchObject({ status: 'done', offerId: '7000' });
  });
});
