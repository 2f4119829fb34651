import { expect } from 'vitest';
import { sandboxMafileText } from '../../src/integrations/steam/index.ts';
import type { AuthTestApp, TestUser } from '../auth/helpers/auth-app.ts';
import { addItem, world } from './helpers.ts';

/** User A's Steam account, tag and proxy that user B aims at in the tenant-isolation walk. */
export interface AccountWalkTarget {
  accountId: number;
  login: string;
  tagId: number;
  proxyId: number;
  bAccountId: number;
  snapshot: string;
}

interface Ctx {
  t: AuthTestApp;
  a: TestUser;
  b: TestUser;
  steamAccounts: AccountWalkTarget;
}

const as = (t: AuthTestApp, user: TestUser, method: string, url: string, body?: unknown) =>
  t.call(method, url, { token: user.accessToken, ...(body !== undefined ? { body } : {}) });

/** What A sees of the account: the row, its secrets' status and the tag list. */
async function aView({ t, a, steamAccounts }: Pick<Ctx, 't' | 'a' | 'steamAccounts'>): Promise<string> {
  const row = await as(t, a, 'GET', `/api/steam-accounts/${steamAccounts.accountId}`);
  const credentials = await as(t, a, 'GET', `/api/steam-accounts/${steamAccounts.accountId}/credentials`);
  const tags = await as(t, a, 'GET', '/api/steam-accounts/tags');
  return JSON.stringify([row.json().data, credentials.json().data, tags.json().data]);
}

export async function prepareAccountWalk(
  t: AuthTestApp,
  a: TestUser,
  b: TestUser,
): Promise<AccountWalkTarget> {
  const addProxy = async (user: TestUser, line: string) =>
    (await as(t, user, 'POST', '/api/proxies', { proxies: line })).json().data.addedIds[0] as number;
  const proxyId = await addProxy(a, '10.9.8.6:3128:walker:walk-pass');
  const bProxyId = await addProxy(b, '10.1.1.2:8080');
  const [aBot, bBot] = world.healthyAccounts(2, 1201);
  const added = await as(t, a, 'POST', '/api/steam-accounts', {
    accounts: { '0': addItem(aBot!, { proxyId }) },
  });
  const accountId = added.json().data.addedAccounts[0].id as number;
  const bAdded = await as(t, b, 'POST', '/api/steam-accounts', {
    accounts: { '0': addItem(bBot!, { proxyId: bProxyId }) },
  });
  const bAccountId = bAdded.json().data.addedAccounts[0].id as number;
  const tags = await as(t, a, 'POST', `/api/steam-accounts/${accountId}/tags`, {
    tag: { id: 0, name: 'A accounts' },
  });
  const tagId = tags.json().data[0].id as number;
  const target = { accountId, login: aBot!.login, tagId, proxyId, bAccountId, snapshot: '' };
  target.snapshot = await aView({ t, a, steamAccounts: target });
  return target;
}

async function aUnchanged(ctx: Ctx): Promise<void> {
  expect(await aView(ctx)).toBe(ctx.steamAccounts.snapshot);
}

const target = (ctx: Ctx) => ctx.steamAccounts;

export const steamAccountsWalker = {
  'steamAccounts.query': {
    expect: 3,
    attack: (ctx: Ctx) =>
      as(ctx.t, ctx.b, 'POST', '/api/steam-accounts/query', { withTagIds: [target(ctx).tagId] }),
    unchanged: aUnchanged,
  },
  'steamAccounts.get': {
    expect: 3,
    attack: (ctx: Ctx) => as(ctx.t, ctx.b, 'GET', `/api/steam-accounts/${target(ctx).accountId}`),
    unchanged: aUnchanged,
  },
  'steamAccounts.remove': {
    expect: 3,
    attack: (ctx: Ctx) => as(ctx.t, ctx.b, 'DELETE', `/api/steam-accounts/${target(ctx).accountId}`),
    unchanged: aUnchanged,
  },
  'steamAccounts.batchRemove': {
    expect: 3,
    attack: (ctx: Ctx) =>
      as(ctx.t, ctx.b, 'POST', '/api/steam-accounts/batch/remove', { accountIds: [target(ctx).accountId] }),
    unchanged: aUnchanged,
  },
  'steamAccounts.setProxy': {
    expect: 3,
    attack: (ctx: Ctx) =>
      as(ctx.t, ctx.b, 'PUT', `/api/steam-accounts/${target(ctx).accountId}/proxy`, { proxyId: null }),
    unchanged: aUnchanged,
  },
  'steamAccounts.updatePassword': {
    expect: 3,
    attack: (ctx: Ctx) =>
      as(ctx.t, ctx.b, 'PUT', `/api/steam-accounts/${target(ctx).accountId}/password`, {
        password: 'Taken-Over-1',
      }),
    unchanged: aUnchanged,
  },
  'steamAccounts.credentialsStatus': {
    expect: 3,
    attack: (ctx: Ctx) => as(ctx.t, ctx.b, 'GET', `/api/steam-accounts/${target(ctx).accountId}/credentials`),
    unchanged: aUnchanged,
  },
  'steamAccounts.updateCredentials': {
    expect: 3,
    attack: (ctx: Ctx) =>
      as(ctx.t, ctx.b, 'PUT', `/api/steam-accounts/${target(ctx).accountId}/credentials`, {
        mafile: sandboxMafileText(world.find(target(ctx).login)!),
      }),
    unchanged: aUnchanged,
  },
  'steamAccounts.addTag': {
    expect: 3,
    attack: (ctx: Ctx) =>
      as(ctx.t, ctx.b, 'POST', `/api/steam-accounts/${target(ctx).accountId}/tags`, {
        tag: { id: 0, name: 'B' },
      }),
    unchanged: aUnchanged,
  },
  'steamAccounts.removeTag': {
    expect: 3,
    attack: (ctx: Ctx) =>
      as(ctx.t, ctx.b, 'DELETE', `/api/steam-accounts/${target(ctx).accountId}/tags/${target(ctx).tagId}`),
    unchanged: aUnchanged,
  },
  'steamAccounts.batchAddTag': {
    expect: 3,
    attack: (ctx: Ctx) =>
      as(ctx.t, ctx.b, 'POST', '/api/steam-accounts/batch/tags/add', {
        accountIds: [target(ctx).accountId],
        tag: { id: target(ctx).tagId, name: 'A accounts' },
      }),
    unchanged: aUnchanged,
  },
  'steamAccounts.batchRemoveTag': {
    expect: 3,
    attack: (ctx: Ctx) =>
      as(ctx.t, ctx.b, 'POST', '/api/steam-accounts/batch/tags/remove', {
        accountIds: [target(ctx).accountId],
        tagId: target(ctx).tagId,
      }),
    unchanged: aUnchanged,
  },
  'steamAccounts.batchSetProxies': {
    expect: 3,
    // B's own account onto A's proxy: the proxy is not B's.
    attack: (ctx: Ctx) =>
      as(ctx.t, ctx.b, 'POST', '/api/steam-accounts/batch/proxies', {
        accountsToProxies: [
          { accountId: target(ctx).bAccountId, proxyId: target(ctx).proxyId },
          { accountId: target(ctx).accountId, proxyId: null },
        ],
      }),
    unchanged: aUnchanged,
  },
  'steamAccounts.guardCode': {
    expect: 3,
    attack: (ctx: Ctx) =>
      as(ctx.t, ctx.b, 'POST', `/api/steam-accounts/${target(ctx).accountId}/guard-code`, {}),
    unchanged: aUnchanged,
  },
};
