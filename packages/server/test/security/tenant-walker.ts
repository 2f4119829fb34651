import { type Operation, pathParams } from '@tradedeck/sdk/contract';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { type AuthTestApp, freshIp, linkParams, PASSWORD, type TestUser } from '../auth/helpers/auth-app.ts';
import { confirmationsWalker } from '../confirmations/tenant-walk.ts';
import { type HarvesterWalkTarget, harvesterWalker, prepareHarvesterWalk } from '../harvester/tenant-walk.ts';
import { ledgerWalker } from '../ledger/tenant-walk.ts';
import { type LotsWalkTarget, lotsWalker, prepareLotsWalk } from '../lots/tenant-walk.ts';
import {
  type NotificationsWalkTarget,
  notificationsWalker,
  prepareNotificationsWalk,
} from '../notifications/tenant-walk.ts';
import { portfolioWalker } from '../portfolio/tenant-walk.ts';
import { type ProxyWalkTarget, prepareProxyWalk, proxiesWalker } from '../proxies/tenant-walk.ts';
import { prepareSellerWalk, type SellerWalkTarget, sellerWalker } from '../seller/tenant-walk.ts';
import {
  type AccountWalkTarget,
  prepareAccountWalk,
  steamAccountsWalker,
} from '../steam-accounts/tenant-walk.ts';
import { steamTradingWalker } from '../steam-trading/tenant-walk.ts';
import { transferWalker } from '../transfer/tenant-walk.ts';
import {
  prepareWorkspacesWalk,
  type WorkspacesWalkTarget,
  workspacesWalker,
} from '../workspaces/tenant-walk.ts';

/**
 * Every operation that names an object by id, called by user B (tenant B) with user A's ids. Each entry calls
 * the route, states the expected result code, and checks that A's object is untouched.
 */
export interface WalkEntry {
  expect: number;
  attack(ctx: WalkContext): Promise<LightMyRequestResponse>;
  unchanged(ctx: WalkContext): Promise<void>;
}

export interface WalkContext {
  t: AuthTestApp;
  a: TestUser;
  b: TestUser;
  admin: TestUser;
  aSessionId: string;
  pendingA: { id: string; code: string };
  bResetCode: string;
  proxies: ProxyWalkTarget;
  steamAccounts: AccountWalkTarget;
  seller: SellerWalkTarget;
  harvester: HarvesterWalkTarget;
  notifications: NotificationsWalkTarget;
  lots: LotsWalkTarget;
  workspaces: WorkspacesWalkTarget;
}

export const sidOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;

const aStillSignedIn = async ({ t, a }: WalkContext) => {
  const res = await t.call('GET', '/api/user/info', { token: a.accessToken });
  expect(res.statusCode).toBe(200);
  expect(res.json().data.status).toBe('active');
};

const pendingAStillUnconfirmed = async ({ t, admin, pendingA }: WalkContext) => {
  const list = await t.call('POST', '/api/admin/users/query', {
    token: admin.accessToken,
    body: { searchString: 'pending-a' },
  });
  expect(list.json().data.items.find((u: { id: string }) => u.id === pendingA.id)?.status).toBe(
    'pendingConfirmation',
  );
};

