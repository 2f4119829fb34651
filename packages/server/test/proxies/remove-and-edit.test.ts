import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stepUp } from '../auth/helpers/auth-app.ts';
import {
  accountProxyId,
  addLines,
  callAs,
  createProxiesTest,
  dataOf,
  insertSteamAccount,
  type ProxiesTest,
  resultCodeOf,
} from './helpers.ts';

describe('removing proxies and editing names and credentials', () => {
  let s: ProxiesTest;
  beforeAll(async () => {
    s = await createProxiesTest();
  }, 60_000);
  afterAll(async () => s?.t.close());

  const exists = async (id: number) =>
    (await callAs(s.t, s.a, 'GET', `/api/proxies/${id}`)).statusCode === 200;

  it('removes a free proxy, and answers 3 for an unknown one', async () => {
    const [id] = (await addLines(s.t, s.a, '20.0.0.1:80')).addedIds;
    const removed = dataOf(await callAs(s.t, s.a, 'DELETE', `/api/proxies/${id}`));
    expect(removed).toEqual({ id, detachedAccountIds: [] });
    expect(await exists(id!)).toBe(false);
    const again = await callAs(s.t, s.a, 'DELETE', `/api/proxies/${id}`, undefined, 'ru');
    expect(resultCodeOf(again)).toBe(3);
    expect(again.json().error.message).toBe('Прокси не найден');
  });

  it('refuses a proxy used by Steam accounts with 9 naming how many, unless detach frees them', async () => {
    const [id] = (await addLines(s.t, s.a, '20.0.0.2:80')).addedIds;
    const one = await insertSteamAccount(s.t, s.a.id, 'user-one', id!);
    const two = await insertSteamAccount(s.t, s.a.id, 'user-two', id!);
    const refused = await callAs(s.t, s.a, 'DELETE', `/api/proxies/${id}`);
    expect(resultCodeOf(refused)).toBe(9);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('2 Steam accounts');
    const refusedRu = await callAs(s.t, s.a, 'DELETE', `/api/proxies/${id}?detach=false`, undefined, 'ru');
    expect(refusedRu.json().error.message).toContain('Steam-аккаунтами (2)');
    expect(await exists(id!)).toBe(true);
    const removed = dataOf(await callAs(s.t, s.a, 'DELETE', `/api/proxies/${id}?detach=true`));
    expect(removed).toEqual({ id, detachedAccountIds: [one, two].sort((a, b) => a - b) });
    expect(await exists(id!)).toBe(false);
    expect(await accountProxyId(s.t, one)).toBeNull();
    expect(await accountProxyId(s.t, two)).toBeNull();
  });

  it('batch remove reports per item: 9 for proxies in use, 3 for unknown and foreign ids', async () => {
    const ids = (await addLines(s.t, s.a, ['20.0.1.1:80', '20.0.1.2:80', '20.0.1.3:80'])).addedIds;
    const account = await insertSteamAccount(s.t, s.a.id, 'batch-user', ids[1]!);
    const [foreign] = (await addLines(s.t, s.b, '20.0.1.9:80')).addedIds;
    const result = dataOf(
      await callAs(s.t, s.a, 'POST', '/api/proxies/batch/remove', {
        proxyIds: [...ids, foreign, 987_654],
      }),
    );
    expect(result.succeededIds).toEqual([ids[0], ids[2]]);
    expect(result.failed).toEqual([
      {
        id: ids[1],
        resultCode: 9,
        message: 'The proxy is used by 1 Steam account: detach them or delete with detach',
      },
      { id: foreign, resultCode: 3, message: 'Proxy not found' },
      { id: 987_654, resultCode: 3, message: 'Proxy not found' },
    ]);
    expect(await exists(ids[1]!)).toBe(true);
    expect(await accountProxyId(s.t, account)).toBe(ids[1]);
    expect((await callAs(s.t, s.b, 'GET', `/api/proxies/${foreign}`)).statusCode).toBe(200);

    const detached = dataOf(
      await callAs(s.t, s.a, 'POST', '/api/proxies/batch/remove', { proxyIds: [ids[1]], detach: true }),
    );
    expect(detached).toEqual({ succeededIds: [ids[1]], failed: [] });
    expect(await accountProxyId(s.t, account)).toBeNull();
  });

  it('renames, and a blank name clears it', async () => {
    const [id] = (await addLines(s.t, s.a, '[old] 20.0.2.1:80')).addedIds;
    const renamed = dataOf(await callAs(s.t, s.a, 'PUT', `/api/proxies/${id}/name`, { name: '  Main RU  ' }));
    expect(renamed.proxyName).toBe('Main RU');
    expect(
      dataOf(await callAs(s.t, s.a, 'PUT', `/api/proxies/${id}/name`, { name: '   ' })).proxyName,
    ).toBeNull();
    expect(dataOf(await callAs(s.t, s.a, 'PUT', `/api/proxies/${id}/name`, { name: 'x' })).proxyName).toBe(
      'x',
    );
    expect(
      dataOf(await callAs(s.t, s.a, 'PUT', `/api/proxies/${id}/name`, { name: null })).proxyName,
    ).toBeNull();
    const tooLong = await callAs(s.t, s.a, 'PUT', `/api/proxies/${id}/name`, { name: 'n'.repeat(101) });
    expect(resultCodeOf(tooLong)).toBe(10);
  });

  it('replaces credentials, removes them with null or an empty pair, and never answers the password', async () => {
    const [id] = (await addLines(s.t, s.a, '20.0.3.1:80')).addedIds;
    const url = `/api/proxies/${id}/credentials`;
    const set = await callAs(s.t, s.a, 'PUT', url, {
      credentials: { username: 'erin', password: 'Sup3r-secret' },
    });
    expect(dataOf(set).credentials).toEqual({ username: 'erin', hasPassword: true });
    expect(set.body).not.toContain('Sup3r-secret');
    // The export gives the new password back: it was stored, encrypted, under the new identity.
    await stepUp(s.t, s.a);
    const exported = await callAs(s.t, s.a, 'POST', '/api/proxies/export', {
      ids: [id],
      format: 'ip_port_auth',
    });
    expect(exported.body).toBe('20.0.3.1:80:erin:Sup3r-secret\n');
    const loginOnly = await callAs(s.t, s.a, 'PUT', url, {
      credentials: { username: 'frank', password: '' },
    });
    expect(dataOf(loginOnly).credentials).toEqual({ username: 'frank', hasPassword: false });
    const cleared = await callAs(s.t, s.a, 'PUT', url, { credentials: null });
    expect(dataOf(cleared).credentials).toBeNull();
    await callAs(s.t, s.a, 'PUT', url, { credentials: { username: 'erin', password: 'x' } });
    const emptyPair = await callAs(s.t, s.a, 'PUT', url, { credentials: { username: '', password: '' } });
    expect(dataOf(emptyPair).credentials).toBeNull();
    const noLogin = await callAs(
      s.t,
      s.a,
      'PUT',
      url,
      { credentials: { username: '', password: 'x' } },
      'ru',
    );
    expect(resultCodeOf(noLogin)).toBe(10);
    expect(Object.keys(noLogin.json().error.errorDetails.fields)).toEqual(['credentials.username']);
  });

  it('refuses credentials that would make the proxy a copy of another one, and SOCKS4 passwords', async () => {
    const [first, second] = (await addLines(s.t, s.a, ['20.0.4.1:80:gina:pw', '20.0.4.1:80'])).addedIds;
    const clash = await callAs(s.t, s.a, 'PUT', `/api/proxies/${second}/credentials`, {
      credentials: { username: 'gina', password: 'pw' },
    });
    expect(resultCodeOf(clash)).toBe(5);
    expect(clash.json().error.message).toBe(
      'A proxy with this address, protocol and credentials already exists',
    );
    expect(dataOf(await callAs(s.t, s.a, 'GET', `/api/proxies/${second}`)).credentials).toBeNull();
    // Its own identity again is not a clash.
    const same = await callAs(s.t, s.a, 'PUT', `/api/proxies/${first}/credentials`, {
      credentials: { username: 'gina', password: 'pw' },
    });
    expect(dataOf(same).credentials).toEqual({ username: 'gina', hasPassword: true });

    const [socks4] = (await addLines(s.t, s.a, 'socks4://20.0.4.2:1080')).addedIds;
    const refused = await callAs(
      s.t,
      s.a,
      'PUT',
      `/api/proxies/${socks4}/credentials`,
      { credentials: { username: 'uid', password: 'pw' } },
      'ru',
    );
    expect(resultCodeOf(refused)).toBe(10);
    expect(refused.json().error.message).toContain('SOCKS4 не поддерживает пароль');
  });

  it('answers 3 for unknown ids and 10 for malformed ones', async () => {
    expect(resultCodeOf(await callAs(s.t, s.a, 'GET', '/api/proxies/424242'))).toBe(3);
    expect(resultCodeOf(await callAs(s.t, s.a, 'PUT', '/api/proxies/424242/name', { name: 'x' }))).toBe(3);
    expect(resultCodeOf(await callAs(s.t, s.a, 'GET', '/api/proxies/abc'))).toBe(10);
    expect(resultCodeOf(await callAs(s.t, s.a, 'POST', '/api/proxies/batch/remove', { proxyIds: [] }))).toBe(
      10,
    );
  });
});
