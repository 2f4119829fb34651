import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { steamAccounts } from '../../src/db/schema.ts';
import { sandboxMafileText } from '../../src/integrations/steam/index.ts';
import { type AuthTestApp, createAuthTestApp, stepUp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { addAccounts, addItem, dataOf, seedProxies, world } from './helpers.ts';

describe('editing Steam accounts', () => {
  let t: AuthTestApp;
  let user: TestUser;
  let other: TestUser;
  let proxyIds: number[];
  let foreignProxyId: number;

  const addBots = async (first: number, count: number): Promise<{ id: number; login: string }[]> => {
    const bots = world.healthyAccounts(count, first);
    const accounts = Object.fromEntries(
      bots.map((bot, i) => [String(i), addItem(bot, { proxyId: proxyIds[0]! })]),
    );
    const data = dataOf(await addAccounts(t, user, { accounts }));
    expect(data.addedAccounts).toHaveLength(count);
    return data.addedAccounts;
  };
  const call = (method: string, url: string, body?: unknown, who = user) =>
    t.call(method, url, { token: who.accessToken, ...(body !== undefined ? { body } : {}) });

  beforeAll(async () => {
    t = await createAuthTestApp();
    const admin = await signedInUser(t, 'admin');
    user = await signedInUser(t, 'edit', admin);
    other = await signedInUser(t, 'edit-other', admin);
    // Replacing a password or maFile needs a recent second factor (then another user's account answers 3).
    await stepUp(t, user);
    await stepUp(t, other);
    proxyIds = (await seedProxies(t, user, 2)).ids;
    foreignProxyId = (await seedProxies(t, other, 1, { first: 50 })).ids[0]!;
  });
  afterAll(() => t.close());

  it('removes one account and many; ids that are not the user’s are reported as 3', async () => {
    const [a, b, c] = await addBots(501, 3);
    const removed = await call('DELETE', `/api/steam-accounts/${a!.id}`);
    expect(dataOf(removed)).toEqual({ id: a!.id });
    expect((await call('GET', `/api/steam-accounts/${a!.id}`)).json().error.resultCode).toBe(3);
    expect((await call('DELETE', `/api/steam-accounts/${a!.id}`)).json().error.resultCode).toBe(3);
    const batch = dataOf(
      await call('POST', '/api/steam-accounts/batch/remove', { accountIds: [b!.id, c!.id, a!.id] }),
    );
    expect(batch.succeededIds).toEqual([b!.id, c!.id]);
    expect(batch.failed).toEqual([{ id: a!.id, resultCode: 3, message: expect.any(String) }]);
  });

  it('sets and removes the proxy; another user’s proxy answers 3 and changes nothing', async () => {
    const [a] = await addBots(511, 1);
    const moved = dataOf(await call('PUT', `/api/steam-accounts/${a!.id}/proxy`, { proxyId: proxyIds[1] }));
    expect(moved.proxyId).toBe(proxyIds[1]);
    expect(moved.proxy).toEqual({ address: expect.any(String), port: 8080 });
    const foreign = await call('PUT', `/api/steam-accounts/${a!.id}/proxy`, { proxyId: foreignProxyId });
    expect(foreign.json().error.resultCode).toBe(3);
    expect(dataOf(await call('GET', `/api/steam-accounts/${a!.id}`)).proxyId).toBe(proxyIds[1]);
    const cleared = dataOf(await call('PUT', `/api/steam-accounts/${a!.id}/proxy`, { proxyId: null }));
    expect(cleared).toMatchObject({ proxyId: null, proxy: null });
  });

  it('replaces the password (sealed, never answered) and reports which secrets are stored', async () => {
    const [a] = await addBots(521, 1);
    const db = t.testDb.database.db;
    const before = (await db.select().from(steamAccounts).where(eq(steamAccounts.id, a!.id)))[0]!;
    const res = await call('PUT', `/api/steam-accounts/${a!.id}/password`, { password: 'New-Steam-Pass-1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('New-Steam-Pass-1');
    const after = (await db.select().from(steamAccounts).where(eq(steamAccounts.id, a!.id)))[0]!;
    expect(after.passwordEnc).not.toBe(before.passwordEnc);
    expect(after.passwordEnc).not.toContain('New-Steam-Pass-1');
    const status = dataOf(await call('GET', `/api/steam-accounts/${a!.id}/credentials`));
    expect(status).toEqual({
      hasPassword: true,
      hasSharedSecret: true,
      hasIdentitySecret: true,
      hasRevocationCode: true,
      hasRefreshToken: true,
      refreshTokenExpiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('replaces the maFile only with one of the same login', async () => {
    const [a] = await addBots(531, 1);
    const bot = world.find(a!.login)!;
    const withoutIdentity = JSON.parse(
      sandboxMafileText(bot).replace(/"SteamID": \d+/, '"SteamID": null'),
    ) as Record<string, unknown>;
    delete withoutIdentity.identity_secret;
    const ok = await call('PUT', `/api/steam-accounts/${a!.id}/credentials`, {
      mafile: JSON.stringify(withoutIdentity),
      password: 'Another-Pass-2',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(dataOf(ok).hasIdentitySecret).toBe(false);
    const [stranger] = world.healthyAccounts(1, 539);
    const mismatch = await call('PUT', `/api/steam-accounts/${a!.id}/credentials`, {
      mafile: sandboxMafileText(stranger!),
    });
    expect(mismatch.json().error.resultCode).toBe(7);
    const unreadable = await call('PUT', `/api/steam-accounts/${a!.id}/credentials`, { mafile: '{"x": 1}' });
    expect(unreadable.json().error.resultCode).toBe(10);
    const foreign = await call(
      'PUT',
      `/api/steam-accounts/${a!.id}/credentials`,
      { mafile: sandboxMafileText(bot) },
      other,
    );
    expect(foreign.json().error.resultCode).toBe(3);
  });

  it('tags one account (id 0 creates or reuses by name) and takes tags off', async () => {
    const [a, b] = await addBots(541, 2);
    const created = dataOf(
      await call('POST', `/api/steam-accounts/${a!.id}/tags`, { tag: { id: 0, name: 'Drops' } }),
    );
    expect(created).toEqual([{ id: expect.any(Number), name: 'Drops' }]);
    const reused = dataOf(
      await call('POST', `/api/steam-accounts/${b!.id}/tags`, { tag: { id: 0, name: 'drops' } }),
    );
    expect(reused).toEqual(created);
    const byId = await call('POST', `/api/steam-accounts/${b!.id}/tags`, {
      tag: { id: created[0].id, name: 'x' },
    });
    expect(dataOf(byId)).toEqual(created);
    const removed = dataOf(await call('DELETE', `/api/steam-accounts/${a!.id}/tags/${created[0].id}`));
    expect(removed).toEqual([]);
    const unknownTag = await call('POST', `/api/steam-accounts/${a!.id}/tags`, {
      tag: { id: 999999, name: 'x' },
    });
    expect(unknownTag.json().error.resultCode).toBe(3);
    const foreign = await call(
      'POST',
      `/api/steam-accounts/${a!.id}/tags`,
      { tag: { id: 0, name: 'Hijack' } },
      other,
    );
    expect(foreign.json().error.resultCode).toBe(3);
    expect(dataOf(await call('GET', '/api/steam-accounts/tags', undefined, other))).toEqual([]);
  });

  it('tags and untags many accounts, reporting ids that are not the user’s', async () => {
    const [a, b] = await addBots(551, 2);
    const added = dataOf(
      await call('POST', '/api/steam-accounts/batch/tags/add', {
        accountIds: [a!.id, b!.id, 99999999],
        tag: { id: 0, name: 'Batch' },
      }),
    );
    expect(added.succeededIds).toEqual([a!.id, b!.id]);
    expect(added.failed.map((f: { id: number }) => f.id)).toEqual([99999999]);
    expect(added.tag.name).toBe('Batch');
    const removed = dataOf(
      await call('POST', '/api/steam-accounts/batch/tags/remove', {
        accountIds: [a!.id],
        tagId: added.tag.id,
      }),
    );
    expect(removed.succeededIds).toEqual([a!.id]);
    const row = dataOf(await call('GET', `/api/steam-accounts/${b!.id}`));
    expect(row.tags).toEqual([added.tag]);
    expect(dataOf(await call('GET', `/api/steam-accounts/${a!.id}`)).tags).toEqual([]);
  });
});
