import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.ts';
import { rowsOf } from '../../src/db/sql-fragments.ts';
import { sha256 } from '../../src/security/random-codes.ts';
import { UserScope } from '../../src/security/user-scope.ts';
import { type AuthTestApp, createAuthTestApp, linkParams, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { inWorkspace, join, teamOf } from './helpers.ts';

const DAY_MS = 24 * 60 * 60_000;

describe('workspaces: invitations, the active workspace and role gates', () => {
  let t: AuthTestApp;
  let owner: TestUser;
  let operator: TestUser;
  let viewer: TestUser;
  let outsider: TestUser;
  let team: string;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createAuthTestApp();
    admin = await signedInUser(t, 'ws-admin');
    owner = await signedInUser(t, 'ws-owner', admin);
    operator = await signedInUser(t, 'ws-operator', admin);
    viewer = await signedInUser(t, 'ws-viewer', admin);
    outsider = await signedInUser(t, 'ws-outsider', admin);
    team = await teamOf(t, owner, 'farm');
    await join(t, owner, team, operator, 'operator');
    await join(t, owner, team, viewer, 'viewer');
  }, 120_000);
  afterAll(() => t?.close());

  it('lists a member’s workspaces with the role in each, the personal one first', async () => {
    const mine = await t.call('GET', '/api/workspaces', { token: viewer.accessToken });
    const items = mine.json().data.items as { id: string; kind: string; role: string }[];
    expect(items[0]).toMatchObject({ id: viewer.id, kind: 'personal', role: 'owner' });
    expect(items.find((w) => w.id === team)).toMatchObject({ kind: 'team', role: 'viewer' });
  });

  it('mails an invitation whose code is kept only as a hash, good once and for the invited address only', async () => {
    const invitee = await signedInUser(t, 'ws-invitee', admin);
    const since = t.smtp.mails.length;
    const invited = await inWorkspace(t, owner, team, 'POST', '/api/workspace/invites', {
      email: invitee.email.toUpperCase(),
      role: 'viewer',
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const link = linkParams((await t.smtp.waitFor(invitee.email, { since, subject: /invitation/i })).text);
    const body = { inviteId: Number(link.get('inviteId')), code: link.get('code')! };
    const stored = (await t.testDb.database.db.execute(
      sql`select token_hash from workspace_invites where id = ${body.inviteId}`,
    )) as unknown as { rows: { token_hash: string }[] };
    expect(stored.rows[0]!.token_hash).toBe(sha256(body.code));
    expect(stored.rows[0]!.token_hash).not.toContain(body.code);

    const stranger = await t.call('POST', '/api/workspace/invites/accept', {
      token: outsider.accessToken,
      body,
    });
    expect(stranger.json().error.resultCode, stranger.body).toBe(0);
    const wrongCode = await t.call('POST', '/api/workspace/invites/accept', {
      token: invitee.accessToken,
      body: { ...body, code: `${body.code}x` },
    });
    expect(wrongCode.json().error.resultCode).toBe(0);
    const accepted = await t.call('POST', '/api/workspace/invites/accept', {
      token: invitee.accessToken,
      body,
    });
    expect(accepted.json().data).toMatchObject({ id: team, role: 'viewer' });
    const again = await t.call('POST', '/api/workspace/invites/accept', { token: invitee.accessToken, body });
    expect(again.json().error.message).toMatch(/not valid/);
  });

  it('keeps an invitation open 7 days and refuses it once expired', async () => {
    const late = await signedInUser(t, 'ws-late', admin);
    const since = t.smtp.mails.length;
    await inWorkspace(t, owner, team, 'POST', '/api/workspace/invites', {
      email: late.email,
      role: 'viewer',
    });
    const link = linkParams((await t.smtp.waitFor(late.email, { since, subject: /invitation/i })).text);
    const inviteId = Number(link.get('inviteId'));
    const db = t.testDb.database.db;
    const stored = (await db.execute(
      sql`select extract(epoch from expires_at - created_at)::int as ttl from workspace_invites where id = ${inviteId}`,
    )) as unknown as { rows: { ttl: number }[] };
    expect(Math.abs(stored.rows[0]!.ttl - (7 * DAY_MS) / 1000)).toBeLessThan(60);
    // The end of the seven days, without moving the clock every other session of this file runs on.
    await db.execute(
      sql`update workspace_invites set expires_at = ${new Date(t.clock.now() - 1000).toISOString()}::timestamptz where id = ${inviteId}`,
    );
    const accepted = await t.call('POST', '/api/workspace/invites/accept', {
      token: late.accessToken,
      body: { inviteId, code: link.get('code') },
    });
    expect(accepted.json().error).toMatchObject({ resultCode: 0 });
    expect(accepted.json().error.message).toMatch(/expired/);
    const members = await inWorkspace(t, owner, team, 'GET', '/api/workspace/members');
    expect(members.json().data.items.map((m: { userId: string }) => m.userId)).not.toContain(late.id);
  });

  it('answers a non-member exactly as a workspace that does not exist', async () => {
    const strangers = await inWorkspace(t, outsider, team, 'GET', '/api/proxies/counters');
    const missing = await inWorkspace(t, outsider, crypto.randomUUID(), 'GET', '/api/proxies/counters');
    const garbled = await inWorkspace(t, outsider, 'not-a-workspace', 'GET', '/api/proxies/counters');
    for (const res of [strangers, missing, garbled]) {
      expect(res.statusCode).toBe(404);
      expect({ ...res.json().error, traceId: null }).toEqual({ ...missing.json().error, traceId: null });
    }
  });

  it('lets a viewer read and refuses its actions with 104 in the user’s language', async () => {
    const read = await inWorkspace(t, viewer, team, 'GET', '/api/proxies/counters');
    expect(read.statusCode).toBe(200);
    const en = await inWorkspace(t, viewer, team, 'POST', '/api/proxies', { proxies: '10.2.0.1:8080' });
    expect(en.statusCode).toBe(403);
    expect(en.json().error).toMatchObject({
      resultCode: 104,
      message: expect.stringMatching(/viewer only reads/),
    });
    const ru = await inWorkspace(t, viewer, team, 'POST', '/api/proxies', { proxies: '10.2.0.1:8080' }, 'ru');
    expect(ru.json().error.message).toMatch(/Наблюдатель/);
  });

  it('lets an operator act, but not show secrets, manage members or read the audit log', async () => {
    const acted = await inWorkspace(t, operator, team, 'POST', '/api/notifications/read-all', {});
    expect(acted.statusCode, acted.body).toBe(200);
    const refusals = [
      await inWorkspace(t, operator, team, 'POST', '/api/proxies/export', { format: 'ip_port' }),
      await inWorkspace(t, operator, team, 'POST', '/api/workspace/invites', {
        email: 'someone@example.test',
        role: 'viewer',
      }),
      await inWorkspace(t, operator, team, 'POST', '/api/audit/query', {}),
    ];
    for (const refused of refusals) expect(refused.json().error?.resultCode, refused.body).toBe(104);
  });

  it('lets an operator send money only with the workspace’s saved receiver keys', async () => {
    const typedKey = await inWorkspace(t, operator, team, 'POST', '/api/transfer', {
      fromId: 1,
      toId: 2,
      amount: { currency: 'RUB', amount: 100 },
      apiKey: 'a-key-typed-in-by-hand',
    });
    expect(typedKey.json().error).toMatchObject({
      resultCode: 104,
      message: expect.stringMatching(/only between/),
    });
  });

  it('keeps the owner’s personal workspace when no header is sent, and account operations outside any workspace', async () => {
    const personal = await t.call('GET', '/api/proxies/counters', { token: viewer.accessToken });
    expect(personal.statusCode).toBe(200);
    const info = await inWorkspace(t, viewer, team, 'GET', '/api/user/info');
    expect(info.json().data.id).toBe(viewer.id);
  });

  it('changes a member’s role and removes members, never the owner', async () => {
    const member = await signedInUser(t, 'ws-moved', admin);
    await join(t, owner, team, member, 'viewer');
    const promoted = await inWorkspace(t, owner, team, 'PUT', `/api/workspace/members/${member.id}`, {
      role: 'operator',
      scopeTags: ['farm-a', ' farm-a '],
    });
    expect(promoted.json().data).toMatchObject({ role: 'operator', scopeTags: ['farm-a'] });
    const ownerTouched = await inWorkspace(t, owner, team, 'DELETE', `/api/workspace/members/${owner.id}`);
    expect(ownerTouched.json().error.resultCode).toBe(8);
    const removed = await inWorkspace(t, owner, team, 'DELETE', `/api/workspace/members/${member.id}`);
    expect(removed.statusCode).toBe(200);
    const after = await inWorkspace(t, member, team, 'GET', '/api/proxies/counters');
    expect(after.statusCode).toBe(404);
  });

  it('lets a member leave, and not the owner', async () => {
    const leaver = await signedInUser(t, 'ws-leaver', admin);
    await join(t, owner, team, leaver, 'viewer');
    const left = await t.call('POST', `/api/workspaces/${team}/leave`, {
      token: leaver.accessToken,
      body: {},
    });
    expect(left.statusCode, left.body).toBe(200);
    expect((await inWorkspace(t, leaver, team, 'GET', '/api/workspace/members')).statusCode).toBe(404);
    const ownerLeaves = await t.call('POST', `/api/workspaces/${team}/leave`, {
      token: owner.accessToken,
      body: {},
    });
    expect(ownerLeaves.json().error.resultCode).toBe(8);
  });

  it('keeps settings on the signed-in user’s account in every workspace, a viewer’s too', async () => {
    const saved = await inWorkspace(t, viewer, team, 'PUT', '/api/settings', {
      displayedCurrency: 'EUR',
      tmPreferredCurrency: 'USD',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const personal = await t.call('GET', '/api/settings', { token: viewer.accessToken });
    expect(personal.json().data).toMatchObject({ displayedCurrency: 'EUR', chosen: true });
    const ownerSees = await inWorkspace(t, owner, team, 'GET', '/api/settings');
    expect(ownerSees.json().data).not.toMatchObject({ displayedCurrency: 'EUR', chosen: true });
  });

  it('lets background work for a team workspace read and write its rows; another user named as the actor sees none', async () => {
    const added = await inWorkspace(t, owner, team, 'POST', '/api/proxies', { proxies: '10.2.9.1:8080' });
    expect(added.statusCode, added.body).toBe(200);
    const count = (tx: Db) =>
      tx
        .execute(sql`select count(*)::int as n from proxies where host = '10.2.9.1'`)
        .then(rowsOf<{ n: number }>);
    const scope = new UserScope(t.testDb.database.db);
    // A job has no signed-in member: the scope acts as the workspace itself.
    expect(await scope.run(team, count)).toEqual([{ n: 1 }]);
    const moved = await scope.run(team, (tx) =>
      tx.execute(sql`update proxies set port = 8081 where host = '10.2.9.1' returning id`).then(rowsOf),
    );
    expect(moved).toHaveLength(1);
    // Another user named as the actor is no member: nothing.
    expect(await scope.run(team, count, { actorId: outsider.id })).toEqual([{ n: 0 }]);
  });

  it('opens a hub connection on a workspace for its members only, a stranger refused like a wrong token', async () => {
    const negotiate = (user: TestUser, workspace: string) =>
      t.app.inject({
        method: 'POST',
        url: `/tenant/hubs/proxy-checker-hub/negotiate?negotiateVersion=1&workspace=${workspace}`,
        headers: { authorization: `Bearer ${user.accessToken}` },
      });
    expect((await negotiate(viewer, team)).statusCode).toBe(200);
    const stranger = await negotiate(outsider, team);
    const missing = await negotiate(outsider, crypto.randomUUID());
    expect(stranger.statusCode).toBe(401);
    expect([missing.statusCode, missing.body]).toEqual([stranger.statusCode, stranger.body]);
  });
});
