import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxies } from '../../src/db/schema.ts';
import {
  addLines,
  callAs,
  createProxiesTest,
  dataOf,
  insertSteamAccount,
  type ProxiesTest,
  resultCodeOf,
} from './helpers.ts';

type Item = {
  id: number;
  proxyName: string | null;
  identity: { address: string; port: number };
  status: number;
};

describe('proxies.query, counters and querySpec', () => {
  let s: ProxiesTest;
  let ids: number[];
  let fast: number;
  let slow: number;
  const query = async (body: Record<string, unknown>) =>
    dataOf<{ items: Item[]; total: number; page: number; pageSize: number }>(
      await callAs(s.t, s.a, 'POST', '/api/proxies/query', body),
    );
  const idsOf = (items: Item[]) => items.map((item) => item.id);

  beforeAll(async () => {
    s = await createProxiesTest();
    const added = await addLines(s.t, s.a, [
      '[Alpha DE] 10.0.0.1:8001', // 0: DE, checked valid
      '[beta de] 10.0.0.2:8002:Trader:pw', // 1: DE, in use
      '[Gamma] 10.0.0.3:8003', // 2: US, invalid
      'shop.example.net:8004', // 3: unknown country, no check
      '10.0.0.5:8005:trader_two:pw', // 4: unknown country, expired
      '10.0.0.6:8005', // 5: US, idle (stored 2 with no account reads as idle)
    ]);
    ids = added.addedIds;
    const db = s.t.testDb.database.db;
    const set = (index: number, values: Partial<typeof proxies.$inferInsert>) =>
      db.update(proxies).set(values).where(eq(proxies.id, ids[index]!));
    const at = new Date('2026-01-01T00:00:00Z');
    await set(0, { countryCode: 'DE', status: 1, lastCheckedAt: at, lastValid: true, lastLatencyMs: 120 });
    await set(1, { countryCode: 'DE', status: 1, lastCheckedAt: at, lastValid: true, lastLatencyMs: 40 });
    await set(2, {
      countryCode: 'US',
      status: 3,
      lastCheckedAt: at,
      lastValid: false,
      lastErrorClass: 'timeout',
    });
    await set(4, { status: 4 });
    await set(5, { countryCode: 'US', status: 2, lastLatencyMs: 300 });
    await insertSteamAccount(s.t, s.a.id, 'acc-one', ids[1]!);
    fast = ids[1]!;
    slow = ids[5]!;
    // Another user's rows never count.
    await addLines(s.t, s.b, ['10.0.0.1:8001', '[Alpha B] 10.0.0.9:9000']);
  }, 60_000);
  afterAll(async () => s?.t.close());

  it('lists newest first by default with the page shape', async () => {
    const page = await query({});
    expect(page.total).toBe(6);
    expect(page.page).toBe(1);
    expect(page.pageSize).toBe(50);
    expect(idsOf(page.items)).toEqual([...ids].reverse());
    expect(page.items.find((item) => item.id === fast)).toMatchObject({
      status: 2,
      steamAccounts: [{ id: expect.any(Number), login: 'acc-one' }],
      credentials: { username: 'Trader', hasPassword: true },
      metadata: { countryCode: 'DE' },
      lastCheck: { valid: true, latencyMs: 40, checkedAt: '2026-01-01T00:00:00.000Z', errorClass: null },
    });
  });

  it('derives statuses: in use from Steam accounts, a stored "in use" without accounts reads as idle', async () => {
    const byId = new Map((await query({})).items.map((item) => [item.id, item.status]));
    expect(ids.map((id) => byId.get(id))).toEqual([1, 2, 3, 0, 4, 1]);
  });

  it('filters by status, and the counters agree with the filter', async () => {
    const counters = dataOf(await callAs(s.t, s.a, 'GET', '/api/proxies/counters'));
    expect(counters).toEqual({ total: 6, byStatus: { '0': 1, '1': 2, '2': 1, '3': 1, '4': 1 } });
    for (const status of [0, 1, 2, 3, 4]) {
      const page = await query({ withStatus: [status] });
      expect(page.total, `status ${status}`).toBe(counters.byStatus[String(status)]);
      expect(page.items.every((item) => item.status === status)).toBe(true);
    }
    expect(idsOf((await query({ withStatus: [2, 3] })).items).sort()).toEqual([ids[1], ids[2]].sort());
  });

  it('filters by country, with -- for unknown', async () => {
    expect(idsOf((await query({ country: 'de' })).items).sort()).toEqual([ids[0], ids[1]].sort());
    expect(idsOf((await query({ country: '--' })).items).sort()).toEqual([ids[3], ids[4]].sort());
    expect((await query({ country: 'FR' })).total).toBe(0);
  });

  it('searches host, name and login as case-insensitive substrings, with LIKE characters taken literally', async () => {
    expect(idsOf((await query({ searchString: 'ALPHA' })).items)).toEqual([ids[0]]);
    expect(idsOf((await query({ searchString: 'example.NET' })).items)).toEqual([ids[3]]);
    expect(idsOf((await query({ searchString: 'trader' })).items).sort()).toEqual([ids[1], ids[4]].sort());
    expect(idsOf((await query({ searchString: 'trader_' })).items)).toEqual([ids[4]]);
    expect((await query({ searchString: '%' })).total).toBe(0);
  });

  it('filters by tags: with keeps proxies carrying any of them, except drops any carrying one', async () => {
    const tag = (name: string, proxyIds: number[]) =>
      callAs(s.t, s.a, 'POST', '/api/proxies/batch/tags/add', { proxiesIds: proxyIds, tag: { id: 0, name } });
    const red = dataOf(await tag('red', [ids[0]!, ids[1]!])).tag.id;
    const blue = dataOf(await tag('blue', [ids[1]!, ids[2]!])).tag.id;
    expect(idsOf((await query({ withTagIds: [red, blue] })).items).sort()).toEqual(
      [ids[0], ids[1], ids[2]].sort(),
    );
    expect(idsOf((await query({ exceptTagIds: [blue] })).items).sort()).toEqual(
      [ids[0], ids[3], ids[4], ids[5]].sort(),
    );
    expect(idsOf((await query({ withTagIds: [red], exceptTagIds: [blue] })).items)).toEqual([ids[0]]);
    // Filters combine.
    expect(idsOf((await query({ withTagIds: [red, blue], country: 'US' })).items)).toEqual([ids[2]]);
    const unknown = await callAs(s.t, s.a, 'POST', '/api/proxies/query', { withTagIds: [999_999] });
    expect(resultCodeOf(unknown)).toBe(3);
  });

  it('sorts on each property with nulls last and id as the tiebreak', async () => {
    const sorted = async (propertyName: string, isDescending = false) =>
      idsOf((await query({ sort: [{ propertyName, isDescending }] })).items);
    expect(await sorted('id')).toEqual(ids);
    expect(await sorted('port')).toEqual(ids); // ports 8001..8005, 8005 twice: id breaks the tie
    expect(await sorted('port', true)).toEqual([ids[4], ids[5], ids[3], ids[2], ids[1], ids[0]]);
    expect(await sorted('latencyMs')).toEqual([fast, ids[0], slow, ids[2], ids[3], ids[4]]);
    expect(await sorted('latencyMs', true)).toEqual([slow, ids[0], fast, ids[2], ids[3], ids[4]]);
    expect(await sorted('proxyName')).toEqual([ids[0], ids[1], ids[2], ids[3], ids[4], ids[5]]);
    expect(await sorted('status')).toEqual([ids[3], ids[0], ids[5], ids[1], ids[2], ids[4]]);
    expect(await sorted('address')).toEqual([ids[0], ids[1], ids[2], ids[4], ids[5], ids[3]]);
    expect(await sorted('countryCode')).toEqual([ids[0], ids[1], ids[2], ids[5], ids[3], ids[4]]);
    for (const property of ['protocol', 'checkedAt', 'createdAt']) {
      expect((await sorted(property)).sort()).toEqual([...ids].sort());
    }
    const twoKeys = await query({
      sort: [
        { propertyName: 'countryCode', isDescending: true },
        { propertyName: 'port', isDescending: true },
      ],
    });
    expect(idsOf(twoKeys.items)).toEqual([ids[5], ids[2], ids[1], ids[0], ids[4], ids[3]]);
  });

  it('pages without overlap or gaps', async () => {
    await addLines(
      s.t,
      s.a,
      Array.from({ length: 25 }, (_, i) => `172.16.0.${i + 1}:3128`),
    );
    const seen: number[] = [];
    for (let page = 1; page <= 4; page++) {
      const result = await query({ pages: { page, pageSize: 10 }, sort: [{ propertyName: 'port' }] });
      expect(result.total).toBe(31);
      seen.push(...idsOf(result.items));
    }
    expect(seen).toHaveLength(31);
    const beyond = await query({ pages: { page: 9, pageSize: 10 } });
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(31);
    expect(new Set(seen).size).toBe(31);
    const bad = await callAs(s.t, s.a, 'POST', '/api/proxies/query', { pages: { page: 1, pageSize: 30 } });
    expect(resultCodeOf(bad)).toBe(10);
    const badSort = await callAs(
      s.t,
      s.a,
      'POST',
      '/api/proxies/query',
      { sort: [{ propertyName: 'password' }] },
      'ru',
    );
    expect(resultCodeOf(badSort)).toBe(10);
    expect(badSort.json().error.message).toMatch(/[а-яА-Я]/);
  });

  it('querySpec lists sortable properties, filters, page sizes and the countries present', async () => {
    const db = s.t.testDb.database.db;
    await db
      .update(proxies)
      .set({ countryCode: 'US' })
      .where(inArray(proxies.id, [ids[3]!]));
    const spec = dataOf(await callAs(s.t, s.a, 'GET', '/api/proxies/query-spec'));
    expect(spec.sortable).toContain('latencyMs');
    expect(spec.filters).toEqual(['withTagIds', 'exceptTagIds', 'country', 'searchString', 'withStatus']);
    expect(spec.pageSizes).toEqual([10, 25, 50, 100]);
    expect(spec.countries).toEqual([
      { code: null, count: 26 },
      { code: 'US', count: 3 },
      { code: 'DE', count: 2 },
    ]);
    await db
      .update(proxies)
      .set({ countryCode: null })
      .where(inArray(proxies.id, [ids[3]!]));
  });

  it('shows a failed check over "in use": an invalid or expired proxy an account uses reads as such', async () => {
    await insertSteamAccount(s.t, s.a.id, 'acc-on-invalid', ids[2]!);
    await insertSteamAccount(s.t, s.a.id, 'acc-on-expired', ids[4]!);
    const byId = new Map((await query({})).items.map((item) => [item.id, item.status]));
    expect([byId.get(ids[2]!), byId.get(ids[4]!), byId.get(ids[1]!)]).toEqual([3, 4, 2]);
  });
});