export const tenantWalker: Record<string, WalkEntry> = {
  'proxies.check': {
    expect: 3,
    attack: ({ t, b, proxies }) =>
      t.call('POST', '/api/proxies/check', { token: b.accessToken, body: { ids: [proxies.proxyId] } }),
    async unchanged({ t, a, proxies }) {
      const now = await t.call('GET', `/api/proxies/${proxies.proxyId}`, { token: a.accessToken });
      expect(now.json().data).toEqual(JSON.parse(proxies.snapshot).data);
    },
  },
  'user.revokeSession': {
    expect: 3,
    attack: ({ t, b, aSessionId }) =>
      t.call('DELETE', `/api/user/sessions/${aSessionId}`, { token: b.accessToken }),
    unchanged: aStillSignedIn,
  },
  'admin.approveUser': {
    expect: 4,
    attack: ({ t, b, pendingA }) =>
      t.call('POST', `/api/admin/users/${pendingA.id}/approve`, { token: b.accessToken, body: {} }),
    unchanged: pendingAStillUnconfirmed,
  },
  'admin.banUser': {
    expect: 4,
    attack: ({ t, a, b }) =>
      t.call('POST', `/api/admin/users/${a.id}/ban`, { token: b.accessToken, body: {} }),
    unchanged: aStillSignedIn,
  },
  'admin.endUserSessions': {
    expect: 4,
    attack: ({ t, a, b }) =>
      t.call('POST', `/api/admin/users/${a.id}/end-sessions`, { token: b.accessToken, body: {} }),
    unchanged: aStillSignedIn,
  },
  'admin.unbanUser': {
    expect: 4,
    attack: ({ t, a, b }) =>
      t.call('POST', `/api/admin/users/${a.id}/unban`, { token: b.accessToken, body: {} }),
    unchanged: aStillSignedIn,
  },
  'auth.confirmEmail': {
    expect: 0,
    attack: ({ t, pendingA, bResetCode }) =>
      t.call('POST', '/api/auth/confirm-email', { body: { userId: pendingA.id, code: bResetCode } }),
    unchanged: pendingAStillUnconfirmed,
  },
  'auth.resetPassword': {
    expect: 0,
    attack: ({ t, a, bResetCode }) =>
      t.call('POST', '/api/auth/reset-password', {
        body: { userId: a.id, code: bResetCode, newPassword: 'Hijacked-Pass-99' },
        ip: freshIp(),
      }),
    async unchanged({ t, a }) {
      const res = await t.call('POST', '/api/auth/login', {
        body: { email: a.email, password: PASSWORD },
        ip: freshIp(),
      });
      expect(res.statusCode).toBe(200);
    },
  },
  ...proxiesWalker,
  ...steamAccountsWalker,
  ...steamTradingWalker,
  ...confirmationsWalker,
  ...sellerWalker,
  ...harvesterWalker,
  ...notificationsWalker,
  ...transferWalker,
  ...portfolioWalker,
  ...ledgerWalker,
  ...lotsWalker,
  ...workspacesWalker,
};

/** Operations whose input names an object: a path parameter or a field called id, …Id or …Ids. */
export function idBearing(op: Operation): boolean {
  if (pathParams(op.path).length > 0) return true;
  const shape = (op.input as unknown as { shape?: Record<string, unknown> }).shape ?? {};
  return Object.keys(shape).some((key) => key === 'id' || /Ids?$/.test(key));
}

/**
 * Tenants A and B with objects of every kind, an unconfirmed registration of A's ("pending-a") and a live
 * password-reset code of B's, which B tries on A's links. A's objects are made in the workspace A's calls act in
 * (`workspaceId` names it where rows are written directly; A's personal one unless named).
 */
export async function prepareTenantWalk(
  t: AuthTestApp,
  admin: TestUser,
  a: TestUser,
  b: TestUser,
  workspaceId: string = a.id,
): Promise<WalkContext> {
  const since = t.smtp.mails.length;
  await t.call('POST', '/api/auth/register', {
    body: { email: 'pending-a@example.test', userName: 'pending-a', password: PASSWORD },
  });
  const pendingParams = linkParams((await t.smtp.waitFor('pending-a@example.test', { since })).text);
  await t.call('POST', '/api/auth/forgot-password', { body: { email: b.email } });
  const bReset = linkParams((await t.smtp.waitFor(b.email, { since, subject: /reset/i })).text);
  const steamAccounts = await prepareAccountWalk(t, a, b);
  const seller = await prepareSellerWalk(t, a, steamAccounts);
  return {
    t,
    a,
    b,
    admin,
    aSessionId: sidOf(a.accessToken),
    pendingA: { id: pendingParams.get('userId')!, code: pendingParams.get('code')! },
    bResetCode: bReset.get('code')!,
    proxies: await prepareProxyWalk(t, a, b),
    steamAccounts,
    seller,
    harvester: await prepareHarvesterWalk(t, a, steamAccounts),
    notifications: await prepareNotificationsWalk(t, a),
    lots: await prepareLotsWalk(t, a, seller, workspaceId),
    workspaces: await prepareWorkspacesWalk(t, a),
  };
}
