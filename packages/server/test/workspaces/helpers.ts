import { expect } from 'vitest';
import { type AuthTestApp, linkParams, type TestUser } from '../auth/helpers/auth-app.ts';

/** A call by `user` acting in `workspace` (the `X-Workspace` header). */
export function inWorkspace(
  t: AuthTestApp,
  user: TestUser,
  workspace: string,
  method: string,
  url: string,
  body?: unknown,
  lang = 'en-US',
) {
  return t.call(method, url, {
    token: user.accessToken,
    headers: { 'x-workspace': workspace, 'accept-language': lang },
    ...(body !== undefined ? { body } : {}),
  });
}

/** The owner invites `member` by e-mail; the member accepts with the mailed link. */
export async function join(
  t: AuthTestApp,
  owner: TestUser,
  workspace: string,
  member: TestUser,
  role: 'operator' | 'viewer',
  scopeTags: string[] | null = null,
): Promise<void> {
  const since = t.smtp.mails.length;
  const invited = await inWorkspace(t, owner, workspace, 'POST', '/api/workspace/invites', {
    email: member.email,
    role,
    scopeTags,
  });
  expect(invited.statusCode, invited.body).toBe(200);
  const link = linkParams((await t.smtp.waitFor(member.email, { since, subject: /invitation/i })).text);
  const accepted = await t.call('POST', '/api/workspace/invites/accept', {
    token: member.accessToken,
    body: { inviteId: Number(link.get('inviteId')), code: link.get('code') },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
}

/** A team workspace of `owner`'s, named uniquely. */
export async function teamOf(t: AuthTestApp, owner: TestUser, name: string): Promise<string> {
  const created = await t.call('POST', '/api/workspaces', {
    token: owner.accessToken,
    body: { name: `${name}-${Math.random().toString(36).slice(2, 8)}` },
  });
  expect(created.statusCode, created.body).toBe(200);
  return created.json().data.id as string;
}
