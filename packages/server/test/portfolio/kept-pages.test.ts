/**
 * The portfolio's two read paths on random inventories: the kept item groups (and pages kept between requests)
 * answer as grouping the items themselves does, before and after random writes to items, prices and scans; and a
 * member limited to tags sees only the accounts in scope, whatever the workspace keeps for everyone.
 * Runs on PGlite, and on Postgres with TEST_DATABASE_URL. PORTFOLIO_SEED picks another random world.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.ts';
import { rowsOf } from '../../src/db/sql-fragments.ts';
import { UserScope } from '../../src/security/user-scope.ts';
import { type AuthTestApp, createAuthTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { inWorkspace, join, teamOf } from '../workspaces/helpers.ts';
import { allPages, type PortfolioPageJson, type PortfolioRowJson } from './all-pages.ts';

const SEED = Number(process.env.PORTFOLIO_SEED ?? 20_261_130);
const NAMES = 30;
const EXTERIORS = ['Factory New', 'Minimal Wear', 'Field-Tested', 'Well-Worn', 'Battle-Scarred'];
const RARITIES = ['Mil-Spec', 'Restricted', 'Classified', 'Covert'];
/** A role of the server's own kind that owns the groups' rebuild for one test. */
const PROBE_OWNER = 'tradedeck_groups_probe';

/** A small seeded generator (mulberry32): the same world for the same seed. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), chance: (p: number) => next() < p };
}
const random = generator(SEED);

let t: AuthTestApp;
let db: Db;
let owner: TestUser;
let viewer: TestUser;
let operator: TestUser;
let team: string;
let ids: number[] = [];
let farmA: number;
const inScope = new Set<number>();
let nextAsset = 1;

type Row = PortfolioRowJson;

/** One random item of account `account`: name k fixes its game, exterior, rarity and Steam reference. */
function randomItem(account: number) {
  const k = random.int(NAMES);
  const cs2 = k % 3 !== 0;
  const context = cs2 && random.chance(0.2) ? '16' : '2';
  const tradable = context === '2' && random.chance(0.7);
  return {
    account,
    game: cs2 ? 'cs2' : 'dota2',
    appId: cs2 ? 730 : 570,
    context,
    asset: String(nextAsset++),
    name: `Thing ${k}`,
    hash: cs2 ? `Thing ${k} (${EXTERIORS[k % 5]})` : `Thing ${k}`,
    exterior: cs2 ? EXTERIORS[k % 5]! : null,
    rarity: RARITIES[k % 4]!,
    tradable,
    after: !tradable && context === '2' && random.chance(0.5) ? new Date(Date.now() + 3 * 86_400_000) : null,
    until: context === '16' ? new Date(Date.now() + (1 + random.int(7)) * 86_400_000) : null,
    price: k % 4 === 0 ? null : 500 + k * 37,
  };
}

async function insertItems(rows: ReturnType<typeof randomItem>[]): Promise<void> {
  const col = <K extends keyof ReturnType<typeof randomItem>>(key: K) =>
    sql.param(rows.map((row) => row[key]));
  await db.execute(sql`insert into steam_inventory_items (account_id, user_id, game, app_id, context_id, asset_id,
      class_id, instance_id, amount, name, market_hash_name, type, exterior, rarity, tradable, marketable,
      tradable_after, protected_until, price_amount, price_currency, position)
    select r.account, ${team}::uuid, r.game, r.app_id, r.context, r.asset, '1', '0', 1, r.name, r.hash, 'Thing',
      r.exterior, r.rarity, r.tradable, true, r.after, r.until, r.price,
      case when r.price is not null then 'USD' end, r.ord
    from unnest(${col('account')}::int[], ${col('game')}::text[], ${col('appId')}::int[], ${col('context')}::text[],
      ${col('asset')}::text[], ${col('name')}::text[], ${col('hash')}::text[], ${col('exterior')}::text[],
      ${col('rarity')}::text[], ${col('tradable')}::boolean[],
      ${sql.param(rows.map((row) => row.after?.toISOString() ?? null))}::timestamptz[],
      ${sql.param(rows.map((row) => row.until?.toISOString() ?? null))}::timestamptz[],
      ${col('price')}::bigint[]) with ordinality
      as r(account, game, app_id, context, asset, name, hash, exterior, rarity, tradable, after, until, price, ord)`);
}

