import { listOperations, type Operation, pathParams } from '@tradedeck/sdk/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundOperations } from '../../src/http/bind-operation.ts';
import {
  type ProxyWalkTarget,
  prepareProxyWalk,
  proxiesWalker,
  walkResultCode,
} from '../proxies/tenant-walk.ts';
import {
  type AccountWalkTarget,
  prepareAccountWalk,
  steamAccountsWalker,
} from '../steam-accounts/tenant-walk.ts';
import {
  type AuthTestApp,
  createAuthTestApp,
  errorOf,
  freshIp,
  linkParams,
  PASSWORD,
  signUp,
  stepUp,
  type TestUser,
} from './helpers/auth-app.ts';

/**
 * Every operation that names an object by id, called by user B with user A's ids. Each entry calls the route,
 * states the expected result code, and checks that A's object is untouched. An id-bearing operation without an
 * entry fails the coverage test below, so a new route cannot skip this walk.
 */
interface WalkEntry {
  expect: number;
  attack(ctx: WalkContext): Promise<LightMyRequestResponse>;
  unchanged(ctx: WalkContext): Promise<void>;
}

interface WalkContext {
  t: AuthTestApp;
  a: TestUser;
  b: TestUser;
  admin: TestUser;
  aSessionId: string;
  pendingA: { id: string; code: string };
  bResetCode: string;
  proxies: ProxyWalkTarget;
  steamAccounts: AccountWalkTarget;
}

const sidOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;

const aStillSignedIn = async ({ t, a }: WalkContext) => {
  const res = await t.call('GET', '/api/user/info', { token: a.accessToken });
  expect(res.statusCode).toBe(200);
  expect(res.json().data.status).toBe('active');
};

const walker: Record<string, WalkEntry> = {
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
    async unchanged({ t, admin, pendingA }) {
      const list = await t.call('POST', '/api/admin/users/query', {
        token: admin.accessToken,
        body: { searchString: 'pending-a' },
      });
      expect(list.json().data.items.find((u: { id: string }) => u.id === pendingA.id)?.status).toBe(
        'pendingConfirmation',
      );
    },
  },
  'admin.banUser': {
    expect: 4,
    attack: ({ t, a, b }) =>
      t.call('POST', `/api/admin/users/${a.id}/ban`, { token: b.accessToken, body: {} }),
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
    async unchanged({ t, admin, pendingA }) {
      const list = await t.call('POST', '/api/admin/users/query', {
        token: admin.accessToken,
        body: { searchString: 'pending-a' },
      });
      expect(list.json().data.items.find((u: { id: string }) => u.id === pendingA.id)?.status).toBe(
        'pendingConfirmation',
      );
    },
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
};

/** Operations whose input names an object: a path parameter or a field called id, …Id or …Ids. */
function idBearing(op: Operation): boolean {
  if (pathParams(op.path).length > 0) return true;
  const shape = (op.input as unknown as { shape?: Record<string, unknown> }).shape ?? {};
  return Object.keys(shape).some((key) => key === 'id' || /Ids?$/.test(key));
}

describe('tenant isolation walk', () => {
  let t: AuthTestApp;
  let ctx: WalkContext;

  beforeAll(async () => {
    t = await createAuthTestApp();
    const admin = await signUp(t, 'admin');
    const a = await signUp(t, 'tenant-a', admin);
    const b = await signUp(t, 'tenant-b', admin);
    // B passes the step-up, so the secret operations answer for the object (3), not for the missing factor.
    await stepUp(t, b);
    const since = t.smtp.mails.length;
    await t.call('POST', '/api/auth/register', {
      body: { email: 'pending-a@example.test', userName: 'pending-a', password: PASSWORD },
    });
    const pendingParams = linkParams((await t.smtp.waitFor('pending-a@example.test', { since })).text);
    await t.call('POST', '/api/auth/forgot-password', { body: { email: b.email } });
    const bReset = linkParams((await t.smtp.waitFor(b.email, { since, subject: /reset/i })).text);
    ctx = {
      t,
      a,
      b,
      admin,
      aSessionId: sidOf(a.accessToken),
      pendingA: { id: pendingParams.get('userId')!, code: pendingParams.get('code')! },
      bResetCode: bReset.get('code')!,
      proxies: await prepareProxyWalk(t, a, b),
      steamAccounts: await prepareAccountWalk(t, a, b),
    };
  });
  afterAll(() => t.close());

  it('has an entry for every id-bearing route the app serves', () => {
    const served = t.app[boundOperations].filter(idBearing).map((op) => op.id);
    expect(served.length).toBeGreaterThan(0);
    const missing = served.filter((id) => !(id in walker));
    expect(missing, `routes missing from the tenant-isolation walker: ${missing.join(', ')}`).toEqual([]);
    // Every contract operation is served, so the contract cannot grow a route the walk does not see.
    expect(t.app[boundOperations].map((op) => op.id).sort()).toEqual(
      listOperations()
        .map((op) => op.id)
        .sort(),
    );
  });

  for (const [id, entry] of Object.entries(walker)) {
    it(`${id}: user B on user A's object → ${entry.expect}, nothing changes`, async () => {
      const res = await entry.attack(ctx);
      expect(walkResultCode(res), res.body).toBe(entry.expect);
      await entry.unchanged(ctx);
    });
  }

  it("never shows A's data in B's own listings", async () => {
    const sessions = await t.call('GET', '/api/user/sessions', { token: ctx.b.accessToken });
    const ids = sessions.json().data.items.map((s: { id: string }) => s.id);
    expect(ids).not.toContain(ctx.aSessionId);
    const me = await t.call('GET', '/api/user/info', { token: ctx.b.accessToken });
    expect(me.body).not.toContain(ctx.a.email);
    const outbox = await t.call('GET', '/api/admin/outbox', { token: ctx.b.accessToken });
    expect(errorOf(outbox).resultCode).toBe(4);
    const users = await t.call('POST', '/api/admin/users/query', { token: ctx.b.accessToken, body: {} });
    expect(errorOf(users).resultCode).toBe(4);
  });
});
