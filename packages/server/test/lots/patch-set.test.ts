import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/sql-fragments.ts';
import { PATCH_CHUNK } from '../../src/modules/lots/patch-sql.ts';
import { LotsRepo } from '../../src/modules/lots/repo.ts';
import type { LotPatch } from '../../src/modules/lots/types.ts';
import { UserScope } from '../../src/security/user-scope.ts';
import { type AuthTestApp, createAuthTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { seedLots, seedSellerAccount } from './list-seed.ts';

interface Stored {
  id: number;
  price: string | null;
  status: string;
  issues: string[];
  listed_at: Date | string | null;
  last_price_write_at: Date | string | null;
  last_reprice_reason: string | null;
  strategy: unknown;
  write_seq: string;
  market_hash_name: string;
}

/** The set-based patch of lots: what a repricing round, a sync and a delist store, one statement per shape. */
describe('lot patches written set-based', () => {
  let t: AuthTestApp;
  let a: TestUser;
  let b: TestUser;
  let repo: LotsRepo;
  const LOTS = PATCH_CHUNK + 205;

  async function stored(userId: string): Promise<Map<number, Stored>> {
    const rows = rowsOf<Stored>(
      await t.testDb.database.db.execute(sql`select id, price::text as price, status, issues, listed_at,
        last_price_write_at, last_reprice_reason, strategy, write_seq::text as write_seq, market_hash_name
        from lots where user_id = ${userId} order by id`),
    );
    return new Map(rows.map((row) => [Number(row.id), row]));
  }

  beforeAll(async () => {
    t = await createAuthTestApp();
    a = await signedInUser(t, 'patch-a');
    b = await signedInUser(t, 'patch-b');
    const accountA = await seedSellerAccount(t, a.id, 'patch-a');
    const accountB = await seedSellerAccount(t, b.id, 'patch-b');
    await seedLots(
      t,
      a.id,
      accountA,
      'a',
      Array.from({ length: LOTS }, (_, i) => ({ name: `Item ${i % 7}`, price: 1_000 + i, itemId: `i${i}` })),
    );
    await seedLots(t, b.id, accountB, 'b', [{ name: 'Theirs', price: 5_000, itemId: 'theirs' }]);
    repo = new LotsRepo(t.testDb.database.db, new UserScope(t.testDb.database.db));
  }, 120_000);
  afterAll(() => t.close());

  it('stores every lot its own values over several shapes and chunks, and answers the rows in order', async () => {
    const before = await stored(a.id);
    const ids = [...before.keys()];
    const now = new Date('2026-05-01T10:00:00.000Z');
    const written = new Date('2026-05-01T09:59:00.000Z');
    // Mostly repriced lots (more than one chunk), some delisted, some only given a reason; reversed order.
    const patches: LotPatch[] = ids
      .map((id, i): LotPatch => {
        if (i % 10 === 0)
          return {
            id,
            status: 'in_inventory',
            itemId: null,
            price: null,
            listedAt: null,
            issues: ['not_listed'],
          };
        if (i % 10 === 1) return { id, lastRepriceReason: 'no_change' };
        return {
          id,
          price: 2_000 + i,
          lastPriceWriteAt: written,
          lastWrittenPrice: 2_000 + i,
          lastRepriceReason: 'undercut',
          strategy: { kind: 'fixed', bp: i },
          issues: [],
        };
      })
      .reverse();
    const rows = await repo.run(a.id, (q) => q.patch(patches, now));
    expect(rows.map((row) => row.id)).toEqual(patches.map((patch) => patch.id));

    const after = await stored(a.id);
    const seqs = new Set<string>();
    ids.forEach((id, i) => {
      const row = after.get(id)!;
      const old = before.get(id)!;
      expect(BigInt(row.write_seq)).toBeGreaterThan(BigInt(old.write_seq));
      seqs.add(row.write_seq);
      expect(row.market_hash_name).toBe(old.market_hash_name);
      if (i % 10 === 0) {
        expect([row.status, row.price, row.listed_at, row.issues]).toEqual([
          'in_inventory',
          null,
          null,
          ['not_listed'],
        ]);
      } else if (i % 10 === 1) {
        expect([row.price, row.last_reprice_reason, row.last_price_write_at]).toEqual([
          old.price,
          'no_change',
          null,
        ]);
      } else {
        expect([row.price, row.last_reprice_reason, row.strategy]).toEqual([
          String(2_000 + i),
          'undercut',
          { kind: 'fixed', bp: i },
        ]);
        expect(new Date(row.last_price_write_at as string).toISOString()).toBe(written.toISOString());
      }
    });
    // Every lot a write of its own: a sync that read the market before any of them leaves them all alone.
    expect(seqs.size).toBe(ids.length);
    const answered = rows.find((row) => row.id === ids[2])!;
    expect([answered.price, answered.lastWrittenPrice, answered.updatedAt.toISOString()]).toEqual([
      2_002,
      2_002,
      now.toISOString(),
    ]);
  });

  it('writes a lot patched twice once, the later values winning field by field', async () => {
    const [id] = (await stored(a.id)).keys();
    const rows = await repo.run(a.id, (q) =>
      q.patch(
        [
          { id: id!, price: 7_000, lastRepriceReason: 'first' },
          { id: id!, lastRepriceReason: 'second' },
        ],
        new Date(),
      ),
    );
    expect(rows).toHaveLength(1);
    expect([rows[0]!.price, rows[0]!.lastRepriceReason]).toEqual([7_000, 'second']);
  });

  it("never touches another user's lot, and refuses a fraction of a minor unit before writing anything", async () => {
    const [theirs] = (await stored(b.id)).keys();
    const [mine] = (await stored(a.id)).keys();
    const rows = await repo.run(a.id, (q) => q.patch([{ id: theirs!, price: 1 }], new Date()));
    expect(rows).toEqual([]);
    expect((await stored(b.id)).get(theirs!)!.price).toBe('5000');

    const before = (await stored(a.id)).get(mine!)!;
    await expect(
      repo.run(a.id, (q) =>
        q.patch(
          [
            { id: mine!, price: 123 },
            { id: mine! + 1, minPrice: 10.5 },
          ],
          new Date(),
        ),
      ),
    ).rejects.toThrow(/integer amount of minor units/);
    expect((await stored(a.id)).get(mine!)!.price).toBe(before.price);
  });
});
