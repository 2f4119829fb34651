import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxies, systemState } from '../../src/db/schema.ts';
import { IPV6_REHASH_DONE, rehashIpv6Proxies } from '../../src/modules/proxies/ipv6-rehash.ts';
import { Ipv6RehashRepo } from '../../src/modules/proxies/ipv6-rehash-repo.ts';
import { IDENTITY_KEY_PURPOSE, identityHash, passwordSlot } from '../../src/modules/proxies/rows.ts';
import { addLines, callAs, createProxiesTest, dataOf, type ProxiesTest } from './helpers.ts';

/**
 * Writes a proxy as the server stored it before IPv6 normalisation: the host as typed and the hash of that text,
 * with the password sealed in the slot of that hash.
 */
async function storeUnnormalised(
  s: ProxiesTest,
  userId: string,
  proxy: { host: string; port: number; username: string | null; password: string },
): Promise<number> {
  const box = await s.t.app.services.auth.secrets.openFor(userId);
  const credentials =
    proxy.username !== null || proxy.password !== ''
      ? { username: proxy.username ?? '', password: proxy.password }
      : null;
  const hash = identityHash(box.deriveKey(IDENTITY_KEY_PURPOSE), {
    protocol: 0,
    host: proxy.host,
    port: proxy.port,
    credentials,
  });
  const [row] = await s.t.testDb.database.db
    .insert(proxies)
    .values({
      userId,
      protocol: 0,
      host: proxy.host,
      port: proxy.port,
      username: proxy.username,
      passwordEnc: proxy.password ? box.encrypt(passwordSlot(userId, hash), proxy.password) : null,
      identityHash: hash,
    })
    .returning({ id: proxies.id });
  return row!.id;
}

describe('re-hashing proxies stored before IPv6 normalisation', () => {
  let s: ProxiesTest;
  beforeAll(async () => {
    s = await createProxiesTest();
  }, 120_000);
  afterAll(async () => s?.t.close());

  it('writes canonical hosts and hashes once, keeps passwords readable, and finds the next import a repeat', async () => {
    const db = s.t.testDb.database.db;
    // The server ran the fix when it started on this (then empty) database.
    expect(await db.select().from(systemState).where(eq(systemState.key, IPV6_REHASH_DONE))).toHaveLength(1);

    const withPassword = await storeUnnormalised(s, s.a.id, {
      host: '2001:DB8:0:0:0:0:0:1',
      port: 1080,
      username: 'alice',
      password: 'secret',
    });
    const plain = await storeUnnormalised(s, s.b.id, {
      host: '0:0:0:0:0:0:0:1',
      port: 8080,
      username: null,
      password: '',
    });
    const ipv4 = dataOf(await callAs(s.t, s.a, 'POST', '/api/proxies', { proxies: '5.5.5.5:80' }))
      .addedIds[0];
    // Before the fix the same address typed the canonical way is not seen as a repeat.
    const before = await addLines(s.t, s.b, ['[::2]:8080']);
    expect(before.addedIds).toHaveLength(1);

    // An upgraded server starts: the fix has not run on this database yet.
    await db.delete(systemState).where(eq(systemState.key, IPV6_REHASH_DONE));
    const repo = new Ipv6RehashRepo(db);
    const outcome = await rehashIpv6Proxies(repo, s.t.app.services.auth.secrets);
    expect(outcome).toEqual({ rehashed: 2, duplicates: 0 });

    const rows = await db.select().from(proxies);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(withPassword)!.host).toBe('2001:db8::1');
    expect(byId.get(plain)!.host).toBe('::1');
    const boxA = await s.t.app.services.auth.secrets.openFor(s.a.id);
    const rowA = byId.get(withPassword)!;
    expect(rowA.identityHash).toBe(
      identityHash(boxA.deriveKey(IDENTITY_KEY_PURPOSE), {
        protocol: 0,
        host: '2001:db8::1',
        port: 1080,
        credentials: { username: 'alice', password: 'secret' },
      }),
    );
    expect(boxA.decrypt(passwordSlot(s.a.id, rowA.identityHash), rowA.passwordEnc!)).toBe('secret');
    expect(byId.get(ipv4!)!.host).toBe('5.5.5.5');

    // The same proxies imported again, written any way, are repeats now.
    const again = await addLines(s.t, s.a, ['alice:secret@[2001:db8::1]:1080']);
    expect(again.addedIds).toEqual([]);
    expect(again.duplicates).toHaveLength(1);
    expect((await addLines(s.t, s.b, ['[0000::0001]:8080'])).addedIds).toEqual([]);

    // Recorded as done: the next start changes nothing.
    expect(await rehashIpv6Proxies(repo, s.t.app.services.auth.secrets)).toBeNull();
  });

  it('leaves a proxy whose canonical identity the user already has, and counts it', async () => {
    const db = s.t.testDb.database.db;
    const first = await addLines(s.t, s.a, ['[::7]:9000']);
    expect(first.addedIds).toHaveLength(1);
    const old = await storeUnnormalised(s, s.a.id, {
      host: '0:0:0:0:0:0:0:7',
      port: 9000,
      username: null,
      password: '',
    });
    await db.delete(systemState).where(eq(systemState.key, IPV6_REHASH_DONE));
    const outcome = await rehashIpv6Proxies(new Ipv6RehashRepo(db), s.t.app.services.auth.secrets);
    expect(outcome).toEqual({ rehashed: 0, duplicates: 1 });
    const [row] = await db.select().from(proxies).where(eq(proxies.id, old));
    expect(row!.host).toBe('0:0:0:0:0:0:0:7');
  });
});
