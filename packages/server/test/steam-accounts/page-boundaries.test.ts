/**
 * The accounts list reads pages by number from a kept page boundary by keyset (src/db/list-boundaries.ts), as the
 * proxies list does: the same rows an OFFSET reads whichever pages came before, and read by OFFSET again once a
 * write the boundary's snapshot did not see is noted. An account written with the triggers off ("silently", as no
 * route can) is what shows a boundary is in use: it shifts every OFFSET page, a page read from the boundary not.
 */

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepPageBoundaries } from '../../src/db/list-boundaries.ts';
import { type AuthTestApp, createAuthTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { dataOf } from './helpers.ts';

let t: AuthTestApp;
let a: TestUser;
let b: TestUser;
const db = () => t.testDb.database.db;

async function ids(user: TestUser, body: Record<string, unknown>): Promise<number[]> {
  const res = await t.call('POST', '/api/steam-accounts/query', { token: user.accessToken, body });
  expect(res.statusCode, res.body).toBe(200);
  return (dataOf(res) as { items: { id: number }[] }).items.map((row) => row.id);
}

/** The page as an OFFSET from the list's start reads it, with no boundary kept. */
async function offsetIds(user: TestUser, body: Record<string, unknown>): Promise<number[]> {
  keepPageBoundaries(false);
  try {
    return await ids(user, body);
  } finally {
    keepPageBoundaries(true);
  }
}

/**
 * `count` accounts of the user written straight to the table, a third of them without a proxy, with repeated
 * statuses and sign-in times (ties the id breaks) and a few never signed in (nulls last).
 */
async function seed(userId: string, prefix: string, count: number): Promise<void> {
  await db().execute(sql`
    insert into proxies (user_id, protocol, host, port, identity_hash, status)
    select ${userId}::uuid, 0, '10.' || ${prefix.length}::int || '.0.' || i, 3000 + i % 3, ${`${prefix}-p`} || i, 1
    from generate_series(0, 19) as i`);
  await db().execute(sql`
    insert into steam_accounts (user_id, login, steam_id, status, password_enc, mafile_enc, proxy_id,
      last_login_at)
    select ${userId}::uuid, ${prefix} || lpad(i::text, 5, '0'),
      case when i % 5 = 0 then null else (76561198000000000 + i)::text end, i % 3, 'sealed', 'sealed',
      case when i % 3 = 0 then null else
        (select p.id from proxies p where p.user_id = ${userId}::uuid order by p.id offset (i % 20) limit 1) end,
      case when i % 7 = 0 then null else timestamptz '2026-01-01' + (i % 40) * interval '1 hour' end
    from generate_series(0, ${count - 1}::int) as i`);
}

let silent = 0;
/** An account written with the triggers off: no change is noted, so a kept boundary misses it. */
async function silentAccount(userId: string): Promise<void> {
  silent += 1;
  await db().transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`insert into steam_accounts (user_id, login, status, password_enc, mafile_enc)
      values (${userId}, ${`aaa-silent-${silent}`}, 0, 'sealed', 'sealed')`);
  });
}

beforeAll(async () => {
  t = await createAuthTestApp();
  const admin = await signedInUser(t, 'admin');
  a = await signedInUser(t, 'pages-a', admin);
  b = await signedInUser(t, 'pages-b', admin);
  await seed(a.id, 'farm-a', 900);
  await seed(b.id, 'farm-b', 300);
});

afterAll(async () => {
  keepPageBoundaries(true);
  await t?.close();
});

describe('accounts pages by number from kept boundaries', () => {
  const orders: Record<string, unknown>[] = [
    {},
    { sort: [{ propertyName: 'login', isDescending: true }] },
    { sort: [{ propertyName: 'lastLoginAt' }] },
    { sort: [{ propertyName: 'accountStatus' }, { propertyName: 'steamId', isDescending: true }] },
    { sort: [{ propertyName: 'proxy', isDescending: true }] },
    { searchString: '10.6.0.1' },
  ];
  // Forward, back, a jump, and a page past the end.
  const visits = [1, 2, 3, 9, 8, 10, 4, 60, 12];

  for (const filter of orders) {
    it(`reads the rows an OFFSET reads, whatever page came before: ${JSON.stringify(filter)}`, async () => {
      let seen = 0;
      for (const page of visits) {
        const body = { ...filter, pages: { page, pageSize: 25 } };
        const read = await ids(a, body);
        expect(read).toEqual(await offsetIds(a, body));
        seen += read.length;
      }
      expect(seen).toBeGreaterThan(0);
    });
  }

  it('reads a page from its boundary while nothing changed, and by OFFSET once a write is noted', async () => {
    const body = (page: number) => ({ sort: [{ propertyName: 'login' }], pages: { page, pageSize: 25 } });
    await ids(b, body(3));
    const before = await ids(b, body(4));
    // A silent account sorts first ("aaa-…" before "farm-b…"): every OFFSET page moves one row down.
    await silentAccount(b.id);
    const shifted = await offsetIds(b, body(4));
    expect(shifted.slice(1)).toEqual(before.slice(0, -1));
    // The boundary before page 4, kept with a snapshot that no noted write follows, still answers.
    expect(await ids(b, body(4))).toEqual(before);
    // A write the triggers note (a status changed the usual way) ends the boundary's use.
    await db().execute(sql`update steam_accounts set status = status where user_id = ${b.id}::uuid and id =
      (select min(id) from steam_accounts where user_id = ${b.id}::uuid)`);
    const now = await offsetIds(b, body(4));
    expect(now).toEqual(shifted);
    expect(await ids(b, body(4))).toEqual(now);
  });

  it("never answers another user's page from a user's boundary", async () => {
    const body = { pages: { page: 3, pageSize: 25 } };
    await ids(a, { pages: { page: 2, pageSize: 25 } });
    const own = await ids(a, body);
    const theirs = await ids(b, body);
    expect(theirs).toEqual(await offsetIds(b, body));
    expect(theirs.some((id) => own.includes(id))).toBe(false);
  });
});
