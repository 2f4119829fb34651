import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stepUp } from '../auth/helpers/auth-app.ts';
import { addLines, callAs, createProxiesTest, dataOf, type ProxiesTest } from './helpers.ts';

/** A known proxy pasted with another password is offered as a password change, not a second row. */
describe('proxies: a known proxy with another password', () => {
  let s: ProxiesTest;
  let alice: number;
  let gateway: number;
  beforeAll(async () => {
    s = await createProxiesTest();
    await stepUp(s.t, s.a);
    [alice, gateway] = (
      await addLines(s.t, s.a, [
        'alice:old@2.2.2.2:3128',
        'gw.example.com:7000:u1:p1',
        'gw.example.com:7000:u2:p2',
      ])
    ).addedIds as [number, number];
    // Another user's proxy with the same address and login is never matched.
    await addLines(s.t, s.b, ['alice:theirs@2.2.2.2:3128']);
  }, 60_000);
  afterAll(async () => s?.t.close());

  const parse = async (lines: string[]) =>
    dataOf(await callAs(s.t, s.a, 'POST', '/api/proxies/parse', { proxies: lines.join('\n') }));
  const passwords = async () =>
    (await callAs(s.t, s.a, 'POST', '/api/proxies/export', { format: 'ip_port_auth' })).body
      .trim()
      .split('\n');
  const count = async () => dataOf(await callAs(s.t, s.a, 'POST', '/api/proxies/query', {})).total as number;

  it('preview names the line that gives a stored proxy a new password, only when address and login match one', async () => {
    const preview = await parse([
      'alice:new@2.2.2.2:3128',
      'gw.example.com:7000:u3:p3',
      'socks5://alice:new@2.2.2.2:3128',
      'alice:newer@2.2.2.2:3128',
      'alice:old@2.2.2.2:3128',
      'gw.example.com:7000:u1:other',
    ]);
    // A new login on a gateway is a new proxy; another protocol is another proxy; a second line for the same
    // proxy is a new row, as the first line claims it; the same password is a repeat.
    expect(preview.passwordChanges).toEqual([
      { line: 1, proxyId: alice },
      { line: 6, proxyId: gateway },
    ]);
    expect(preview.proxies.map((p: { line: number }) => p.line)).toEqual([1, 2, 3, 4, 6]);
    expect(preview.duplicates.map((d: { line: number }) => d.line)).toEqual([5]);
  });

  it('add without updatePasswords keeps the old behaviour: a second row', async () => {
    const before = await count();
    const added = await addLines(s.t, s.a, ['gw.example.com:7000:u2:changed']);
    expect(added.addedIds).toHaveLength(1);
    expect(dataOf(await callAs(s.t, s.a, 'GET', `/api/proxies/${gateway}`)).id).toBe(gateway);
    expect(await count()).toBe(before + 1);
    expect((added as { updatedIds?: number[] }).updatedIds).toEqual([]);
  });

  it('add with updatePasswords replaces the password in place, tags the proxy, and adds the rest', async () => {
    const before = await count();
    const added = await addLines(s.t, s.a, ['alice:new@2.2.2.2:3128', 'gw.example.com:7000:u9:p9'], {
      updatePasswords: true,
      tag: { id: 0, name: 'refreshed' },
    });
    expect((added as { updatedIds?: number[] }).updatedIds).toEqual([alice]);
    expect(added.addedIds).toHaveLength(1);
    expect(await count()).toBe(before + 1);
    const list = await passwords();
    expect(list).toContain('2.2.2.2:3128:alice:new');
    expect(list).not.toContain('2.2.2.2:3128:alice:old');
    const row = dataOf(await callAs(s.t, s.a, 'GET', `/api/proxies/${alice}`));
    expect(row.credentials).toEqual({ username: 'alice', hasPassword: true });
    expect(row.tags.map((t: { name: string }) => t.name)).toEqual(['refreshed']);
    // The new password is now the proxy's identity: pasting it again is a repeat, the old one is a change again.
    const again = await parse(['alice:new@2.2.2.2:3128', 'alice:old@2.2.2.2:3128']);
    expect(again.duplicates.map((d: { line: number }) => d.line)).toEqual([1]);
    expect(again.passwordChanges).toEqual([{ line: 2, proxyId: alice }]);
    // The other user's proxy kept its password.
    const theirs = await callAs(s.t, s.b, 'POST', '/api/proxies/parse', {
      proxies: 'alice:theirs@2.2.2.2:3128',
    });
    expect(dataOf(theirs).duplicates).toHaveLength(1);
  });

  it('leaves alone a login stored twice, as it is unclear which row is meant', async () => {
    // The earlier test gave gw u2 a second row (u2:p2 and u2:changed).
    const preview = await parse(['gw.example.com:7000:u2:third']);
    expect(preview.passwordChanges).toEqual([]);
    const added = await addLines(s.t, s.a, ['gw.example.com:7000:u2:third'], { updatePasswords: true });
    expect((added as { updatedIds?: number[] }).updatedIds).toEqual([]);
    expect(added.addedIds).toHaveLength(1);
  });
});
