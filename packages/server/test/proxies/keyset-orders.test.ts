/**
 * Every order of the proxies list, both directions, read three ways over random rows with nulls and ties: pages by
 * number by OFFSET, pages by number from kept boundaries (by keyset), and a walk by cursor. All three must give the
 * same rows in the same order. A nullable first key is read in two stretches, its non-null rows then its nulls
 * (src/db/list-page.ts `keyRanges`); the walk crosses from one to the other inside a page.
 */

import { PROXY_SORT_PROPERTIES } from '@tradedeck/sdk/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepPageBoundaries } from '../../src/db/list-boundaries.ts';
import { callAs, createProxiesTest, dataOf, type ProxiesTest } from './helpers.ts';

type Page = { items: { id: number }[]; total: number; nextCursor: string | null };

const ROWS = 230;
const PAGE = 25;

let s: ProxiesTest;
const db = () => s.t.testDb.database.db;

async function page(body: Record<string, unknown>): Promise<Page> {
  return dataOf<Page>(await callAs(s.t, s.a, 'POST', '/api/proxies/query', body));
}

/** Every page by number, first to last and past it. */
async function byNumber(filter: Record<string, unknown>): Promise<number[]> {
  const ids: number[] = [];
  for (let n = 1; n <= Math.ceil(ROWS / PAGE) + 1; n++)
    ids.push(...(await page({ ...filter, pages: { page: n, pageSize: PAGE } })).items.map((p) => p.id));
  return ids;
}

async function byCursor(filter: Record<string, unknown>): Promise<number[]> {
  const ids: number[] = [];
  let after: string | null = null;
  for (let i = 0; i <= ROWS / PAGE + 1; i++) {
    const read: Page = await page({
      ...filter,
      pages: { page: 1, pageSize: PAGE },
      ...(after ? { after } : {}),
    });
    ids.push(...read.items.map((p) => p.id));
    after = read.nextCursor;
    if (!after) break;
  }
  return ids;
}

beforeAll(async () => {
  s = await createProxiesTest();
  // A fixed seed: the same "random" rows on every run, with nulls and ties in every nullable key.
  await db().execute(sql`select setseed(0.42)`);
  await db().execute(sql`
    insert into proxies (user_id, protocol, host, port, identity_hash, name, country_code, status,
      last_latency_ms, last_checked_at, created_at)
    select ${s.a.id}::uuid, (random() * 3)::int, '10.' || (random() * 3)::int || '.0.' || (random() * 9)::int,
      1000 + (random() * 5)::int, 'keyset-' || i,
      case when random() < 0.3 then null else 'N' || (random() * 6)::int end,
      case when random() < 0.3 then null else (array['DE', 'NL', 'US'])[1 + (random() * 2)::int] end,
      (array[0, 1, 3, 4])[1 + (random() * 3)::int],
      case when random() < 0.35 then null else (random() * 8)::int end,
      case when random() < 0.35 then null else timestamptz '2026-11-01' + ((random() * 5)::int) * interval '1 hour' end,
      timestamptz '2026-10-01' + ((random() * 7)::int) * interval '1 day'
    from generate_series(1, ${ROWS}::int) as i`);
});

afterAll(async () => {
  keepPageBoundaries(true);
  await s?.t.close();
});

describe('every order of the proxies list reads the same rows by OFFSET, from boundaries and by cursor', () => {
  for (const propertyName of PROXY_SORT_PROPERTIES) {
    for (const isDescending of [false, true]) {
      it(`${propertyName} ${isDescending ? 'descending' : 'ascending'}`, async () => {
        const filter = { sort: [{ propertyName, isDescending }] };
        keepPageBoundaries(false);
        const offsetIds = await byNumber(filter);
        keepPageBoundaries(true);
        // Twice: the first walk keeps the boundaries, the second reads every page from them.
        await byNumber(filter);
        const boundaryIds = await byNumber(filter);
        const cursorIds = await byCursor(filter);
        expect(offsetIds).toHaveLength(ROWS);
        expect(new Set(offsetIds).size).toBe(ROWS);
        expect(boundaryIds).toEqual(offsetIds);
        expect(cursorIds).toEqual(offsetIds);
      });
    }
  }

  it('reads a filtered order with a nullable key first, then a second key, the same three ways', async () => {
    const filter = {
      withStatus: [1, 3, 4],
      sort: [
        { propertyName: 'latencyMs', isDescending: true },
        { propertyName: 'checkedAt', isDescending: false },
      ],
    };
    keepPageBoundaries(false);
    const offsetIds = await byNumber(filter);
    keepPageBoundaries(true);
    await byNumber(filter);
    expect(await byNumber(filter)).toEqual(offsetIds);
    expect(await byCursor(filter)).toEqual(offsetIds);
    expect(offsetIds.length).toBeGreaterThan(PAGE);
  });
});
