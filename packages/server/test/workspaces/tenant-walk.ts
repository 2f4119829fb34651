import { expect } from 'vitest';
import type { AuthTestApp, TestUser } from '../auth/helpers/auth-app.ts';

/** User A's team workspace, with an open invitation B aims at. */
export interface WorkspacesWalkTarget {
  teamId: string;
  inviteId: number;
  /** A's move into its team workspace (of an account id that names nothing). */
  moveId: number;
  snapshot: string;
}

interface Ctx {
  t: AuthTestApp;
  a: TestUser;
  b: TestUser;
  workspaces: WorkspacesWalkTarget;
}

const as = (t: AuthTestApp, user: TestUser, method: string, url: string, body?: unknown) =>
  t.call(method, url, { token: user.accessToken, ...(body !== undefined ? { body } : {}) });

const membersOfA = ({ t, a, workspaces }: Ctx) =>
  t.call('GET', '/api/workspace/members', {
    token: a.accessToken,
    headers: { 'x-workspace': workspaces.teamId },
  });

export async function prepareWorkspacesWalk(t: AuthTestApp, a: TestUser): Promise<WorkspacesWalkTarget> {
  const team = await as(t, a, 'POST', '/api/workspaces', { name: 'A team' });
  const teamId = team.json().data.id as string;
  const invited = await t.call('POST', '/api/workspace/invites', {
    token: a.accessToken,
    headers: { 'x-workspace': teamId },
    body: { email: 'walk-invitee@example.test', role: 'viewer' },
  });
  const moved = await t.call('POST', '/api/workspace/moves', {
    token: a.accessToken,
    headers: { 'x-workspace': teamId },
    body: { accountIds: [2_000_000_000] },
  });
  expect(moved.statusCode, moved.body).toBe(200);
  const target = {
    teamId,
    inviteId: invited.json().data.id as number,
    moveId: moved.json().data.id as number,
    snapshot: '',
  };
  return target;
}

async function unchanged(ctx: Ctx) {
  const now = await membersOfA(ctx);
  expect(now.statusCode).toBe(200);
  if (!ctx.workspaces.snapshot) ctx.workspaces.snapshot = now.body;
  expect(now.json().data).toEqual(JSON.parse(ctx.workspaces.snapshot).data);
}

export const workspacesWalker = {
  'workspace.accept': {
    expect: 0,
    attack: ({ t, b, workspaces }: Ctx) =>
      as(t, b, 'POST', '/api/workspace/invites/accept', {
        inviteId: workspaces.inviteId,
        code: 'guessed-code',
      }),
    unchanged,
  },
  'workspace.setMember': {
    expect: 3,
    attack: ({ t, a, b }: Ctx) =>
      as(t, b, 'PUT', `/api/workspace/members/${a.id}`, { role: 'viewer', scopeTags: null }),
    unchanged,
  },
  'workspace.removeMember': {
    expect: 3,
    attack: ({ t, a, b }: Ctx) => as(t, b, 'DELETE', `/api/workspace/members/${a.id}`),
    unchanged,
  },
  'workspace.leave': {
    expect: 3,
    attack: ({ t, b, workspaces }: Ctx) => as(t, b, 'POST', `/api/workspaces/${workspaces.teamId}/leave`, {}),
    unchanged,
  },
  // B moves from its own personal workspace only, and only into a team workspace it owns: in its own workspace
  // the answer does not depend on the ids named.
  'workspace.move': {
    expect: 6,
    attack: ({ t, b, workspaces }: Ctx) =>
      as(t, b, 'POST', '/api/workspace/moves', {
        accountIds: [workspaces.moveId],
        proxyIds: [workspaces.moveId],
      }),
    unchanged,
  },
  'workspace.moveJob': {
    expect: 3,
    attack: ({ t, b, workspaces }: Ctx) => as(t, b, 'GET', `/api/workspace/moves/${workspaces.moveId}`),
    unchanged,
  },
  'audit.list': {
    expect: 3,
    attack: ({ t, a, b }: Ctx) => as(t, b, 'POST', '/api/audit/query', { actorId: a.id }),
    unchanged,
  },
  'audit.export': {
    expect: 3,
    attack: ({ t, a, b }: Ctx) => as(t, b, 'POST', '/api/audit/export', { actorId: a.id }),
    unchanged,
  },
};