beforeAll(async () => {
  t = await createAuthTestApp();
  db = t.testDb.database.db;
  const admin = await signedInUser(t, 'kept-admin');
  owner = await signedInUser(t, 'kept-owner', admin);
  viewer = await signedInUser(t, 'kept-viewer', admin);
  operator = await signedInUser(t, 'kept-operator', admin);
  team = await teamOf(t, owner, 'kept');
  await join(t, owner, team, viewer, 'viewer', ['farm-a']);
  await join(t, owner, team, operator, 'operator', ['farm-a']);
  const accounts = rowsOf<{ id: number }>(
    await db.execute(sql`insert into steam_accounts (user_id, login, steam_id, password_enc, mafile_enc)
      select ${team}::uuid, 'kept_' || i, (76561198100000000 + i)::text, 'x', 'x'
      from generate_series(1, 6) as i returning id`),
  );
  ids = accounts.map((row) => row.id);
  const [tag] = rowsOf<{ id: number }>(
    await db.execute(
      sql`insert into steam_account_tags (user_id, name) values (${team}, 'farm-a') returning id`,
    ),
  );
  farmA = tag!.id;
  for (const id of ids.filter((_, i) => i % 2 === 0)) inScope.add(id);
  await db.execute(sql`insert into steam_account_tag_links (user_id, account_id, tag_id)
    select ${team}::uuid, id, ${farmA} from unnest(${sql.param([...inScope])}::int[]) as id`);
  // Every scan at one time, so a Steam reference's observation time does not depend on which account carried it.
  await db.execute(sql`insert into steam_inventory_scans (account_id, user_id, game, state, item_count, total_count,
      scanned_at, attempted_at)
    select id, ${team}::uuid, game, 'listed', 0, 0, now(), now()
    from unnest(${sql.param(ids)}::int[]) as id, unnest(array['cs2', 'dota2']) as game`);
  await insertItems(Array.from({ length: 400 }, () => randomItem(ids[random.int(ids.length)]!)));
}, 120_000);
afterAll(() => t?.close());

