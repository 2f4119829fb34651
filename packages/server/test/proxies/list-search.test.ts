import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, createProxiesTest, dataOf, type ProxiesTest } from './helpers.ts';

type Page = { items: { id: number }[]; nextCursor?: string | null };
interface SeededProxy {
  id: number;
  host: string;
  name: string | null;
  username: string | null;
}
interface SeededAccount {
  id: number;
  login: string;
  steamId: string | null;
  proxyHost: string | null;
}

/** A small deterministic generator, so a failing corpus can be reproduced. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const WORDS = ['Alpha', 'beta', 'GAMMA', 'de-fra', 'us_east', '50%off', 'back\\slash', 'Трейд', 'shop', 'x'];

/** Proxies with varied hosts, names and logins (some null, some with LIKE's special characters). */
async function seedCorpus(s: ProxiesTest, userId: string, seed: number): Promise<void> {
  const random = generator(seed);
  const pick = () => WORDS[Math.floor(random() * WORDS.length)]!;
  const db = s.t.testDb.database.db;
  const proxyRows = [];
  for (let i = 0; i < 400; i++) {
    const host =
      random() < 0.5
        ? `10.${Math.floor(random() * 4)}.${Math.floor(random() * 30)}.${i % 250}`
        : `${pick()
            .toLowerCase()
            .replace(/[^a-z]/g, '')}${i}.example.net`;
    const name = random() < 0.3 ? null : `${pick()} ${pick()}`;
    const username = random() < 0.5 ? null : `${pick()}${Math.floor(random() * 100)}`;
    proxyRows.push(sql`(${userId}, 0, ${host}, ${1000 + i}, ${username}, ${name}, ${`corpus-${seed}-${i}`})`);
  }
  // One statement per table: the corpus is about what is searched, not how it was written.
  await db.execute(sql`insert into proxies (user_id, protocol, host, port, username, name, identity_hash)
    values ${sql.join(proxyRows, sql`, `)}`);
  const ids = (await db.execute(
    sql`select id from proxies where user_id = ${userId} order by id`,
  )) as unknown as { rows: { id: number }[] };
  const accountRows = [];
  for (let i = 0; i < 150; i++) {
    const proxyId = random() < 0.6 ? ids.rows[Math.floor(random() * ids.rows.length)]!.id : null;
    const steamId = random() < 0.3 ? null : `7656119${String(Math.floor(random() * 1e10)).padStart(10, '0')}`;
    accountRows.push(sql`(${userId}, ${`${pick()}_${seed}_${i}`}, ${steamId}, ${proxyId}, 'x', 'x')`);
  }
  await db.execute(sql`insert into steam_accounts (user_id, login, steam_id, proxy_id, password_enc, mafile_enc)
    values ${sql.join(accountRows, sql`, `)}`);
}

/** "Contains, any case", the plain way: what the search box promises. */
const contains = (value: string | null, text: string) =>
  value?.toLowerCase().includes(text.toLowerCase()) ?? false;

describe('list search: the indexed path finds exactly what a plain scan finds', () => {
  let s: ProxiesTest;
  let corpus: SeededProxy[];
  let accounts: SeededAccount[];

  const walk = async (path: string, body: Record<string, unknown>) => {
    const ids: number[] = [];
    let after: string | null = null;
    do {
      const page: Page = dataOf(
        await callAs(s.t, s.a, 'POST', path, { ...body, after, pages: { page: 1, pageSize: 100 } }),
      );
      ids.push(...page.items.map((item) => item.id));
      after = page.nextCursor ?? null;
    } while (after);
    return ids.sort((x, y) => x - y);
  };

  beforeAll(async () => {
    s = await createProxiesTest();
    await seedCorpus(s, s.a.id, 7);
    // The other user's rows match the same searches and must never show.
    await seedCorpus(s, s.b.id, 11);
    const db = s.t.testDb.database.db;
    corpus = (
      (await db.execute(
        sql`select id, host, name, username from proxies where user_id = ${s.a.id}`,
      )) as unknown as { rows: SeededProxy[] }
    ).rows;
    accounts = (
      (await db.execute(sql`select a.id, a.login, a.steam_id as "steamId", p.host as "proxyHost"
        from steam_accounts a left join proxies p on p.id = a.proxy_id where a.user_id = ${s.a.id}`)) as unknown as {
        rows: SeededAccount[];
      }
    ).rows;
  });
  afterAll(async () => s?.t.close());

  const SEARCHES = [
    'alpha',
    'ALPHA be',
    'a',
    '10.2',
    '.1',
    '%',
    '50%',
    '_',
    'us_',
    '\\',
    'Трейд',
    'shop1',
    'zzz',
    '7656',
  ];

  it('proxies: every search equals the scan of host, name and login', async () => {
    for (const text of SEARCHES) {
      const expected = corpus
        .filter((p) => contains(p.host, text) || contains(p.name, text) || contains(p.username, text))
        .map((p) => Number(p.id))
        .sort((x, y) => x - y);
      expect(await walk('/api/proxies/query', { searchString: text }), text).toEqual(expected);
    }
    // The corpus makes the comparison mean something: some searches find many rows, some none.
    expect(corpus.filter((p) => contains(p.name, 'alpha')).length).toBeGreaterThan(20);
  }, 180_000);

  it('proxies: a search of digits and dots tests the rows in list order, not the index', async () => {
    const db = s.t.testDb.database.db;
    const [original] = (
      (await db.execute(
        sql`select pg_get_functiondef('proxy_search_ids(text)'::regprocedure) as def`,
      )) as unknown as { rows: { def: string }[] }
    ).rows;
    // The index's function fails while replaced: a search that still answers did not call it.
    await db.execute(
      sql.raw(`create or replace function proxy_search_ids(pattern text) returns setof integer
      language plpgsql stable security definer set search_path = public, pg_temp as $$
      begin raise exception 'proxy_search_ids called'; end $$`),
    );
    try {
      for (const text of ['10.2', '.1', 'a', '%', '10.1.', '\\']) {
        const expected = corpus
          .filter((p) => contains(p.host, text) || contains(p.name, text) || contains(p.username, text))
          .map((p) => Number(p.id))
          .sort((x, y) => x - y);
        expect(await walk('/api/proxies/query', { searchString: text }), text).toEqual(expected);
      }
      const indexed = await callAs(s.t, s.a, 'POST', '/api/proxies/query', { searchString: 'alpha' });
      expect(indexed.statusCode).toBe(500);
    } finally {
      await db.execute(sql.raw(original!.def));
    }
    expect(await walk('/api/proxies/query', { searchString: 'alpha' })).toEqual(
      corpus
        .filter(
          (p) => contains(p.host, 'alpha') || contains(p.name, 'alpha') || contains(p.username, 'alpha'),
        )
        .map((p) => Number(p.id))
        .sort((x, y) => x - y),
    );
  });

  it('Steam accounts: every search equals the scan of login, SteamID and proxy address', async () => {
    for (const text of SEARCHES) {
      const expected = accounts
        .filter(
          (a) => contains(a.login, text) || (a.steamId ?? '').includes(text) || contains(a.proxyHost, text),
        )
        .map((a) => Number(a.id))
        .sort((x, y) => x - y);
      expect(await walk('/api/steam-accounts/query', { searchString: text }), text).toEqual(expected);
    }
  }, 180_000);
});
