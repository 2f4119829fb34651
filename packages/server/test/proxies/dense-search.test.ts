import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DENSE_SEARCH_MATCHES } from '../../src/modules/proxies/filter-sql.ts';
import { callAs, createProxiesTest, dataOf, type ProxiesTest } from './helpers.ts';

type Page = { items: { id: number }[]; total: number; totalCapped: boolean };

/** Matching rows of the user, past the count from which a search's page walks the list's order. */
const MATCHING = DENSE_SEARCH_MATCHES + 150;

describe('a search that matches many proxies reads its pages by walking the list, its total by the index', () => {
  let s: ProxiesTest;
  let original: string;
  const db = () => s.t.testDb.database.db;

  /** The trigram index's function fails while this holds: an answer that still comes did not call it. */
  async function withoutIndexFunction<T>(work: () => Promise<T>): Promise<T> {
    await db().execute(
      sql.raw(`create or replace function proxy_search_ids(pattern text) returns setof integer
      language plpgsql stable security definer set search_path = public, pg_temp as $$
      begin raise exception 'proxy_search_ids called'; end $$`),
    );
    try {
      return await work();
    } finally {
      await db().execute(sql.raw(original));
    }
  }

  /** The user's proxies whose login contains the text, newest first (the list's default order), as a plain scan. */
  async function expectedIds(userId: string, text: string): Promise<number[]> {
    const rows = (await db().execute(
      sql`select id from proxies where user_id = ${userId} and username ilike ${`%${text}%`} order by id desc`,
    )) as unknown as { rows: { id: number }[] };
    return rows.rows.map((row) => Number(row.id));
  }

  const query = (body: Record<string, unknown>) => callAs(s.t, s.a, 'POST', '/api/proxies/query', body);

  beforeAll(async () => {
    s = await createProxiesTest();
    // The user's many "walker" logins, a few "rare" ones, and the other user's walkers, which must never show.
    await db().execute(sql`insert into proxies (user_id, protocol, host, port, username, identity_hash)
      select ${s.a.id}::uuid, 0, '10.9.' || (i / 250) || '.' || (i % 250), 1000 + i,
        case when i % 10 = 9 then 'rare' || i else 'walker' || i end, 'dense-a-' || i
      from generate_series(0, ${Math.ceil(MATCHING / 0.9)}::int) as i`);
    await db().execute(sql`insert into proxies (user_id, protocol, host, port, username, identity_hash)
      select ${s.b.id}::uuid, 0, '10.8.' || (i / 250) || '.' || (i % 250), 1000 + i, 'walker' || i, 'dense-b-' || i
      from generate_series(0, 999) as i`);
    await db().execute(sql`analyze proxies`);
    const [row] = (
      (await db().execute(
        sql`select pg_get_functiondef('proxy_search_ids(text)'::regprocedure) as def`,
      )) as unknown as { rows: { def: string }[] }
    ).rows;
    original = row!.def;
  });
  afterAll(async () => s?.t.close());

  it('answers the same pages by the index first and by walking once the total is known', async () => {
    const expected = await expectedIds(s.a.id, 'walker');
    expect(expected.length).toBeGreaterThanOrEqual(DENSE_SEARCH_MATCHES);
    const pages = [1, 3, Math.ceil(expected.length / 50)];
    // First: the total is counted through the index, and the pages read through it too.
    const byIndex: Page[] = [];
    for (const page of pages)
      byIndex.push(dataOf(await query({ searchString: 'walker', pages: { page, pageSize: 50 } })));
    // Then, with the index's function failing: the pages walk the list; the kept total answers the count.
    const walked = await withoutIndexFunction(async () => {
      const answers: Page[] = [];
      for (const page of pages)
        answers.push(dataOf(await query({ searchString: 'walker', pages: { page, pageSize: 50 } })));
      return answers;
    });
    pages.forEach((page, i) => {
      const want = expected.slice((page - 1) * 50, page * 50);
      expect(
        byIndex[i]!.items.map((item) => item.id),
        `page ${page} by the index`,
      ).toEqual(want);
      expect(
        walked[i]!.items.map((item) => item.id),
        `page ${page} walked`,
      ).toEqual(want);
      expect(walked[i]!.total).toBe(byIndex[i]!.total);
    });
    expect(walked[0]!.total).toBe(expected.length);
  });

  it('counts a changed total through the index again', async () => {
    dataOf(await query({ searchString: 'walker', pages: { page: 2, pageSize: 50 } }));
    await db().execute(sql`insert into proxies (user_id, protocol, host, port, username, identity_hash)
      values (${s.a.id}, 0, '10.7.0.1', 999, 'walker-new', 'dense-a-new')`);
    // The kept total no longer holds: the count runs, and it runs through the index's function.
    const answer = await withoutIndexFunction(() =>
      query({ searchString: 'walker', pages: { page: 2, pageSize: 50 } }),
    );
    expect(answer.statusCode).toBe(500);
    const page: Page = dataOf(await query({ searchString: 'walker', pages: { page: 2, pageSize: 50 } }));
    expect(page.total).toBe((await expectedIds(s.a.id, 'walker')).length);
  });

  it('keeps reading a search of few matches through the index', async () => {
    const expected = await expectedIds(s.a.id, 'rare');
    expect(expected.length).toBeLessThan(DENSE_SEARCH_MATCHES);
    const first: Page = dataOf(await query({ searchString: 'rare', pages: { page: 2, pageSize: 50 } }));
    expect(first.items.map((item) => item.id)).toEqual(expected.slice(50, 100));
    const again = await withoutIndexFunction(() =>
      query({ searchString: 'rare', pages: { page: 2, pageSize: 50 } }),
    );
    expect(again.statusCode).toBe(500);
  });
});
