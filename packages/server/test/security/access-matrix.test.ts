import {
  ADMIN_TWO_FACTOR_REQUIRED,
  listOperations,
  type Operation,
  ResultCode,
} from '@tradedeck/sdk/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundOperations } from '../../src/http/bind-operation.ts';
import {
  type AuthTestApp,
  createAuthTestApp,
  errorOf,
  freshIp,
  refreshCookieOf,
  stepUp,
  type TestUser,
} from '../auth/helpers/auth-app.ts';
import { signedInAdmin, signedInUser } from '../helpers/signed-in.ts';
import { walkResultCode } from '../proxies/tenant-walk.ts';
import {
  adminWithoutAuthenticator,
  type Caller,
  ENDS_OWN_SESSION,
  prepareRefusedCallers,
  probe,
  resultCodeOf,
  spareSession,
} from './access-states.ts';
import { idBearing, prepareTenantWalk, tenantWalker, type WalkContext } from './tenant-walker.ts';

/**
 * The access matrix: every operation of the contract, for every kind of caller. Rows come from the contract, so
 * a new operation is in the matrix the day it is declared; expectations come from its flags:
 * - public operations are open to everyone (a probe gets past the gate);
 * - any other operation answers 11 to the anonymous and to accounts that are unconfirmed, pending or banned,
 *   whatever token they still hold (they learn their status at sign-in: 103);
 * - admin operations answer 4 to a non-administrator and to an administrator without the authenticator app;
 * - operations that take ids answer tenant B with tenant A's ids as the tenant walk states (3 for objects), and
 *   leave A's objects unchanged.
 */

/** Answers of the gate: a probe that gets one of these did not reach the operation. */
const GATE_CODES: readonly number[] = [
  ResultCode.Unauthorized,
  ResultCode.AccessDenied,
  ResultCode.TenantNotActive,
  ResultCode.AuthenticationProhibited,
];

/** Public operations whose own answer to a bare probe is a gate-like code, and why. */
const OWN_ANSWER: Record<string, { code: number; why: string }> = {
  'auth.refreshToken': { code: ResultCode.Unauthorized, why: 'no refresh cookie was sent' },
};

let t: AuthTestApp;
let walk: WalkContext;
let refused: Caller[];
let admin: TestUser;
let adminNoApp: TestUser;

beforeAll(async () => {
  t = await createAuthTestApp();
  admin = await signedInAdmin(t);
  const a = await signedInUser(t, 'tenant-a', admin);
  const b = await signedInUser(t, 'tenant-b', admin);
  walk = await prepareTenantWalk(t, admin, a, b);
  // B passes the step-up, so the secret operations answer for the object (3), not for the missing factor.
  await stepUp(t, b);
  refused = await prepareRefusedCallers(t, admin);
  adminNoApp = await adminWithoutAuthenticator(t, admin);
}, 180_000);
afterAll(() => t.close());

function expectPastTheGate(op: Operation, caller: string, response: LightMyRequestResponse): void {
  const where = `${op.id} as ${caller}: ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, where).toBeLessThan(500);
  const code = resultCodeOf(response);
  const own = OWN_ANSWER[op.id];
  if (own && code === own.code) return;
  expect(GATE_CODES, where).not.toContain(code);
}

/** A probe by an allowed caller; operations that end the caller's session run in a spare one. */
async function allowedProbe(op: Operation, user: TestUser): Promise<LightMyRequestResponse> {
  return probe(t, op, ENDS_OWN_SESSION.has(op.id) ? await spareSession(t, user) : user);
}

function inMatrixOrder(ops: Operation[]): Operation[] {
  const last = (op: Operation) => (ENDS_OWN_SESSION.has(op.id) ? 1 : 0);
  return [...ops].sort((x, y) => last(x) - last(y));
}

function expectations(op: Operation): string {
  const walked = op.id in tenantWalker ? '; tenant B on A → walk' : '';
  if (op.flags.public) return `open to everyone${walked}`;
  const rest = op.flags.admin ? 'non-admins 4, admins without the app 4' : 'signed-in users pass';
  return `anonymous, unconfirmed, pending, banned 11; ${rest}${walked}`;
}

describe('access matrix', () => {
  it('covers every operation the app serves, and every operation with ids has a tenant walk entry', () => {
    const served = t.app[boundOperations].map((op) => op.id).sort();
    expect(served).toEqual(
      listOperations()
        .map((op) => op.id)
        .sort(),
    );
    const missing = listOperations()
      .filter(idBearing)
      .map((op) => op.id)
      .filter((id) => !(id in tenantWalker));
    expect(missing, `operations with ids missing from the tenant walk: ${missing.join(', ')}`).toEqual([]);
  });

  it('unconfirmed, pending and banned accounts learn their status at sign-in and cannot refresh', async () => {
    for (const caller of refused) {
      if (!caller.user || !caller.status) continue;
      const login = await t.call('POST', '/api/auth/login', {
        body: { email: caller.user.email, password: caller.user.password },
        ip: freshIp(),
      });
      expect(errorOf(login), caller.name).toMatchObject({
        resultCode: ResultCode.AuthenticationProhibited,
        errorDetails: { status: caller.status },
      });
      const refresh = await t.call('POST', '/api/auth/refresh-token', {
        cookie: caller.user.cookie,
        body: {},
      });
      expect(errorOf(refresh).resultCode, caller.name).toBe(ResultCode.Unauthorized);
    }
  });

  it('refresh is open: a live refresh cookie alone gets a new access token', async () => {
    const spare = await spareSession(t, walk.b);
    const refresh = await t.call('POST', '/api/auth/refresh-token', { cookie: spare.cookie, body: {} });
    expect(refresh.statusCode, refresh.body).toBe(200);
    expect(refreshCookieOf(refresh)).not.toBe(spare.cookie);
  });

  it("never shows A's data in B's own listings", async () => {
    const { a, b, aSessionId } = walk;
    const sessions = await t.call('GET', '/api/user/sessions', { token: b.accessToken });
    const ids = sessions.json().data.items.map((s: { id: string }) => s.id);
    expect(ids).not.toContain(aSessionId);
    const me = await t.call('GET', '/api/user/info', { token: b.accessToken });
    expect(me.body).not.toContain(a.email);
  });

  // Last, and operations that end the caller's session after all others: a refused caller's token must be
  // refused because of its account state, not because a logout probe ended it.
  for (const op of inMatrixOrder(listOperations())) {
    it(`${op.id}: ${expectations(op)}`, async () => {
      for (const caller of refused) {
        const response = await probe(t, op, caller.user);
        if (op.flags.public) expectPastTheGate(op, caller.name, response);
        else expect(resultCodeOf(response), `${caller.name}: ${response.body}`).toBe(ResultCode.Unauthorized);
      }
      const b = walk.b;
      if (op.flags.admin) {
        expect(errorOf(await probe(t, op, b))).toMatchObject({ resultCode: ResultCode.AccessDenied });
        expect(errorOf(await probe(t, op, adminNoApp))).toMatchObject({
          resultCode: ResultCode.AccessDenied,
          errorDetails: { reason: ADMIN_TWO_FACTOR_REQUIRED },
        });
      } else {
        expectPastTheGate(op, 'tenant B', await allowedProbe(op, b));
      }
      expectPastTheGate(op, 'admin', await allowedProbe(op, admin));

      const entry = tenantWalker[op.id];
      if (entry) {
        const response = await entry.attack(walk);
        expect(walkResultCode(response), `tenant B on A's ids: ${response.body}`).toBe(entry.expect);
        await entry.unchanged(walk);
      }
    });
  }
});
