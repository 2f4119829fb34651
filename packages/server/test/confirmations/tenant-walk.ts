import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { AuthTestApp, TestUser } from '../auth/helpers/auth-app.ts';
import { pollUntil } from '../helpers/spawned-api.ts';
import { viewBeforeAttack } from '../security/view-before-attack.ts';
import type { AccountWalkTarget } from '../steam-accounts/tenant-walk.ts';

/** The tenant walk of the confirmations centre: user B names user A's account, tag and job in each. */
interface Ctx {
  t: AuthTestApp;
  a: TestUser;
  b: TestUser;
  steamAccounts: AccountWalkTarget;
}

const as = (t: AuthTestApp, user: TestUser, method: string, url: string, body?: unknown) =>
  t.call(method, url, { token: user.accessToken, ...(body !== undefined ? { body } : {}) });

// A's job per test app: test files share this module (vitest runs them unisolated).
const jobIds = new WeakMap<object, number>();
const seen = viewBeforeAttack(aView);

/** A's rules and A's job (one is made for A before the first attack, whatever Steam lists). */
async function aView({ t, a }: Ctx): Promise<string> {
  const rules = await as(t, a, 'GET', '/api/confirmations/rules');
  const job = await as(t, a, 'GET', `/api/confirmations/jobs/${jobIds.get(t)}`);
  return JSON.stringify([rules.json().data, job.json().data?.id, job.json().data?.total]);
}

function attack(
  call: (ctx: Ctx, id: number) => Promise<LightMyRequestResponse>,
): (ctx: Ctx) => Promise<LightMyRequestResponse> {
  return async (ctx) => {
    if (!jobIds.has(ctx.t)) {
      const started = await as(ctx.t, ctx.a, 'POST', '/api/confirmations/answer-matching', {
        accountIds: [ctx.steamAccounts.accountId],
        ours: true,
        accept: true,
      });
      expect(started.statusCode, started.body).toBe(200);
      const jobId = started.json().data.jobId as number;
      jobIds.set(ctx.t, jobId);
      // A's job ends before A's view is read: its counts move while it runs.
      await pollUntil(async () => {
        const job = await as(ctx.t, ctx.a, 'GET', `/api/confirmations/jobs/${jobId}`);
        return job.json().data?.status !== 'running';
      }, 60_000);
    }
    await seen.take(ctx);
    return call(ctx, ctx.steamAccounts.accountId);
  };
}

async function unchanged(ctx: Ctx): Promise<void> {
  await seen.unchanged(ctx);
}

export const confirmationsWalker = {
  'confirmations.list': {
    expect: 3,
    attack: attack(({ t, b }, id) => as(t, b, 'POST', '/api/confirmations/query', { accountIds: [id] })),
    unchanged,
  },
  'confirmations.answer': {
    expect: 3,
    attack: attack(({ t, b }, id) =>
      as(t, b, 'POST', '/api/confirmations/answer', { accountId: id, confirmationIds: ['1'], accept: true }),
    ),
    unchanged,
  },
  'confirmations.answerOffer': {
    expect: 3,
    attack: attack(({ t, b }, id) =>
      as(t, b, 'POST', '/api/confirmations/offers/7000000001/answer', { accountId: id, accept: true }),
    ),
    unchanged,
  },
  'confirmations.answerMatching': {
    expect: 3,
    attack: attack(({ t, b }, id) =>
      as(t, b, 'POST', '/api/confirmations/answer-matching', { accountIds: [id], ours: true, accept: true }),
    ),
    unchanged,
  },
  'confirmations.job': {
    expect: 3,
    attack: attack(({ t, b }) => as(t, b, 'GET', `/api/confirmations/jobs/${jobIds.get(t)}`)),
    unchanged,
  },
  'confirmations.setRule': {
    expect: 3,
    attack: attack(({ t, b, steamAccounts }) =>
      as(t, b, 'PUT', `/api/confirmations/rules/${steamAccounts.tagId}`, {
        acceptOwnOffers: false,
        acceptOwnListings: true,
      }),
    ),
    unchanged,
  },
  'confirmations.applyRules': {
    expect: 3,
    attack: attack(({ t, b }, id) =>
      as(t, b, 'POST', '/api/confirmations/rules/apply', { accountIds: [id], dryRun: false }),
    ),
    unchanged,
  },
};
