import { DecryptionBudgetSpentError, MAFILE_UPLOAD_LIMITS } from '@tradedeck/sdk/domain';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DecryptionPool, mafileDecryptionPool } from '../../src/modules/steam-accounts/decryption-pool.ts';
import { extractUploadedMafiles } from '../../src/modules/steam-accounts/extract-service.ts';
import { MafileUploadBudgets, mafileUploadBudgets } from '../../src/modules/steam-accounts/upload-budget.ts';
import { type AuthTestApp, createAuthTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { dataOf, type FileUpload, fixtureFiles, uploadMafiles } from './helpers.ts';

const MIB = 1024 * 1024;

interface Invalid {
  fileName: string;
  reason: string;
  message: string;
}

/** Fake encrypted maFiles: base64 of whole AES blocks, each listed with its own salt, as a real folder would be. */
function fakeEncryptedFolder(count: number): FileUpload[] {
  const body = new TextEncoder().encode(Buffer.alloc(2048, 1).toString('base64'));
  const entries = Array.from(
    { length: count },
    (_, n) =>
      `{"filename":"fake_${n}.maFile","steam_id":1,"account_name":"fake_${n}","encryption":{"iv":"${Buffer.alloc(16, n % 251).toString('base64')}","salt":"${Buffer.alloc(8, n % 251).toString('base64')}","scheme":"LegacySdaCompatible"}}`,
  );
  return [
    ...Array.from({ length: count }, (_, n) => ({ name: `fake_${n}.maFile`, data: body })),
    {
      name: 'manifest.json',
      data: new TextEncoder().encode(`{"version":1,"entries":[${entries.join(',')}]}`),
    },
  ];
}

describe('maFile upload budgets (inflated bytes, encrypted files)', () => {
  let t: AuthTestApp;
  let admin: TestUser;
  let n = 0;
  const freshUser = async () => signedInUser(t, `budget${++n}`, admin);

  beforeAll(async () => {
    t = await createAuthTestApp();
    admin = await signedInUser(t, 'admin');
  });
  afterAll(() => t.close());

  it('a set of zip bombs in one upload stops at the upload total: inflated bytes stay within 64 MiB', async () => {
    const user = await freshUser();
    // 63 entries of 1 MiB of zeros: under the per-archive and per-entry limits, ~64 KiB compressed.
    const bomb = zipSync(
      Object.fromEntries(Array.from({ length: 63 }, (_, i) => [`z${i}.maFile`, new Uint8Array(MIB)])),
      { level: 9 },
    );
    const files = Array.from({ length: 24 }, (_, i) => ({ name: `bomb${i}.zip`, data: bomb }));
    const loose = fixtureFiles('mafiles/valid').filter((file) => file.name === 'asf.maFile');
    const res = await uploadMafiles(t, user.accessToken, [...files, ...loose], {}, 'en-US');
    expect(res.statusCode, res.body).toBe(200);
    const data = dataOf(res);
    // The loose maFile is still read; the archives past the budget are named with the limit, never opened.
    expect(data.extractedData.map((item: { fileName: string }) => item.fileName)).toEqual(['asf.maFile']);
    const byArchive = (data.invalidMafiles as Invalid[]).filter((item) =>
      /^bomb\d+\.zip$/.test(item.fileName),
    );
    expect(byArchive.length).toBeGreaterThanOrEqual(23);
    for (const item of byArchive) {
      expect(item.reason).toBe('uploadUnpackLimit');
      expect(item.message).toContain('64 MiB');
    }
    const used = mafileUploadBudgets.used(user.id).unpackedBytes;
    expect(used).toBeGreaterThan(60 * MIB);
    // At most one inflated chunk (input is fed 1 KiB at a time, deflate expands ≤ ~1032:1) past the total.
    expect(used).toBeLessThanOrEqual(MAFILE_UPLOAD_LIMITS.unpackedBytesPerUpload + 2 * MIB);
  }, 120_000);

  it("past the user's minute of inflated bytes, archives are refused with that limit named (ru)", async () => {
    const user = await freshUser();
    mafileUploadBudgets.chargeUnpacked(user.id, MAFILE_UPLOAD_LIMITS.unpackedBytesPerMinute - 100_000);
    const archive = zipSync({ 'a.maFile': new Uint8Array(512 * 1024) });
    const res = await uploadMafiles(t, user.accessToken, [{ name: 'late.zip', data: archive }], {}, 'ru-RU');
    expect(dataOf(res).invalidMafiles).toEqual([
      {
        fileName: 'late.zip',
        reason: 'minuteUnpackLimit',
        message: 'Из архивов распаковывается не больше 256 МиБ в минуту: загрузите этот архив через минуту',
      },
    ]);
    expect(mafileUploadBudgets.used(user.id).unpackedBytes).toBeLessThanOrEqual(
      MAFILE_UPLOAD_LIMITS.unpackedBytesPerMinute + 2 * MIB,
    );
  });

  it('more encrypted maFiles than one upload allows: refused whole, before any key derivation', async () => {
    const user = await freshUser();
    const before = mafileDecryptionPool.stats().completed;
    const res = await uploadMafiles(
      t,
      user.accessToken,
      fakeEncryptedFolder(1_001),
      { passkey: 'x' },
      'en-US',
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(
      'At most 1000 encrypted maFiles per upload (this one has 1001): upload the folder in parts',
    );
    const ru = await uploadMafiles(
      t,
      user.accessToken,
      fakeEncryptedFolder(1_001),
      { passkey: 'x' },
      'ru-RU',
    );
    expect(ru.json().error.message).toBe(
      'В одной загрузке не больше 1000 зашифрованных мафайлов (в этой 1001): загрузите папку частями',
    );
    expect(mafileDecryptionPool.stats().completed).toBe(before);
    expect(mafileUploadBudgets.used(user.id).encrypted).toBe(0);
  });

  it("past the user's minute of encrypted maFiles: 429 with Retry-After, naming the limit", async () => {
    const user = await freshUser();
    // Earlier uploads of this minute (each within the per-upload limit) spent all but five.
    mafileUploadBudgets.admitEncrypted(user.id, MAFILE_UPLOAD_LIMITS.encryptedPerUpload);
    mafileUploadBudgets.admitEncrypted(
      user.id,
      MAFILE_UPLOAD_LIMITS.encryptedPerMinute - 5 - MAFILE_UPLOAD_LIMITS.encryptedPerUpload,
    );
    const before = mafileDecryptionPool.stats().completed;
    const res = await uploadMafiles(t, user.accessToken, fakeEncryptedFolder(6), { passkey: 'x' }, 'en-US');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().error.message).toMatch(
      /^At most 2000 encrypted maFiles per minute: try again in \d+ s$/,
    );
    expect(mafileDecryptionPool.stats().completed).toBe(before);
    // Within what is left, an upload goes through (each fake file is then a wrong passkey).
    const fits = await uploadMafiles(t, user.accessToken, fakeEncryptedFolder(5), { passkey: 'x' });
    expect(fits.statusCode).toBe(200);
    expect((dataOf(fits).invalidMafiles as Invalid[]).map((item) => item.reason)).toEqual(
      Array(5).fill('wrongPasskey'),
    );
  }, 60_000);

  it('without a passkey encrypted files cost nothing and count nothing', async () => {
    const user = await freshUser();
    const res = await uploadMafiles(t, user.accessToken, fakeEncryptedFolder(1_500));
    expect(res.statusCode).toBe(200);
    expect(mafileUploadBudgets.used(user.id).encrypted).toBe(0);
  });
});

describe('MafileUploadBudgets', () => {
  it('keeps a minute per user, and a new minute starts afresh', () => {
    let now = 1_000_000;
    const budgets = new MafileUploadBudgets(
      {
        unpackedBytesPerUpload: 10,
        unpackedBytesPerMinute: 25,
        encryptedPerUpload: 3,
        encryptedPerMinute: 5,
        decryptionCpuMsPerMinute: 1_000,
      },
      () => now,
    );
    expect(budgets.unpackAllowance('a')).toEqual({ bytes: 10, binding: 'upload' });
    budgets.chargeUnpacked('a', 20);
    expect(budgets.unpackAllowance('a')).toEqual({ bytes: 5, binding: 'minute' });
    expect(budgets.unpackAllowance('b')).toEqual({ bytes: 10, binding: 'upload' });
    budgets.admitEncrypted('a', 3);
    expect(() => budgets.admitEncrypted('a', 4)).toThrow();
    expect(() => budgets.admitEncrypted('a', 3)).toThrow();
    budgets.admitEncrypted('a', 2);
    now += 59_999;
    expect(() => budgets.admitEncrypted('a', 1)).toThrow();
    now += 1;
    budgets.admitEncrypted('a', 3);
    expect(budgets.used('a')).toEqual({ unpackedBytes: 0, encrypted: 3, decryptionMs: 0 });
  });
});

describe('decryption processor time per user', () => {
  const pool = new DecryptionPool(2, 1_000);
  afterAll(() => pool.close());

  const upload = (userId: string, count: number, budgets: MafileUploadBudgets, lang: 'en' | 'ru' = 'en') =>
    extractUploadedMafiles(
      fakeEncryptedFolder(count).map((file) => ({ name: file.name, data: Buffer.from(file.data) })),
      { tryExtractProxy: false, passkey: 'x' },
      lang,
      userId,
      { pool, budgets },
    );

  it("one user's folder stops at the minute's processor time; another user's files go on meanwhile", async () => {
    // Each fake file costs one real key derivation (SDA's PBKDF2, tens of ms of CPU); 300 ms is a handful.
    const budgets = new MafileUploadBudgets({ ...MAFILE_UPLOAD_LIMITS, decryptionCpuMsPerMinute: 300 });
    const before = pool.stats().completed;
    const [heavy, light] = await Promise.all([upload('heavy', 400, budgets), upload('light', 6, budgets)]);

    // The light user's files were all decrypted (each is then a wrong passkey), within their own budget.
    expect(light.invalidMafiles.map((item) => item.reason)).toEqual(Array(6).fill('wrongPasskey'));
    // The heavy user's folder: a few decrypted until the minute's time was spent, the rest named with the limit.
    const reasons = heavy.invalidMafiles.map((item) => item.reason);
    const decrypted = reasons.filter((reason) => reason === 'wrongPasskey').length;
    const refused = reasons.filter((reason) => reason === 'minuteDecryptionLimit').length;
    expect(decrypted + refused).toBe(400);
    expect(decrypted).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(300);
    expect(pool.stats().completed - before).toBe(decrypted + 6);
    // Charged what the workers measured: over the budget by at most the files already in the workers' queue.
    expect(budgets.used('heavy').decryptionMs).toBeGreaterThanOrEqual(300);
    expect(budgets.used('light').decryptionMs).toBeGreaterThan(0);
    expect(heavy.invalidMafiles.find((item) => item.reason === 'minuteDecryptionLimit')?.message).toBe(
      "Decrypting one user's maFiles may take at most 20 s of processor time per minute: upload this file again in a minute",
    );
    const ru = await upload('heavy', 2, budgets, 'ru');
    expect(ru.invalidMafiles.map((item) => item.message)).toEqual(
      Array(2).fill(
        'Расшифровка мафайлов занимает у одного пользователя не больше 20 с процессорного времени в минуту: загрузите этот файл снова через минуту',
      ),
    );
  }, 120_000);

  it('a new minute gives the user their time back', async () => {
    let now = 5_000_000;
    const budgets = new MafileUploadBudgets(
      { ...MAFILE_UPLOAD_LIMITS, decryptionCpuMsPerMinute: 50 },
      () => now,
    );
    const spent = budgets.decryptionBudget('a');
    spent.admit();
    spent.charge(60);
    expect(() => spent.admit()).toThrow(DecryptionBudgetSpentError);
    expect(() => budgets.decryptionBudget('b').admit()).not.toThrow();
    now += 60_000;
    expect(() => spent.admit()).not.toThrow();
  });
});
