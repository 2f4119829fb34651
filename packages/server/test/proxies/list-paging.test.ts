import { LIST_TOTAL_CAP } from '@tradedeck/sdk/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLines, callAs, createProxiesTest, dataOf, type ProxiesTest, resultCodeOf } from './helpers.ts';

type Page = {
  items: { id: number }[];
  total: number;
  totalCapped?: boolean;
  page: number;
  pageSize: number;
  nextCursor?: string | null;
};

/** Rows straight into the table (the add path has its own tests): `count` proxies for the user. */
async function seedProxies(s: ProxiesTest, userId: string, count: number, from = 0) {
  await s.t.testDb.database.db.execute(sql`
    insert into proxies (user_id, protocol, host, port, identity_hash, name, last_latency_ms, status)
    select ${userId}::uuid, 0, '172.16.' || (i / 250) || '.' || (i % 250), 1000 + i % 7, 'seed-' || i,
      case when i % 4 = 0 then null else 'n' || (i % 13) end,
      case when i % 3 = 0 then null else i % 17 end,
      (array[0, 1, 3, 4])[1 + i % 4]
    from generate_series(${from}::int, ${from + count - 1}::int) as i`);
}

describe('proxies.query at scale: capped totals and keyset pages', () => {
  let s: ProxiesTest;
  const query = async (body: Record<string, unknown>, user = s.a) =>
    dataOf<Page>(await callAs(s.t, user, 'POST', '/api/proxies/query', body));

  beforeAll(async () => {
    s = await createProxiesTest();
    await seedProxies(s, s.a.id, LIST_TOTAL_CAP + 50);
    await seedProxies(s, s.b.id, 600, 50_000);
  });
  afterAll(async () => s?.t.close());

  it('caps the total past 10,000 and flags it; the exact figure comes on demand', async () => {
    const first = await query({});
    expect(first.total).toBe(LIST_TOTAL_CAP);
    expect(first.totalCapped).toBe(true);
    expect(first.items).toHaveLength(50);
    const exact = await query({ exactTotal: true });
    expect(exact.total).toBe(LIST_TOTAL_CAP + 50);
    expect(exact.totalCapped).toBe(false);
  });

  it('counts exactly when the matches are fewer than the cap', async () => {
    const few = await query({ withStatus: [3], pages: { page: 2, pageSize: 10 } });
    const [row] = (
      (await s.t.testDb.database.db.execute(
        sql`select count(*)::int as n from proxies where user_id = ${s.a.id} and status = 3`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(few.total).toBe(row!.n);
    expect(few.totalCapped).toBe(false);
  });

  it('counts past the cap when the page itself lies beyond it', async () => {
    const deep = await query({ pages: { page: LIST_TOTAL_CAP / 50 + 1, pageSize: 50 } });
    expect(deep.items).toHaveLength(50);
    expect(deep.total).toBe(LIST_TOTAL_CAP + 50);
    expect(deep.totalCapped).toBe(false);
  });

  it('tells the totals of pages past the cap as a count to their end would, by page number and by boundary', async () => {
    const all = LIST_TOTAL_CAP + 50;
    // Twice over: first by OFFSET, then from the boundaries the first pass kept.
    for (let pass = 0; pass < 2; pass++) {
      const before = await query({ pages: { page: LIST_TOTAL_CAP / 50, pageSize: 50 } });
      expect([before.total, before.totalCapped]).toEqual([LIST_TOTAL_CAP, true]);
      const last = await query({ pages: { page: LIST_TOTAL_CAP / 50 + 1, pageSize: 50 } });
      expect([last.items.length, last.total, last.totalCapped]).toEqual([50, all, false]);
      const partial = await query({ pages: { page: LIST_TOTAL_CAP / 25 + 1, pageSize: 25 } });
      expect([partial.items.length, partial.total, partial.totalCapped]).toEqual([
        25,
        LIST_TOTAL_CAP + 25,
        true,
      ]);
      const short = await query({ pages: { page: LIST_TOTAL_CAP / 100 + 1, pageSize: 100 } });
      expect([short.items.length, short.total, short.totalCapped]).toEqual([50, all, false]);
      const past = await query({ pages: { page: LIST_TOTAL_CAP / 50 + 2, pageSize: 50 } });
      expect([past.items.length, past.total, past.totalCapped]).toEqual([0, all, false]);
    }
  });

  it('walks every row once by cursor, in order, while proxies are added between pages', async () => {
    const sorts = [
      [],
      [{ propertyName: 'latencyMs', isDescending: true }],
      [{ propertyName: 'proxyName' }, { propertyName: 'port', isDescending: true }],
      [{ propertyName: 'status' }],
      // Keys that are never null, one way (a row comparison) and both ways (a bound on the first key).
      [{ propertyName: 'address' }],
      [{ propertyName: 'port', isDescending: true }],
    ];
    for (const [n, sort] of sorts.entries()) {
      const existing = await orderedIds(s, s.b.id, sort);
      const seen: number[] = [];
      let after: string | null = null;
      let pages = 0;
      do {
        const page: Page = await query(
          {
            sort,
            withStatus: [0, 1],
            after,
            pages: { page: 1, pageSize: 25 },
          },
          s.b,
        );
        seen.push(...page.items.map((item) => item.id));
        after = page.nextCursor ?? null;
        // Someone adds proxies while the list is scrolled: they land before or after the cursor, never twice.
        if (pages++ % 3 === 0) await addLines(s.t, s.b, [`198.51.${n}.${pages}:3128`]);
      } while (after);
      expect(pages).toBeGreaterThan(10);
      expect(new Set(seen).size, 'no row twice').toBe(seen.length);
      const seenSet = new Set(seen);
      expect(
        existing.filter((id) => !seenSet.has(id)),
        'no row that was there all along is skipped',
      ).toEqual([]);
      // And the walk follows the list's order, the rows added meanwhile included.
      const now = await orderedIds(s, s.b.id, sort);
      expect(seen).toEqual(now.filter((id) => seenSet.has(id)));
    }
  }, 300_000);

  it('refuses a cursor that is not one', async () => {
    const response = await callAs(s.t, s.a, 'POST', '/api/proxies/query', { after: 'bm90IGEgY3Vyc29y' });
    expect(resultCodeOf(response)).toBe(10);
  });
});

/** The ids of the user's idle and never-checked proxies in the list's order, by a plain query of the table. */
async function orderedIds(
  s: ProxiesTest,
  userId: string,
  sort: { propertyName: string; isDescending?: boolean }[],
) {
  const column: Record<string, string> = {
    latencyMs: 'last_latency_ms',
    proxyName: 'lower(name)',
    port: 'port',
    status: 'status',
    address: 'host',
  };
  const order = sort.map((s) => `${column[s.propertyName]} ${s.isDescending ? 'desc' : 'asc'} nulls last`);
  order.push(sort.length === 0 ? 'id desc' : 'id asc');
  const result = (await s.t.testDb.database.db.execute(
    sql.raw(`select id from proxies where user_id = '${userId}' and status in (0, 1) and not exists
      (select 1 from steam_accounts a where a.proxy_id = proxies.id) order by ${order.join(', ')}`),
  )) as unknown as { rows: { id: number }[] };
  return result.rows.map((row) => Number(row.id));
}
