import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DecryptionPool, mafileDecryptionPool } from '../../src/modules/steam-accounts/decryption-pool.ts';
import { type AuthTestApp, createAuthTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { encryptedFolder, seal, syntheticMafile } from './extract-encrypted.ts';
import { dataOf, uploadMafiles } from './helpers.ts';

/** steamguard-cli's own known answer for its Argon2id scheme: passkey `password`, salt `GMhL0N2hqXg=`. */
const VECTOR_KEY = Buffer.from('DTm3hc95aKyAGmyVMZdLUPfcPjcXN1i1zYObYJg2GzY=', 'base64');
const VECTOR_SALT = 'GMhL0N2hqXg=';
const IV = Buffer.alloc(16, 7).toString('base64');

describe('the maFile decryption pool', () => {
  const pool = new DecryptionPool(2, 1_000);
  afterAll(() => pool.close());

  it('derives the Argon2id key of the known answer (v0x13, 12 MiB, 3 passes, 12 lanes) in its workers', async () => {
    const plain = syntheticMafile(1).text;
    const body = seal(plain, VECTOR_KEY, Buffer.from(IV, 'base64'));
    const file = { scheme: 'argon2idAes256' as const, body, salt: VECTOR_SALT, iv: IV };
    expect(await pool.decrypt(file, 'password')).toBe(plain);
    // A wrong passkey is told apart from a broken file: null, for either scheme.
    expect(await pool.decrypt(file, 'Password')).toBeNull();
    expect(await pool.decrypt({ ...file, scheme: 'legacySda' }, 'password')).toBeNull();
    expect(pool.stats()).toMatchObject({ running: 0, queued: 0, completed: 3 });
    expect(pool.stats().workers).toBeGreaterThan(0);
  });

  it('runs no more workers than its size however many jobs wait, and finishes every job', async () => {
    const plain = syntheticMafile(2).text;
    const body = seal(plain, VECTOR_KEY, Buffer.from(IV, 'base64'));
    const jobs = Array.from({ length: 12 }, () =>
      pool.decrypt({ scheme: 'argon2idAes256', body, salt: VECTOR_SALT, iv: IV }, 'password'),
    );
    expect(pool.stats().workers).toBeLessThanOrEqual(2);
    expect(pool.stats().queued + pool.stats().running).toBe(12);
    expect(await Promise.all(jobs)).toEqual(Array(12).fill(plain));
    expect(pool.stats()).toMatchObject({ running: 0, queued: 0 });
  });
});

describe('steamAccounts.extractMafiles decrypts off the event loop', () => {
  let t: AuthTestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createAuthTestApp();
    const admin = await signedInUser(t, 'admin');
    user = await signedInUser(t, 'decrypt', admin);
  });
  afterAll(() => t.close());

  it('answers GET /api/system/status while a big Argon2id folder is being decrypted', async () => {
    const count = 80;
    const files = encryptedFolder('Argon2idAes256', count, 'bulk-passkey');
    const before = mafileDecryptionPool.stats().completed;
    let extractDone = false;
    const extracting = uploadMafiles(t, user.accessToken, files, { passkey: 'bulk-passkey' }).then((res) => {
      extractDone = true;
      return res;
    });
    // Once the first files are decrypted, the rest are still queued in the workers.
    await expect
      .poll(() => mafileDecryptionPool.stats().completed - before, { timeout: 60_000, interval: 5 })
      .toBeGreaterThan(0);
    const status = await t.call('GET', '/api/system/status');
    expect(status.statusCode).toBe(200);
    expect(extractDone).toBe(false);
    expect(mafileDecryptionPool.stats().completed - before).toBeLessThan(count);

    const res = await extracting;
    expect(res.statusCode, res.body).toBe(200);
    const data = dataOf(res);
    expect(data.invalidMafiles).toEqual([]);
    expect(data.extractedData).toHaveLength(count);
    expect(data.extractedData.find((item: { login: string }) => item.login === 'bulk_7')?.steamId).toBe(
      syntheticMafile(7).steamId,
    );
  }, 120_000);
});
