import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { AuthTestApp, TestUser } from '../auth/helpers/auth-app.ts';
import { addItem, world } from '../steam-accounts/helpers.ts';
import type { AccountWalkTarget } from '../steam-accounts/tenant-walk.ts';
import { profileInput } from './helpers.ts';

/** User A's harvester profile and session (sources and target are A's accounts) that user B aims at. */
export interface HarvesterWalkTarget {
  profileId: number;
  sessionId: number;
  snapshot: string;
}

interface Ctx {
  t: AuthTestApp;
  a: TestUser;
  b: TestUser;
  steamAccounts: AccountWalkTarget;
  harvester: HarvesterWalkTarget;
}

const as = (t: AuthTestApp, user: TestUser, method: string, url: string, body?: unknown) =>
  t.call(method, url, { token: user.accessToken, ...(body !== undefined ? { body } : {}) });

/** What A sees of the harvester: the profiles, the session and its transactions. */
async function aView({ t, a, harvester }: Pick<Ctx, 't' | 'a' | 'harvester'>): Promise<string> {
  const profiles = await as(t, a, 'GET', '/api/harvester/profiles');
  const session = await as(t, a, 'GET', `/api/harvester/sessions/${harvester.sessionId}`);
  const transactions = await as(
    t,
    a,
    'POST',
    `/api/harvester/sessions/${harvester.sessionId}/transactions/query`,
    {},
  );
  return JSON.stringify([profiles.json().data, session.json().data, transactions.json().data]);
}

export async function prepareHarvesterWalk(
  t: AuthTestApp,
  a: TestUser,
  steamAccounts: AccountWalkTarget,
): Promise<HarvesterWalkTarget> {
  const [target] = world.healthyAccounts(1, 1211);
  const added = await as(t, a, 'POST', '/api/steam-accounts', {
    accounts: { '0': addItem(target!, { proxyId: steamAccounts.proxyId }) },
  });
  const targetId = added.json().data.addedAccounts[0].id as number;
  const profile = await as(t, a, 'POST', '/api/harvester/profiles', profileInput('A profile'));
  const profileId = profile.json().data.id as number;
  const session = await as(t, a, 'POST', '/api/harvester/sessions', {
    profileId,
    sources: { accountIds: [steamAccounts.accountId] },
    targets: { accountIds: [targetId] },
  });
  const walk = { profileId, sessionId: session.json().data.id as number, snapshot: '' };
  walk.snapshot = await aView({ t, a, harvester: walk });
  return walk;
}

async function unchanged(ctx: Ctx): Promise<void> {
  expect(await aView(ctx)).toBe(ctx.harvester.snapshot);
}

function attack(
  call: (ctx: Ctx, ids: HarvesterWalkTarget) => Promise<LightMyRequestResponse>,
): (ctx: Ctx) => Promise<LightMyRequestResponse> {
  return (ctx) => call(ctx, ctx.harvester);
}

const session = (path: string, method = 'POST', body: unknown = {}) => ({
  expect: 3,
  attack: attack(({ t, b }, { sessionId }) =>
    as(t, b, method, `/api/harvester/sessions/${sessionId}${path}`, method === 'GET' ? undefined : body),
  ),
  unchanged,
});

export const harvesterWalker = {
  'harvester.updateProfile': {
    expect: 3,
    attack: attack(({ t, b }, { profileId }) =>
      as(t, b, 'PUT', `/api/harvester/profiles/${profileId}`, profileInput('Hijacked')),
    ),
    unchanged,
  },
  'harvester.duplicateProfile': {
    expect: 3,
    attack: attack(({ t, b }, { profileId }) =>
      as(t, b, 'POST', `/api/harvester/profiles/${profileId}/duplicate`, {}),
    ),
    unchanged,
  },
  'harvester.removeProfile': {
    expect: 3,
    attack: attack(({ t, b }, { profileId }) => as(t, b, 'DELETE', `/api/harvester/profiles/${profileId}`)),
    unchanged,
  },
  'harvester.setDefaultProfile': {
    expect: 3,
    attack: attack(({ t, b }, { profileId }) =>
      as(t, b, 'POST', `/api/harvester/profiles/${profileId}/default`, {}),
    ),
    unchanged,
  },
  'harvester.createSession': {
    expect: 3,
    attack: attack(({ t, b, steamAccounts }, { profileId }) =>
      as(t, b, 'POST', '/api/harvester/sessions', {
        profileId,
        sources: { accountIds: [steamAccounts.accountId] },
        targets: { accountIds: [steamAccounts.bAccountId] },
      }),
    ),
    unchanged,
  },
  'harvester.getSession': session('', 'GET'),
  'harvester.startSession': session('/start'),
  'harvester.pauseSession': session('/pause'),
  'harvester.completeSession': session('/complete'),
  'harvester.sessionSummary': session('/summary', 'GET'),
  'harvester.transactions': session('/transactions/query'),
  'harvester.restartTransactions': session('/transactions/restart', 'POST', { all: true }),
  'harvester.cancelTransactions': session('/transactions/cancel', 'POST', { all: true }),
};
