import { createHash } from 'node:crypto';
import { proxyIdentityKey } from '@tradedeck/sdk/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stepUp } from '../auth/helpers/auth-app.ts';
import { addLines, callAs, createProxiesTest, dataOf, type ProxiesTest } from './helpers.ts';

const A_PASSWORD = 'A-very-distinct-Pa55word';
const B_PASSWORD = 'B-other-distinct-Pa55word';

describe('tenants and stored secrets', () => {
  let s: ProxiesTest;
  beforeAll(async () => {
    s = await createProxiesTest();
    await addLines(s.t, s.a, [`[alpha-only] 50.0.0.1:8080:alice:${A_PASSWORD}`, 'alpha.example.org:3128'], {
      tag: { id: 0, name: 'A tag' },
    });
    await addLines(s.t, s.b, [`50.0.0.2:8080:bob:${B_PASSWORD}`]);
  }, 60_000);
  afterAll(async () => s?.t.close());

  it("B's lists, counters, tags, spec, export and search never show A's rows", async () => {
    const list = dataOf(await callAs(s.t, s.b, 'POST', '/api/proxies/query', {}));
    expect(list.total).toBe(1);
    expect(list.items.map((p: { identity: { address: string } }) => p.identity.address)).toEqual([
      '50.0.0.2',
    ]);
    expect(dataOf(await callAs(s.t, s.b, 'GET', '/api/proxies/counters')).total).toBe(1);
    expect(dataOf(await callAs(s.t, s.b, 'GET', '/api/proxies/tags'))).toEqual([]);
    expect(dataOf(await callAs(s.t, s.b, 'GET', '/api/proxies/query-spec')).countries).toEqual([
      { code: null, count: 1 },
    ]);
    await stepUp(s.t, s.b);
    const exported = await callAs(s.t, s.b, 'POST', '/api/proxies/export', { format: 'ip_port_auth' });
    expect(exported.body).toBe(`50.0.0.2:8080:bob:${B_PASSWORD}\n`);
    const search = dataOf(await callAs(s.t, s.b, 'POST', '/api/search/global', { searchString: 'alpha' }));
    expect(search.proxies).toEqual([]);
    const parse = dataOf(
      await callAs(s.t, s.b, 'POST', '/api/proxies/parse', { proxies: 'alpha.example.org:3128' }),
    );
    // A's copy of the proxy does not make it a duplicate for B.
    expect(parse.duplicates).toEqual([]);
  });

  it('A finds its own proxies in the global search by host and by name', async () => {
    const byName = dataOf(
      await callAs(s.t, s.a, 'POST', '/api/search/global', { searchString: 'ALPHA-only' }),
    );
    expect(byName.proxies).toEqual([
      { id: expect.any(Number), proxyName: 'alpha-only', address: '50.0.0.1', port: 8080 },
    ]);
    const byHost = dataOf(
      await callAs(s.t, s.a, 'POST', '/api/search/global', { searchString: 'example.org' }),
    );
    expect(byHost.proxies.map((p: { address: string }) => p.address)).toEqual(['alpha.example.org']);
  });

  it('stores no proxy password in the clear, and the identity hash is keyed', async () => {
    const result = await s.t.testDb.database.db.execute(sql`select * from proxies`);
    const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
    expect(rows).toHaveLength(3);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(A_PASSWORD);
    expect(dump).not.toContain(B_PASSWORD);
    const alice = rows.find((row) => row.username === 'alice')!;
    expect(String(alice.password_enc)).toMatch(/^v1\./);
    const identity = proxyIdentityKey({
      protocol: 0,
      host: '50.0.0.1',
      port: 8080,
      credentials: { username: 'alice', password: A_PASSWORD },
    });
    for (const encoding of ['hex', 'base64', 'base64url'] as const) {
      expect(alice.identity_hash).not.toBe(createHash('sha256').update(identity).digest(encoding));
    }
    // The same proxy of two users hashes differently: the key is per user.
    await addLines(s.t, s.b, `50.0.0.1:8080:alice:${A_PASSWORD}`);
    const again = await s.t.testDb.database.db.execute(
      sql`select identity_hash from proxies where host = '50.0.0.1' order by id`,
    );
    const hashes = (again as unknown as { rows: { identity_hash: string }[] }).rows.map(
      (r) => r.identity_hash,
    );
    expect(hashes).toHaveLength(2);
    expect(hashes[0]).not.toBe(hashes[1]);
  });

  it('never answers a password outside the export', async () => {
    const list = await callAs(s.t, s.a, 'POST', '/api/proxies/query', {});
    expect(list.body).not.toContain(A_PASSWORD);
    const id = list.json().data.items.find((p: { credentials: unknown }) => p.credentials !== null).id;
    const one = await callAs(s.t, s.a, 'GET', `/api/proxies/${id}`);
    expect(one.body).not.toContain(A_PASSWORD);
    expect(one.json().data.credentials).toEqual({ username: 'alice', hasPassword: true });
  });
});
