/**
 * The workspace's "read inventories every N hours" setting through the API: every member reads it, only the owner
 * changes it (operators and viewers get the role refusal of the other owner-only settings), the contract refuses a
 * period outside 1..168 whole hours with the field's message, a change is audited, and the sweep reads the value
 * set here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScheduleRepo, sweepInventorySchedule } from '../../src/modules/steam-trading/index.ts';
import { type AuthTestApp, createAuthTestApp, errorOf, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { insertSteamAccount } from '../helpers/trading-rows.ts';
import { inWorkspace, join, teamOf } from '../workspaces/helpers.ts';

const PATH = '/api/steam-trading/refresh-schedule';
const QUEUE = 'refresh-schedule-setting-test';
const HOUR = 3_600_000;

describe('the inventory refresh schedule setting', () => {
  let t: AuthTestApp;
  let owner: TestUser;
  let operator: TestUser;
  let viewer: TestUser;
  let team: string;

  const hoursOf = async (user: TestUser) => {
    const res = await inWorkspace(t, user, team, 'GET', PATH);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.hours as number | null;
  };
  const set = (user: TestUser, hours: unknown, lang = 'en-US') =>
    inWorkspace(t, user, team, 'PUT', PATH, { hours }, lang);

  beforeAll(async () => {
    t = await createAuthTestApp();
    owner = await signedInUser(t, 'schedule-owner');
    operator = await signedInUser(t, 'schedule-operator', owner);
    viewer = await signedInUser(t, 'schedule-viewer', owner);
    team = await teamOf(t, owner, 'scheduled');
    await join(t, owner, team, operator, 'operator');
    await join(t, owner, team, viewer, 'viewer');
  }, 120_000);
  afterAll(() => t?.close());

  it('is every 6 hours in a new workspace', async () => {
    const fresh = await teamOf(t, owner, 'fresh');
    const res = await inWorkspace(t, owner, fresh, 'GET', PATH);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ hours: 6 });
  });

  it('is set by the owner to a period or off, every member reads it, and each change is audited', async () => {
    const audited = async () => {
      const audit = await inWorkspace(t, owner, team, 'POST', '/api/audit/query', {
        operation: 'steamTrading.setRefreshSchedule',
        pages: { page: 1, pageSize: 100 },
      });
      expect(audit.statusCode, audit.body).toBe(200);
      return audit.json().data.items as { operation: string; actorId: string }[];
    };
    const before = (await audited()).length;
    const twelve = await set(owner, 12);
    expect(twelve.statusCode, twelve.body).toBe(200);
    expect(twelve.json().data).toEqual({ hours: 12 });
    expect(await hoursOf(viewer)).toBe(12);
    const off = await set(owner, null);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toEqual({ hours: null });
    expect(await hoursOf(operator)).toBeNull();
    const entries = await audited();
    expect(entries).toHaveLength(before + 2);
    expect(entries.every((e) => e.actorId === owner.id)).toBe(true);
  });

  it('refuses operators and viewers as the other owner-only settings do, and keeps the value', async () => {
    await set(owner, 24);
    for (const member of [operator, viewer]) {
      const refused = await set(member, 3);
      const retention = await inWorkspace(t, member, team, 'PUT', '/api/audit/retention', { days: 30 });
      expect(refused.statusCode, refused.body).toBe(retention.statusCode);
      expect(refused.statusCode).toBe(403);
      const { traceId: _a, ...answer } = errorOf(refused) as ReturnType<typeof errorOf> & {
        traceId?: string;
      };
      const { traceId: _b, ...expected } = errorOf(retention) as ReturnType<typeof errorOf> & {
        traceId?: string;
      };
      expect(answer).toEqual(expected);
    }
    expect(await hoursOf(owner)).toBe(24);
  });

  it('refuses a period outside 1 to 168 whole hours with the field message, in English and Russian', async () => {
    expect((await set(owner, 24)).statusCode).toBe(200);
    for (const hours of [0, 169, 1.5, '6']) {
      const en = await set(owner, hours);
      expect(en.statusCode, en.body).toBe(400);
      const fields = (errorOf(en).errorDetails as { fields: Record<string, string[]> }).fields;
      expect(errorOf(en).message).toBe('Validation failed: hours');
      expect(fields.hours?.length, en.body).toBeGreaterThan(0);
      const ru = await set(owner, hours, 'ru-RU');
      const ruFields = (errorOf(ru).errorDetails as { fields: Record<string, string[]> }).fields;
      expect(ruFields.hours?.[0], ru.body).toMatch(/[а-я]/i);
      expect(ruFields.hours?.[0]).not.toBe(fields.hours?.[0]);
    }
    expect(await hoursOf(owner)).toBe(24);
  });

  it('is the period the sweep reads accounts by', async () => {
    const db = t.testDb.database.db;
    const accountId = await insertSteamAccount(db, team, {
      login: 'schedule-setting',
      steamId: '76561199000009001',
    });
    const repo = new ScheduleRepo(db);
    let clock = Date.parse('2026-07-01T00:00:00Z');
    const sweep = async () =>
      (await sweepInventorySchedule({ repo, jobs: t.app.jobs, now: () => clock, queue: QUEUE })).filter(
        (batch) => batch.userId === team,
      );
    expect((await set(owner, null)).statusCode).toBe(200);
    expect(await sweep()).toEqual([]);
    expect((await set(owner, 12)).statusCode).toBe(200);
    const [batch] = await sweep();
    expect(batch?.accountIds).toEqual([accountId]);
    // The batch waits (no worker on this queue): the next sweeps leave the workspace alone.
    clock += 13 * HOUR;
    expect(await sweep()).toEqual([]);
  });
});
