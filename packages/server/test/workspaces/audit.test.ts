import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestScope } from '../../src/http/request-scope.ts';
import { AuditRepo } from '../../src/modules/audit/repo.ts';
import { UserScope } from '../../src/security/user-scope.ts';
import { type AuthTestApp, createAuthTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import { profileInput } from '../harvester/helpers.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { sidOf } from '../security/tenant-walker.ts';
import { inWorkspace, join, teamOf } from './helpers.ts';

const DAY_MS = 24 * 60 * 60_000;

interface Entry {
  id: number;
  operation: string;
  actorId: string;
  actorName: string | null;
  deviceSessionId: string | null;
  ip: string | null;
  targets: Record<string, unknown>;
}

describe('the audit log', () => {
  let t: AuthTestApp;
  let owner: TestUser;
  let operator: TestUser;
  let team: string;

  const entries = async (filter: Record<string, unknown> = {}): Promise<Entry[]> => {
    const res = await inWorkspace(t, owner, team, 'POST', '/api/audit/query', {
      ...filter,
      pages: { page: 1, pageSize: 100 },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.items;
  };

  beforeAll(async () => {
    t = await createAuthTestApp();
    const admin = await signedInUser(t, 'audit-admin');
    owner = await signedInUser(t, 'audit-owner', admin);
    operator = await signedInUser(t, 'audit-operator', admin);
    team = await teamOf(t, owner, 'audited');
    await join(t, owner, team, operator, 'operator');
  }, 120_000);
  afterAll(() => t?.close());

  it('records a change with its actor, device session, address and target ids', async () => {
    const profile = await inWorkspace(
      t,
      operator,
      team,
      'POST',
      '/api/harvester/profiles',
      profileInput(`audited-${Math.random().toString(36).slice(2, 8)}`),
    );
    expect(profile.statusCode, profile.body).toBe(200);
    const id = profile.json().data.id as number;
    const removed = await inWorkspace(t, operator, team, 'DELETE', `/api/harvester/profiles/${id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const [entry] = await entries({ operation: 'harvester.removeProfile' });
    expect(entry).toMatchObject({
      operation: 'harvester.removeProfile',
      actorId: operator.id,
      // The owner reads another member's name, though row-level security shows it only its own user row.
      actorName: 'audit-operator',
      deviceSessionId: sidOf(operator.accessToken),
      targets: { id },
    });
    expect(entry!.ip).toMatch(/^10\./);
  });

  it('writes no entry for a change that fails, nor for a read', async () => {
    const before = (await entries()).length;
    const missing = await inWorkspace(t, operator, team, 'DELETE', '/api/harvester/profiles/987654');
    expect(missing.statusCode).toBe(404);
    await inWorkspace(t, operator, team, 'GET', '/api/harvester/profiles');
    expect((await entries()).length).toBe(before);
  });

  it('records membership changes and filters by operation prefix', async () => {
    const viewer = await signedInUser(t, 'audit-viewer', owner);
    await join(t, owner, team, viewer, 'viewer');
    const members = await entries({ operation: 'workspace.' });
    expect(members.map((e) => e.operation)).toEqual(
      expect.arrayContaining(['workspace.invite', 'workspace.accept']),
    );
    expect(members.every((e) => e.operation.startsWith('workspace.'))).toBe(true);
    expect(members.find((e) => e.operation === 'workspace.accept')?.actorId).toBe(viewer.id);
  });

  it('exports the entries as CSV, newest first', async () => {
    const res = await inWorkspace(t, owner, team, 'POST', '/api/audit/export', { operation: 'workspace.' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('id,at,actor_id,actor,device_session,ip,operation,targets');
    const ids = lines.slice(1).map((line) => Number(line.split(',')[0]));
    expect(ids.length).toBeGreaterThan(0);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(lines.slice(1).every((line) => line.includes(',workspace.'))).toBe(true);
  });

  it('keeps 180 days unless the owner sets otherwise, and the prune removes what is older', async () => {
    const ws = await teamOf(t, owner, 'retention');
    expect((await inWorkspace(t, owner, ws, 'GET', '/api/audit/retention')).json().data).toEqual({
      days: 180,
    });
    const set = await inWorkspace(t, owner, ws, 'PUT', '/api/audit/retention', { days: 30 });
    expect(set.json().data).toEqual({ days: 30 });
    const db = t.testDb.database.db;
    const now = t.clock.now();
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY_MS).toISOString();
    await db.execute(sql`insert into audit_entries (workspace_id, operation, at) values
      (${ws}, 'old.one', ${at(31)}::timestamptz), (${ws}, 'recent.one', ${at(29)}::timestamptz),
      (${team}, 'old.default', ${at(181)}::timestamptz), (${team}, 'kept.default', ${at(179)}::timestamptz)`);
    await new AuditRepo(db, new UserScope(db)).prune(new Date(now), 180);
    const left = (await db.execute(
      sql`select operation from audit_entries where operation in ('old.one', 'recent.one', 'old.default', 'kept.default')`,
    )) as unknown as { rows: { operation: string }[] };
    expect(left.rows.map((r) => r.operation).sort()).toEqual(['kept.default', 'recent.one']);
  });

  it('lets only the owner read the log', async () => {
    const res = await inWorkspace(t, operator, team, 'POST', '/api/audit/export', {});
    expect(res.json().error.resultCode).toBe(104);
  });

  it('writes the entry in the change’s own transaction: a change that writes and then fails leaves none', async () => {
    const db = t.testDb.database.db;
    const scope = new UserScope(db);
    const operation = `test.change-${Math.random().toString(36).slice(2, 8)}`;
    const call = (fail: boolean) =>
      requestScope.run(
        {
          workspace: { ownerId: team, actorId: owner.id, role: 'owner', scopeTags: null },
          audit: {
            draft: {
              ownerId: team,
              actorId: owner.id,
              sessionId: null,
              ip: null,
              operation,
              operationClass: 'act',
              targets: {},
            },
            write: AuditRepo.write,
          },
          auditWritten: false,
        },
        () =>
          scope.run(team, async (tx) => {
            await tx.execute(sql`insert into audit_retention (workspace_id, days) values (${team}, 90)
              on conflict (workspace_id) do update set days = 90`);
            if (fail) throw new Error('the change fails after writing');
          }),
      );
    await expect(call(true)).rejects.toThrow(/fails after writing/);
    const count = async () =>
      (
        (await db.execute(
          sql`select count(*)::int as n from audit_entries where operation = ${operation}`,
        )) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n;
    expect(await count()).toBe(0);
    await call(false);
    expect(await count()).toBe(1);
  });
});
