import { randomUUID } from 'node:crypto';
import { isAccountOperation, listOperations, operationClass, ResultCode } from '@tradedeck/sdk/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestApp, createAuthTestApp, stepUp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInAdmin, signedInUser } from '../helpers/signed-in.ts';
import { walkResultCode } from '../proxies/tenant-walk.ts';
import { join, teamOf } from '../workspaces/helpers.ts';
import { prepareTenantWalk, tenantWalker, type WalkContext, type WalkEntry } from './tenant-walker.ts';

/**
 * The tenant walk in a team workspace (docs/workspaces.md): A's objects of every kind live in A's team
 * workspace, and every operation that names an object by id is called with A's ids by
 * - an outsider (B, in B's own workspace): the walk's answer, identical to the answer for ids that name nothing,
 *   and A's objects unchanged;
 * - a viewer of the team: everything but reads answers 104 and changes nothing; reads answer what the owner reads;
 * - an operator scoped to a tag no object carries: members and secrets 104; on objects tied to an account or a
 *   proxy the answer for ids that name nothing, and nothing changes;
 * - an operator scoped to A's tags: members and secrets 104; reads answer as the owner's do; its actions get past
 *   its role (the last test, which changes A's objects).
 * Reads by members run after every attack: reading a balance or an inventory may rightly refresh what A's
 * snapshots hold. One app and one world for the file; PGlite, and Postgres with TEST_DATABASE_URL.
 */

/**
 * Operations on what belongs to the workspace as a whole, not to one account or proxy (tags and lists filtered by
 * tag, harvester profiles and sessions, notifications, jobs, confirmation rules): a scoped member reaches them by
 * its role alone, so the scoped operator outside its tags is not expected to find them missing. Its reads must not
 * be refused; its actions are not run (they would rightly change A's objects).
 */
const ROLE_ALONE = new Set([
  'confirmations.applyRules',
  'confirmations.job',
  'confirmations.setRule',
  'harvester.cancelTransactions',
  'harvester.completeSession',
  'harvester.createSession',
  'harvester.duplicateProfile',
  'harvester.getSession',
  'harvester.pauseSession',
  'harvester.removeProfile',
  'harvester.restartTransactions',
  'harvester.sessionSummary',
  'harvester.setDefaultProfile',
  'harvester.startSession',
  'harvester.transactions',
  'harvester.updateProfile',
  'lots.repriceJob',
  'notifications.markRead',
  'portfolio.query',
  'portfolio.totals',
  'proxies.batchAddTag',
  'proxies.batchRemoveTag',
  'proxies.query',
  'steamAccounts.batchAddTag',
  'steamAccounts.batchRemoveTag',
  'steamAccounts.query',
]);

/**
 * Operations whose input may carry a receiver key typed in: money leaves the workspace only by an owner's hand, so
 * every other member is refused (104) whatever it names.
 */
const TYPED_RECEIVER_KEY = new Set(['transfer.memberCheck', 'transfer.send']);

/** Account operations a member may rightly call on the team itself: leaving it is its own business. */
const OWN_MEMBERSHIP = new Set(['workspace.leave']);

let t: AuthTestApp;
let team: AuthTestApp;
let walk: WalkContext;
let missing: WalkContext;
let viewer: TestUser;
let outside: TestUser;
let inside: TestUser;

/** The app as the team's members call it: their calls carry the team as the active workspace. */
function inTeam(app: AuthTestApp, teamId: string, members: () => TestUser[]): AuthTestApp {
  return {
    ...app,
    call(method, url, options = {}) {
      const member = members().some((m) => m.accessToken === options.token);
      if (!member || options.headers?.['x-workspace']) return app.call(method, url, options);
      return app.call(method, url, { ...options, headers: { ...options.headers, 'x-workspace': teamId } });
    },
  };
}

/** The walk with every id of A's replaced by one that names nothing (B's own objects stay). */
function withMissingIds(ctx: WalkContext): WalkContext {
  let next = 2_000_000_000;
  const nothing = (value: unknown) => (typeof value === 'number' ? next++ : randomUUID());
  const replace = <T extends object>(target: T): T =>
    Object.fromEntries(
      Object.entries(target).map(([key, value]) => [
        key,
        /Id$/.test(key) && !key.startsWith('b') ? nothing(value) : value,
      ]),
    ) as T;
  return {
    ...ctx,
    a: { ...ctx.a, id: randomUUID() },
    aSessionId: randomUUID(),
    pendingA: { ...ctx.pendingA, id: randomUUID() },
    proxies: replace(ctx.proxies),
    steamAccounts: replace(ctx.steamAccounts),
    seller: replace(ctx.seller),
    harvester: replace(ctx.harvester),
    notifications: replace(ctx.notifications),
    lots: replace(ctx.lots),
    workspaces: replace(ctx.workspaces),
  };
}

/** What an answer tells the caller, without the ids it echoes and the trace id of the call. */
function answerOf(response: LightMyRequestResponse) {
  const status = response.statusCode;
  if (!String(response.headers['content-type'] ?? '').includes('json'))
    return { status, body: response.body };
  const body = response.json() as {
    data?: { failed?: { resultCode: number; message?: string }[] } | null;
    error?: { resultCode: number; message: string; errorDetails: { ids?: unknown[] } | null } | null;
  };
  if (body.error) {
    const { resultCode, message, errorDetails } = body.error;
    const details = errorDetails?.ids ? { ...errorDetails, ids: errorDetails.ids.length } : errorDetails;
    return { status, error: { resultCode, message, errorDetails: details } };
  }
  const failed = body.data?.failed;
  if (Array.isArray(failed)) return { status, failed: failed.map((f) => [f.resultCode, f.message]) };
  return { status, data: body.data };
}

