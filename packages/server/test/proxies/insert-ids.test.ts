import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/sql-fragments.ts';
import { type NewProxyRow, ProxiesRepo } from '../../src/modules/proxies/repo.ts';
import { UserScope } from '../../src/security/user-scope.ts';
import { createProxiesTest, type ProxiesTest } from './helpers.ts';

// The bulk insert answers each identity's new id; the steam accounts' import links accounts by these ids, and the
// plain insert pairs them with its rows by order, so a wrong pairing would put an account on another proxy.
describe('proxies bulk insert ids', () => {
  let s: ProxiesTest;
  beforeAll(async () => {
    s = await createProxiesTest();
  }, 60_000);
  afterAll(async () => s?.t.close());

  const row = (n: number): NewProxyRow => ({
    protocol: n % 4,
    host: `10.9.${n >> 8}.${n & 255}`,
    port: 1000 + n,
    username: n % 3 === 0 ? null : `u${n}`,
    passwordEnc: null,
    name: null,
    // Hashes out of their rows' order, so a pairing by sorted hash would not pass.
    identityHash: `h-${(n * 7919) % 10_007}-${n}`,
  });

  it('answers the id stored for each identity, with and without identities already stored', async () => {
    const scope = new UserScope(s.t.testDb.database.db);
    const repo = new ProxiesRepo(scope);
    const first = Array.from({ length: 3_000 }, (_, n) => row(n));
    // Half of the second list is stored already: its insert goes the `on conflict` way.
    const second = Array.from({ length: 3_000 }, (_, n) => row(n + 1_500));
    for (const rows of [first, second]) {
      const answered = await repo.run(s.a.id, (q) => q.insertNew(rows));
      const stored = await scope.run(s.a.id, async (tx) =>
        rowsOf<{ id: number; identity_hash: string }>(
          await tx.execute(sql`select id, identity_hash from proxies where user_id = ${s.a.id}`),
        ),
      );
      const idOf = new Map(stored.map((r) => [r.identity_hash, Number(r.id)]));
      expect(answered.size).toBe(rows === first ? 3_000 : 1_500);
      for (const [hash, id] of answered) expect(id).toBe(idOf.get(hash));
    }
  });
});
