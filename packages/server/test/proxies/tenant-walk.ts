import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { AuthTestApp, TestUser } from '../auth/helpers/auth-app.ts';

/** User A's proxy and tag that user B aims at in the tenant-isolation walk, with how A sees the proxy. */
export interface ProxyWalkTarget {
  proxyId: number;
  tagId: number;
  snapshot: string;
}

interface Ctx {
  t: AuthTestApp;
  a: TestUser;
  b: TestUser;
  proxies: ProxyWalkTarget;
}

const as = (t: AuthTestApp, user: TestUser, method: string, url: string, body?: unknown) =>
  t.call(method, url, { token: user.accessToken, ...(body !== undefined ? { body } : {}) });

const aGet = ({ t, a, proxies }: Ctx) => as(t, a, 'GET', `/api/proxies/${proxies.proxyId}`);

export async function prepareProxyWalk(t: AuthTestApp, a: TestUser, b: TestUser): Promise<ProxyWalkTarget> {
  const added = await as(t, a, 'POST', '/api/proxies', {
    proxies: '[A main] 10.9.8.7:3128:alice:secret-pass',
    tag: { id: 0, name: 'A only' },
  });
  const proxyId = added.json().data.addedIds[0] as number;
  // B has a proxy of its own, so B's writes have a valid target next to A's ids.
  await as(t, b, 'POST', '/api/proxies', { proxies: '10.1.1.1:8080' });
  const tags = await as(t, a, 'GET', '/api/proxies/tags');
  const tagId = tags.json().data[0].id as number;
  const target = { proxyId, tagId, snapshot: '' };
  target.snapshot = (await aGet({ t, a, b, proxies: target })).body;
  return target;
}

async function aUnchanged(ctx: Ctx): Promise<void> {
  const now = await aGet(ctx);
  expect(JSON.parse(now.body).data).toEqual(JSON.parse(ctx.proxies.snapshot).data);
  const tags = await as(ctx.t, ctx.a, 'GET', '/api/proxies/tags');
  expect(tags.json().data).toEqual([{ id: ctx.proxies.tagId, name: 'A only', count: 1 }]);
}

/**
 * The result code of an answer: the envelope's, or for a batch answer in which nothing succeeded, the one code
 * all its items failed with.
 */
export function walkResultCode(response: LightMyRequestResponse): number | undefined {
  const body = response.json();
  if (body.error) return body.error.resultCode;
  const data = body.data;
  if (
    data &&
    Array.isArray(data.failed) &&
    Array.isArray(data.succeededIds) &&
    data.succeededIds.length === 0
  ) {
    const codes = new Set(data.failed.map((item: { resultCode: number }) => item.resultCode));
    if (codes.size === 1) return [...codes][0] as number;
  }
  return undefined;
}

export const proxiesWalker = {
  'proxies.query': {
    expect: 3,
    attack: ({ t, b, proxies }: Ctx) =>
      as(t, b, 'POST', '/api/proxies/query', { withTagIds: [proxies.tagId] }),
    unchanged: aUnchanged,
  },
  'proxies.get': {
    expect: 3,
    attack: ({ t, b, proxies }: Ctx) => as(t, b, 'GET', `/api/proxies/${proxies.proxyId}`),
    unchanged: aUnchanged,
  },
  'proxies.remove': {
    expect: 3,
    attack: ({ t, b, proxies }: Ctx) => as(t, b, 'DELETE', `/api/proxies/${proxies.proxyId}?detach=true`),
    unchanged: aUnchanged,
  },
  'proxies.batchRemove': {
    expect: 3,
    attack: ({ t, b, proxies }: Ctx) =>
      as(t, b, 'POST', '/api/proxies/batch/remove', { proxyIds: [proxies.proxyId], detach: true }),
    unchanged: aUnchanged,
  },
  'proxies.updateName': {
    expect: 3,
    attack: ({ t, b, proxies }: Ctx) =>
      as(t, b, 'PUT', `/api/proxies/${proxies.proxyId}/name`, { name: 'taken over' }),
    unchanged: aUnchanged,
  },
  'proxies.updateCredentials': {
    expect: 3,
    attack: ({ t, b, proxies }: Ctx) =>
      as(t, b, 'PUT', `/api/proxies/${proxies.proxyId}/credentials`, {
        credentials: { username: 'mallory', password: 'x' },
      }),
    unchanged: aUnchanged,
  },
  'proxies.addOrCreateTag': {
    expect: 3,
    attack: ({ t, b, proxies }: Ctx) =>
      as(t, b, 'POST', `/api/proxies/${proxies.proxyId}/tags`, { tag: { id: 0, name: 'B tag' } }),
    unchanged: aUnchanged,
  },
  'proxies.removeTag': {
    expect: 3,
    attack: ({ t, b, proxies }: Ctx) =>
      as(t, b, 'DELETE', `/api/proxies/${proxies.proxyId}/tags/${proxies.tagId}`),
    unchanged: aUnchanged,
  },
  'proxies.batchAddTag': {
    expect: 3,
    attack: ({ t, b, proxies }: Ctx) =>
      as(t, b, 'POST', '/api/proxies/batch/tags/add', {
        proxiesIds: [proxies.proxyId],
        tag: { id: 0, name: 'B tag' },
      }),
    unchanged: aUnchanged,
  },
  'proxies.batchRemoveTag': {
    expect: 3,
    attack: ({ t, b, proxies }: Ctx) =>
      as(t, b, 'POST', '/api/proxies/batch/tags/remove', {
        proxiesIds: [proxies.proxyId],
        tagId: proxies.tagId,
      }),
    unchanged: aUnchanged,
  },
  'proxies.export': {
    expect: 3,
    attack: ({ t, b, proxies }: Ctx) =>
      as(t, b, 'POST', '/api/proxies/export', { ids: [proxies.proxyId], format: 'ip_port_auth' }),
    unchanged: aUnchanged,
  },
};