const as = (member: TestUser, ctx: WalkContext = walk): WalkContext => ({ ...ctx, t: team, b: member });

async function refusedByRole(entry: WalkEntry, member: TestUser, who: string): Promise<void> {
  const response = await entry.attack(as(member));
  expect(walkResultCode(response), `${who}: ${response.body}`).toBe(ResultCode.RoleNotAllowed);
}

beforeAll(async () => {
  t = await createAuthTestApp();
  const admin = await signedInAdmin(t);
  const a = await signedInUser(t, 'owner-a', admin);
  const b = await signedInUser(t, 'outsider-b', admin);
  viewer = await signedInUser(t, 'viewer', admin);
  outside = await signedInUser(t, 'scoped-out', admin);
  inside = await signedInUser(t, 'scoped-in', admin);
  const teamId = await teamOf(t, a, 'walk');
  team = inTeam(t, teamId, () => [a, viewer, outside, inside]);
  walk = { ...(await prepareTenantWalk(team, admin, a, b, teamId)), t: team };
  await join(t, a, teamId, viewer, 'viewer');
  await join(t, a, teamId, outside, 'operator', ['nobody carries this']);
  await join(t, a, teamId, inside, 'operator', ['A only', 'A accounts']);
  // Past the second factor, so a step-up operation answers for the object, not for the missing factor.
  for (const member of [b, outside, inside]) await stepUp(t, member);
  missing = withMissingIds(walk);
}, 240_000);
afterAll(() => t?.close());

// The access matrix's order: A's own confirmation job, started by the first confirmations entry, signs A's
// account in, and the accounts' entries come before it there.
type OperationId = `${string}.${string}`;
const walked: OperationId[] = listOperations()
  .map((op) => op.id)
  .filter((id) => id in tenantWalker);
const inWorkspace = (id: OperationId) => !isAccountOperation({ id });

describe('tenant walk in a team workspace', () => {
  for (const id of walked) {
    const entry = tenantWalker[id]!;
    const cls = operationClass({ id });
    it(`${id} (${cls}): outsider, viewer, scoped operator outside its tags`, async () => {
      const outsider = await entry.attack(walk);
      expect(walkResultCode(outsider), `outsider: ${outsider.body}`).toBe(entry.expect);
      expect(answerOf(outsider), 'outsider vs ids that name nothing').toEqual(
        answerOf(await entry.attack(missing)),
      );
      await entry.unchanged(walk);

      if (!inWorkspace(id)) {
        // The active workspace does not apply: every member is a stranger to A's own account.
        if (OWN_MEMBERSHIP.has(id)) return;
        for (const member of [viewer, outside, inside]) {
          const response = await entry.attack(as(member));
          expect(walkResultCode(response), response.body).toBe(entry.expect);
          await entry.unchanged(walk);
        }
        return;
      }

      if (cls !== 'read') await refusedByRole(entry, viewer, 'viewer');
      if (cls === 'members' || cls === 'secrets') {
        await refusedByRole(entry, outside, 'scoped operator');
        await refusedByRole(entry, inside, 'operator in its tags');
      } else if (!ROLE_ALONE.has(id)) {
        const response = await entry.attack(as(outside));
        expect(answerOf(response), 'scoped operator outside its tags vs ids that name nothing').toEqual(
          answerOf(await entry.attack(as(outside, missing))),
        );
      }
      await entry.unchanged(walk);
    });
  }

  it("reads: a viewer reads what the owner reads, an operator in its tags finds A's objects", async () => {
    for (const id of walked) {
      if (!inWorkspace(id) || operationClass({ id }) !== 'read') continue;
      const entry = tenantWalker[id]!;
      const owner = answerOf(await entry.attack(as(walk.a)));
      const seen = answerOf(await entry.attack(as(viewer)));
      if (TYPED_RECEIVER_KEY.has(id)) {
        expect.soft(codeOf(await entry.attack(as(viewer))), id).toBe(ResultCode.RoleNotAllowed);
        expect.soft(codeOf(await entry.attack(as(inside))), id).toBe(ResultCode.RoleNotAllowed);
        continue;
      }
      expect.soft(withoutTimes(seen), `${id} as viewer`).toEqual(withoutTimes(owner));
      const inScope = await entry.attack(as(inside));
      expect
        .soft([inScope.statusCode, codeOf(inScope)], `${id} in scope: ${inScope.body}`)
        .toEqual([owner.status, 'error' in owner ? owner.error?.resultCode : undefined]);
      if (ROLE_ALONE.has(id)) {
        const response = await entry.attack(as(outside));
        expect.soft(codeOf(response), `${id}: ${response.body}`).not.toBe(ResultCode.RoleNotAllowed);
      }
    }
  });

  it("an operator in its tags gets past its role on every action on A's objects", async () => {
    for (const id of walked) {
      if (!inWorkspace(id) || operationClass({ id }) !== 'act') continue;
      const response = await tenantWalker[id]!.attack(as(inside));
      if (TYPED_RECEIVER_KEY.has(id)) {
        expect.soft(codeOf(response), id).toBe(ResultCode.RoleNotAllowed);
        continue;
      }
      expect.soft(response.statusCode, `${id}: ${response.body}`).toBeLessThan(500);
      expect.soft(codeOf(response), `${id}: ${response.body}`).not.toBe(ResultCode.RoleNotAllowed);
    }
  });
});

/** The result code of a JSON answer (none for a CSV export). */
function codeOf(response: LightMyRequestResponse): number | undefined {
  return String(response.headers['content-type'] ?? '').includes('json')
    ? walkResultCode(response)
    : undefined;
}

/** An answer without its times (a refresh between two reads moves them). */
function withoutTimes(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), (key, v) => (/At$/.test(key) ? undefined : v));
}
