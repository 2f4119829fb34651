/**
 * Pages by number read from a kept page boundary by keyset (src/db/list-boundaries.ts): the same rows an OFFSET
 * reads, whichever pages came before, and read by OFFSET again once a write the boundary's snapshot did not see
 * is noted. A proxy written with the triggers off ("silently", as no route can) is what shows a boundary is in
 * use: it shifts every OFFSET page, and a page read from the boundary does not see the shift.
 */

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepPageBoundaries } from '../../src/db/list-boundaries.ts';
import { addLines, callAs, createProxiesTest, dataOf, type ProxiesTest } from './helpers.ts';

type Page = { items: { id: number }[]; total: number };

let s: ProxiesTest;
const db = () => s.t.testDb.database.db;

async function ids(user: ProxiesTest['a'], body: Record<string, unknown>): Promise<number[]> {
  return dataOf<Page>(await callAs(s.t, user, 'POST', '/api/proxies/query', body)).items.map((p) => p.id);
}

/** The page as an OFFSET from the list's start reads it, with no boundary kept. */
async function offsetIds(user: ProxiesTest['a'], body: Record<string, unknown>): Promise<number[]> {
  keepPageBoundaries(false);
  try {
    return await ids(user, body);
  } finally {
    keepPageBoundaries(true);
  }
}

/** `count` proxies of the user written straight to the table, in a block of addresses of their own. */
async function seed(userId: string, block: number, count: number): Promise<void> {
  await db().execute(sql`
    insert into proxies (user_id, protocol, host, port, identity_hash, name, last_latency_ms, status)
    select ${userId}::uuid, 0, '172.' || ${block}::int || '.' || (i / 200) || '.' || (i % 200), 1000 + i % 7,
      ${`b${block}-`} || i, case when i % 4 = 0 then null else 'n' || (i % 13) end,
      case when i % 3 = 0 then null else i % 17 end, (array[0, 1, 3, 4])[1 + i % 4]
    from generate_series(0, ${count - 1}::int) as i`);
}

let silent = 0;
/** A proxy written with the triggers off: no change is noted, so a kept boundary misses it. */
async function silentProxy(userId: string, host?: string): Promise<void> {
  silent += 1;
  await db().transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`insert into proxies (user_id, protocol, host, port, identity_hash, status)
      values (${userId}, 0, ${host ?? `10.98.0.${silent}`}, 8080, ${`silent-page-${silent}`}, 1)`);
  });
}

beforeAll(async () => {
  s = await createProxiesTest();
  await seed(s.a.id, 20, 1_200);
  await seed(s.b.id, 21, 300);
});

afterAll(async () => {
  keepPageBoundaries(true);
  await s?.t.close();
});

describe('pages by number from kept boundaries', () => {
  const orders: Record<string, unknown>[] = [
    {},
    { sort: [{ propertyName: 'address', isDescending: true }] },
    { sort: [{ propertyName: 'latencyMs' }] },
    { sort: [{ propertyName: 'status' }, { propertyName: 'port', isDescending: true }] },
    { withStatus: [1, 3], sort: [{ propertyName: 'proxyName', isDescending: true }] },
    { searchString: '.1' },
  ];
  // Forward, back, a jump, and a page past the end.
  const visits = [1, 2, 3, 9, 8, 10, 4, 60, 12];

  for (const filter of orders) {
    it(`reads the rows an OFFSET reads, whatever page came before: ${JSON.stringify(filter)}`, async () => {
      for (const page of visits) {
        const body = { ...filter, pages: { page, pageSize: 25 } };
        const read = await ids(s.a, body);
        expect(read).toEqual(await offsetIds(s.a, body));
        if (page <= 9) expect(read.length).toBeGreaterThan(0);
      }
    });
  }

  it('reads a page from its boundary while nothing changed, and by OFFSET once a write is noted', async () => {
    const body = (page: number) => ({ sort: [{ propertyName: 'address' }], pages: { page, pageSize: 25 } });
    const before = await ids(s.b, body(4));
    // A silent proxy sorts first (10.98… before 172.21…): every OFFSET page moves one row down.
    await silentProxy(s.b.id);
    const shifted = await offsetIds(s.b, body(4));
    expect(shifted.slice(1)).toEqual(before.slice(0, -1));
    // The boundary before page 4, kept with a snapshot that no noted write follows, still answers.
    expect(await ids(s.b, body(4))).toEqual(before);
    // Another proxy added through the API is a noted write: the boundary no longer holds.
    await addLines(s.t, s.b, ['10.97.0.1:8080']);
    const now = await offsetIds(s.b, body(4));
    expect(now).not.toEqual(before);
    expect(await ids(s.b, body(4))).toEqual(now);
  });

  it('reads a first page again from its own first row while nothing changed', async () => {
    const body = {
      searchString: '172.21.',
      sort: [{ propertyName: 'address' }],
      pages: { page: 1, pageSize: 25 },
    };
    const before = await ids(s.b, body);
    // A silent proxy matching the search sorts first: the first page by OFFSET now starts with it.
    await silentProxy(s.b.id, '172.21.0.');
    const shifted = await offsetIds(s.b, body);
    expect(shifted.slice(1)).toEqual(before.slice(0, -1));
    // The kept start of the list (its first row, taken inclusively) still answers.
    expect(await ids(s.b, body)).toEqual(before);
    await addLines(s.t, s.b, ['10.97.0.2:8080']);
    expect(await ids(s.b, body)).toEqual(await offsetIds(s.b, body));
  });

  it("never answers another user's page from a user's boundary", async () => {
    const body = { pages: { page: 3, pageSize: 25 } };
    await ids(s.a, { pages: { page: 2, pageSize: 25 } });
    const own = await ids(s.a, body);
    const theirs = await ids(s.b, body);
    expect(theirs).toEqual(await offsetIds(s.b, body));
    expect(theirs.some((id) => own.includes(id))).toBe(false);
  });
});
