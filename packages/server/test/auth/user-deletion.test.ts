import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxies, steamAccounts, userKeys, users } from '../../src/db/schema.ts';
import { totpSlot } from '../../src/modules/auth/two-factor.ts';
import { passwordSlot } from '../../src/modules/proxies/rows.ts';
import { accountSlot } from '../../src/modules/steam-accounts/deps.ts';
import type { SecretSlot } from '../../src/security/envelope.ts';
import { addAccounts, addItem, dataOf, proxyData, world } from '../steam-accounts/helpers.ts';
import {
  type AuthTestApp,
  createAuthTestApp,
  enableTotp,
  signUp,
  type TestUser,
} from './helpers/auth-app.ts';

interface Sealed {
  what: string;
  slot: SecretSlot;
  value: string;
  plaintext: string;
}

/**
 * Crypto-shredding: a user's data key lives in `user_keys`, which goes with the user row (`on delete cascade`).
 * Once it is gone, copies of that user's sealed secrets (a backup, a dump) cannot be opened, even with the user
 * row and the secret rows restored; other users' keys and secrets are untouched.
 */
describe('deleting a user deletes their data key', () => {
  let t: AuthTestApp;
  let owner: TestUser;
  let neighbour: TestUser;
  const ownerSecrets: Sealed[] = [];
  const neighbourSecrets: Sealed[] = [];

  const box = () => t.app.services.auth.secrets;
  const db = () => t.testDb.database.db;
  const keyCount = async (userId: string) =>
    (await db().select().from(userKeys).where(eq(userKeys.userId, userId))).length;

  /** Adds a Steam account with a proxy that has a password, and reads back every sealed value of the user. */
  async function storeSecrets(user: TestUser, seed: number, into: Sealed[]): Promise<void> {
    const [account] = world.healthyAccounts(1, seed);
    const proxyPassword = `Proxy-Canary-${seed}`;
    const added = await addAccounts(t, user, {
      accounts: {
        '0': addItem(account!, { proxyData: { ...proxyData(seed % 250), password: proxyPassword } }),
      },
    });
    expect(dataOf(added).addedAccounts, added.body).toHaveLength(1);
    const [steam] = await db().select().from(steamAccounts).where(eq(steamAccounts.userId, user.id));
    const [proxy] = await db().select().from(proxies).where(eq(proxies.userId, user.id));
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    into.push(
      {
        what: 'Steam password',
        slot: accountSlot(user.id, steam!.id, 'password_enc'),
        value: steam!.passwordEnc,
        plaintext: account!.password,
      },
      {
        what: 'proxy password',
        slot: passwordSlot(user.id, proxy!.identityHash),
        value: proxy!.passwordEnc!,
        plaintext: proxyPassword,
      },
      {
        what: 'TOTP seed',
        slot: totpSlot(user.id, 'totp_secret'),
        value: row!.totpSecret!,
        plaintext: user.totpSecret!,
      },
    );
  }

  beforeAll(async () => {
    t = await createAuthTestApp();
    const admin = await signUp(t, 'admin');
    owner = await signUp(t, 'leaving', admin);
    neighbour = await signUp(t, 'staying', admin);
    await enableTotp(t, owner);
    await enableTotp(t, neighbour);
    await storeSecrets(owner, 4001, ownerSecrets);
    await storeSecrets(neighbour, 4002, neighbourSecrets);
  });
  afterAll(() => t.close());

  it('opens every sealed secret while the user exists', async () => {
    expect(await keyCount(owner.id)).toBe(1);
    for (const s of [...ownerSecrets, ...neighbourSecrets]) {
      expect(await box().decrypt(s.slot, s.value), s.what).toBe(s.plaintext);
    }
  });

  it('removes the wrapped data key with the user row, and with it every way to open their secrets', async () => {
    const [before] = await db().select().from(userKeys).where(eq(userKeys.userId, owner.id));
    const [ownerRow] = await db().select().from(users).where(eq(users.id, owner.id));

    // There is no API operation that deletes an account: an operator deletes the row.
    await db().delete(users).where(eq(users.id, owner.id));

    expect(await keyCount(owner.id)).toBe(0);
    const left = await db().execute(
      sql`select (select count(*) from steam_accounts where user_id = ${owner.id})::int as accounts,
                 (select count(*) from proxies where user_id = ${owner.id})::int as proxies,
                 (select count(*) from device_sessions where user_id = ${owner.id})::int as sessions`,
    );
    expect((left as unknown as { rows: unknown[] }).rows[0]).toEqual({
      accounts: 0,
      proxies: 0,
      sessions: 0,
    });
    // Their access token stops working at once.
    const me = await t.call('GET', '/api/user/info', { token: owner.accessToken });
    expect(me.statusCode).toBe(401);

    // Restore the user row from a backup: the copies of the sealed values still cannot be opened, because the
    // key they were sealed with is gone; the box makes a new key for the restored user, which opens nothing old.
    await db().insert(users).values(ownerRow!);
    for (const s of ownerSecrets) {
      await expect(box().decrypt(s.slot, s.value), s.what).rejects.toThrow(/does not authenticate/);
    }
    const [after] = await db().select().from(userKeys).where(eq(userKeys.userId, owner.id));
    expect(after!.wrappedKey).not.toBe(before!.wrappedKey);
  });

  it('leaves the other users keys and secrets as they were', async () => {
    expect(await keyCount(neighbour.id)).toBe(1);
    for (const s of neighbourSecrets) {
      expect(await box().decrypt(s.slot, s.value), s.what).toBe(s.plaintext);
    }
    const res = await t.call('GET', '/api/user/info', { token: neighbour.accessToken });
    expect(res.statusCode).toBe(200);
  });
});