/** Every row of a query, page after page (pages of 25, so the larger answers cross cursors). */
function allRows(user: TestUser, body: object): Promise<Row[]> {
  return allPages(async (after) => {
    const res = await inWorkspace(t, user, team, 'POST', '/api/portfolio/query', {
      source: 'steam',
      ...body,
      pages: { page: 1, pageSize: 25 },
      ...(after ? { after } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as PortfolioPageJson;
  });
}

/** A filter on every account that no request asked before: the items path, read now rather than kept. */
function everyAccountAnew(): number[] {
  const shuffled = [...ids].sort(() => random.next() - 0.5);
  return [...shuffled, ...shuffled.slice(0, 1 + random.int(shuffled.length))];
}

const FILTERS: object[] = [
  {},
  { game: 'cs2' },
  { game: 'dota2', tradableNow: true },
  { tradableNow: true },
  { protectedOnly: true },
  { searchString: 'thing 1' },
  { exteriors: ['Field-Tested', 'Factory New'] },
  { rarities: ['Covert'], game: 'cs2' },
  { sort: [{ propertyName: 'count', isDescending: true }] },
  { protectedOnly: true, sort: [{ propertyName: 'count', isDescending: false }] },
];

/** The kept groups (and pages kept from earlier requests) answer each filter as the items read now do. */
async function expectKeptAsItems(source: string): Promise<void> {
  for (const filter of FILTERS) {
    const kept = await allRows(owner, { ...filter, source });
    const items = await allRows(owner, { ...filter, source, accountIds: everyAccountAnew() });
    expect(kept, JSON.stringify(filter)).toEqual(items);
  }
  const flat = await allRows(owner, { by: 'flat', source, game: 'cs2' });
  expect(flat).toEqual(
    await allRows(owner, { by: 'flat', source, game: 'cs2', accountIds: everyAccountAnew() }),
  );
}

/** Random writes to the items: changed, moved, removed and added. */
async function itemWrites(): Promise<void> {
  const assets = rowsOf<{ asset_id: string; account_id: number }>(
    await db.execute(sql`select asset_id, account_id from steam_inventory_items where user_id = ${team}`),
  );
  const pick = () => assets[random.int(assets.length)]!;
  for (let i = 0; i < 8; i++) {
    const a = pick();
    await db.execute(sql`update steam_inventory_items set tradable = not tradable
      where account_id = ${a.account_id} and asset_id = ${a.asset_id} and context_id = '2'`);
  }
  const moved = pick();
  await db.execute(sql`update steam_inventory_items set account_id = ${ids[random.int(ids.length)]!}
    where account_id = ${moved.account_id} and asset_id = ${moved.asset_id}`);
  for (let i = 0; i < 5; i++) {
    const gone = pick();
    await db.execute(sql`delete from steam_inventory_items
      where account_id = ${gone.account_id} and asset_id = ${gone.asset_id}`);
  }
  await insertItems(Array.from({ length: 10 }, () => randomItem(ids[random.int(ids.length)]!)));
}

/** A custom price for a few items, nothing else. */
async function priceWrites(round: number): Promise<void> {
  for (let i = 0; i < 4; i++) {
    const k = random.int(NAMES);
    const hash = k % 3 !== 0 ? `Thing ${k} (${EXTERIORS[k % 5]})` : `Thing ${k}`;
    await db.execute(sql`insert into lot_prices (user_id, game, market_hash_name, custom_price, custom_currency,
        custom_updated_at)
      values (${team}, ${k % 3 !== 0 ? 'cs2' : 'dota2'}, ${hash}, ${1_000 * (round + 1) + k}, 'USD', now())
      on conflict (user_id, game, market_hash_name) do update set custom_price = excluded.custom_price,
        custom_updated_at = excluded.custom_updated_at`);
  }
}

describe('the portfolio on random inventories', () => {
  it(`answers every filter from the kept groups and kept pages as from the items, through random writes (seed ${SEED})`, async () => {
    await expectKeptAsItems('steam');
    for (let round = 0; round < 2; round++) {
      // Each page read above is kept: after the writes it must say what the items say now.
      await itemWrites();
      await expectKeptAsItems('steam');
      // Prices alone, then a scan alone (the Steam reference's observation time): the kept pages follow each.
      await priceWrites(round);
      await expectKeptAsItems('custom');
      await new Promise((resolve) => setTimeout(resolve, 5));
      await db.execute(sql`update steam_inventory_scans set scanned_at = now() where user_id = ${team}`);
      await expectKeptAsItems('steam');
    }
    // A tag filter's kept page follows the tag's links: an account tagged, then untagged again.
    const outside = ids.find((id) => !inScope.has(id))!;
    const byTag = async (accounts: number[]) => {
      const kept = await allRows(owner, { tagIds: [farmA] });
      expect(kept).toEqual(await allRows(owner, { accountIds: accounts }));
    };
    await byTag([...inScope]);
    await db.execute(sql`insert into steam_account_tag_links (user_id, account_id, tag_id)
      values (${team}, ${outside}, ${farmA})`);
    await byTag([...inScope, outside]);
    await db.execute(
      sql`delete from steam_account_tag_links where account_id = ${outside} and tag_id = ${farmA}`,
    );
    await byTag([...inScope]);
  }, 300_000);

  it('shows a member limited to tags only the accounts in scope, grouped, flat and in totals', async () => {
    for (const filter of [{}, { game: 'cs2' }, { tradableNow: true }, { protectedOnly: true }]) {
      const theirs = await allRows(viewer, filter);
      // What the owner sees of the tag's accounts, with the Steam reference as an account in scope carried it.
      const expected = await allRows(owner, { ...filter, tagIds: [farmA] });
      expect(theirs, JSON.stringify(filter)).toEqual(expected);
      expect(theirs.length).toBeGreaterThan(0);
      expect(theirs).not.toEqual(await allRows(owner, filter));
    }
    const flat = await allRows(viewer, { by: 'flat' });
    expect(flat.length).toBeGreaterThan(0);
    for (const row of flat) expect(inScope.has(row.accountId as number)).toBe(true);
    const totals = await inWorkspace(t, viewer, team, 'POST', '/api/portfolio/totals', { source: 'steam' });
    const ownerTotals = await inWorkspace(t, owner, team, 'POST', '/api/portfolio/totals', {
      source: 'steam',
      tagIds: [farmA],
    });
    expect(totals.json().data.overall).toEqual(ownerTotals.json().data.overall);
    // Row-level security itself keeps the workspace's groups from that member.
    const scope = new UserScope(db);
    const seen = await scope.run(
      team,
      (tx) =>
        tx.execute(sql`select count(*)::int as n from portfolio_item_groups`).then(rowsOf<{ n: number }>),
      { actorId: viewer.id },
    );
    expect(seen[0]!.n).toBe(0);
  }, 120_000);

  it('rebuilds the groups from every account when a member limited to tags writes items', async () => {
    const before = await allRows(owner, {});
    const [row] = rowsOf<{ account_id: number; asset_id: string; market_hash_name: string }>(
      await db.execute(sql`select i.account_id, i.asset_id, i.market_hash_name from steam_inventory_items i
        where i.user_id = ${team} and i.context_id = '2' and i.account_id = any(${sql.param([...inScope])}::int[])
          and exists (select 1 from steam_inventory_items o where o.user_id = i.user_id
            and o.market_hash_name = i.market_hash_name and o.game = i.game
            and not (o.account_id = any(${sql.param([...inScope])}::int[])))
        limit 1`),
    );
    expect(row).toBeDefined();
    // Owned by a role of the server's own kind (no superuser, whom row-level security never limits), as where the
    // database's owner is not a superuser: its policies then apply inside the rebuild.
    await db.execute(
      sql.raw(`do $$ begin create role ${PROBE_OWNER} nologin nosuperuser nobypassrls;
        exception when duplicate_object or unique_violation then null; end $$`),
    );
    await db.execute(
      sql.raw(`grant select, insert, update, delete on portfolio_item_groups, steam_inventory_items,
        steam_inventory_scans, steam_accounts, steam_account_tags, steam_account_tag_links, workspace_members
        to ${PROBE_OWNER}`),
    );
    await db.execute(sql.raw(`alter function portfolio_item_groups_rebuild() owner to ${PROBE_OWNER}`));
    const changed = await new UserScope(db).run(
      team,
      (tx) =>
        tx
          .execute(sql`update steam_inventory_items set tradable = not tradable
            where account_id = ${row!.account_id} and asset_id = ${row!.asset_id} returning 1`)
          .then(rowsOf),
      { actorId: operator.id },
    );
    await db.execute(sql.raw('alter function portfolio_item_groups_rebuild() owner to current_user'));
    expect(changed).toHaveLength(1);
    const group = (rows: Row[]) => rows.find((r) => r.marketHashName === row!.market_hash_name)!;
    expect(group(await allRows(owner, {})).count).toBe(group(before).count);
    await expectKeptAsItems('steam');
  }, 120_000);

  it('answers a kept page again with the ages of the moment, after the clock moves too', async () => {
    type Value = { ageSeconds: number; observedAt: string };
    const values = (page: PortfolioPageJson) =>
      page.items.flatMap((row) => (row.unitValue ? [row.unitValue as Value] : []));
    /** Each value's age lies between what it was when the request was sent and when it was answered. */
    const askAndCheck = async () => {
      const sent = t.clock.now();
      const res = await inWorkspace(t, owner, team, 'POST', '/api/portfolio/query', { source: 'steam' });
      const answered = t.clock.now();
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json().data as PortfolioPageJson;
      expect(values(page).length).toBeGreaterThan(0);
      for (const value of values(page)) {
        const age = (at: number) => Math.max(0, Math.floor((at - Date.parse(value.observedAt)) / 1000));
        expect(value.ageSeconds).toBeGreaterThanOrEqual(age(sent));
        expect(value.ageSeconds).toBeLessThanOrEqual(age(answered));
      }
      return page;
    };
    const first = await askAndCheck();
    await askAndCheck();
    // Past every observation time by a second and a half: each age moves, on a page answered before.
    const newest = Math.max(...values(first).map((value) => Date.parse(value.observedAt)));
    t.clock.advance(Math.max(0, newest - t.clock.now()) + 1_500);
    await askAndCheck();
    await askAndCheck();
  });
});
