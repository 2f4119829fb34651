import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestApp, createAuthTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { dataOf, FIXTURE_PASSKEY, type FileUpload, fixtureFiles, uploadMafiles } from './helpers.ts';

interface Extracted {
  fileName: string;
  login: string | null;
  steamId: string | null;
  variant: string;
  mafile: string;
  proxy: unknown;
}
interface Invalid {
  fileName: string;
  reason: string;
  message: string;
}

const zipOf = (files: FileUpload[], prefix = ''): Uint8Array =>
  zipSync(Object.fromEntries(files.map((file) => [`${prefix}${file.name}`, file.data])));

/** The sdk's corpus through the API: every variant extracts, every broken file gets its named reason. */
describe('steamAccounts.extractMafiles', () => {
  let t: AuthTestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createAuthTestApp();
    const admin = await signedInUser(t, 'admin');
    user = await signedInUser(t, 'extract', admin);
  });
  afterAll(() => t.close());

  it('reads every valid variant of the corpus', async () => {
    const files = fixtureFiles('mafiles/valid');
    const res = await uploadMafiles(t, user.accessToken, files);
    expect(res.statusCode, res.body).toBe(200);
    const { extractedData, invalidMafiles } = dataOf(res) as {
      extractedData: Extracted[];
      invalidMafiles: Invalid[];
    };
    expect(invalidMafiles).toEqual([]);
    expect(extractedData.map((item) => item.fileName).sort()).toEqual(files.map((file) => file.name).sort());
    expect(new Set(extractedData.map((item) => item.variant))).toEqual(
      new Set(['sda', 'sdaLegacy', 'asf', 'steamApp', 'steamguardCli', 'nebula', 'minimal']),
    );
    const sda = extractedData.find((item) => item.fileName === 'sda-1.0.15.maFile')!;
    expect(sda.steamId).toBe('76561202255230001');
    expect(sda.login).toBe('fixture_sda');
    const nebula = extractedData.find((item) => item.fileName === 'nebula.maFile')!;
    expect(nebula.proxy).not.toBeNull();
  });

  it('leaves the NebulaAuth proxy out when tryExtractProxy is false', async () => {
    const files = fixtureFiles('mafiles/valid').filter((file) => file.name === 'nebula.maFile');
    const res = await uploadMafiles(t, user.accessToken, files, { tryExtractProxy: 'false' });
    expect(dataOf(res).extractedData[0].proxy).toBeNull();
  });

  it.each([
    ['wrong-extension.txt', 'wrongExtension'],
    ['asf-pending.maFile.PENDING', 'wrongExtension'],
    ['empty.maFile', 'empty'],
    ['not-json.maFile', 'notJson'],
    ['array.maFile', 'notObject'],
    ['missing-shared-secret.maFile', 'missingSharedSecret'],
    ['empty-shared-secret.maFile', 'missingSharedSecret'],
    ['shared-not-base64.maFile', 'badSharedSecret'],
    ['shared-16-bytes.maFile', 'badSharedSecret'],
    ['bad-steamid.maFile', 'badSteamId'],
  ])('%s → %s', async (name, reason) => {
    const files = fixtureFiles('mafiles/invalid').filter((file) => file.name === name);
    expect(files).toHaveLength(1);
    const data = dataOf(await uploadMafiles(t, user.accessToken, files));
    expect(data.extractedData).toEqual([]);
    expect(data.invalidMafiles).toEqual([expect.objectContaining({ fileName: name, reason })]);
    expect(data.invalidMafiles[0].message.length).toBeGreaterThan(3);
  });

  it('keeps the newer of two files for one account (duplicateAccount)', async () => {
    const data = dataOf(await uploadMafiles(t, user.accessToken, fixtureFiles('mafiles/duplicates')));
    expect(data.extractedData).toHaveLength(1);
    expect(data.invalidMafiles).toEqual([
      expect.objectContaining({ fileName: 'dup-older.maFile', reason: 'duplicateAccount' }),
    ]);
  });

  it('decrypts an SDA folder with its manifest and passkey; names each encryption failure', async () => {
    const sda = fixtureFiles('encrypted/sda');
    const ok = dataOf(await uploadMafiles(t, user.accessToken, sda, { passkey: FIXTURE_PASSKEY }));
    expect(ok.invalidMafiles).toEqual([]);
    expect(ok.extractedData.map((item: Extracted) => item.login).sort()).toEqual([
      'fixture_enc_a',
      'fixture_enc_b',
      'fixture_enc_plain',
    ]);
    expect(ok.extractedData[0].mafile.startsWith('{')).toBe(true);

    const reasons = async (files: FileUpload[], query: Record<string, string> = {}) =>
      (dataOf(await uploadMafiles(t, user.accessToken, files, query)).invalidMafiles as Invalid[])
        .map((item) => item.reason)
        .sort();
    expect(await reasons(sda, { passkey: 'wrong' })).toEqual(['wrongPasskey', 'wrongPasskey']);
    expect(await reasons(sda)).toEqual(['passkeyRequired', 'passkeyRequired']);
    expect(
      await reasons(
        sda.filter((f) => f.name !== 'manifest.json'),
        { passkey: FIXTURE_PASSKEY },
      ),
    ).toEqual(['encryptedWithoutManifest', 'encryptedWithoutManifest']);
    expect(await reasons(fixtureFiles('encrypted/renamed'), { passkey: FIXTURE_PASSKEY })).toEqual([
      'missingManifestEntry',
    ]);
    expect(await reasons(fixtureFiles('encrypted/incomplete'), { passkey: FIXTURE_PASSKEY })).toEqual([
      'manifestEntryIncomplete',
    ]);
    expect(await reasons(fixtureFiles('encrypted/bad-manifest'), { passkey: FIXTURE_PASSKEY })).toEqual([
      'badManifest',
      'encryptedWithoutManifest',
    ]);
  });

  it('unpacks zip archives (an encrypted SDA folder included) next to loose files', async () => {
    const archive = zipOf(fixtureFiles('encrypted/sda'), 'maFiles/');
    const loose = fixtureFiles('mafiles/valid').filter((file) => file.name === 'asf.maFile');
    const data = dataOf(
      await uploadMafiles(t, user.accessToken, [{ name: 'Backup.ZIP', data: archive }, ...loose], {
        passkey: FIXTURE_PASSKEY,
      }),
    );
    expect(data.invalidMafiles).toEqual([]);
    expect(data.extractedData.map((item: Extracted) => item.fileName).sort()).toEqual([
      'Backup.ZIP/maFiles/76561202255230040.maFile',
      'Backup.ZIP/maFiles/76561202255230041.maFile',
      'Backup.ZIP/maFiles/76561202255230042.maFile',
      'asf.maFile',
    ]);
  });

  it('refuses a damaged archive and a zip bomb by name, and still reads the other files', async () => {
    const bomb = zipSync({ 'huge.maFile': new Uint8Array(80 * 1024 * 1024) }, { level: 9 });
    const many = zipSync(
      Object.fromEntries(Array.from({ length: 70 }, (_, i) => [`f${i}.maFile`, new Uint8Array(1024 * 1024)])),
      { level: 9 },
    );
    const loose = fixtureFiles('mafiles/valid').filter((file) => file.name === 'asf.maFile');
    const res = await uploadMafiles(
      t,
      user.accessToken,
      [
        { name: 'broken.zip', data: new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]) },
        { name: 'bomb.zip', data: bomb },
        { name: 'many.zip', data: many },
        ...loose,
      ],
      {},
      'ru-RU',
    );
    const data = dataOf(res);
    expect(data.extractedData).toHaveLength(1);
    const byName = Object.fromEntries(
      (data.invalidMafiles as Invalid[]).map((item) => [item.fileName, item]),
    );
    expect(byName['broken.zip']?.reason).toBe('badArchive');
    expect(byName['bomb.zip/huge.maFile']?.reason).toBe('tooLarge');
    // The upload's archives share one inflate budget: the one that runs it out is named with the limit.
    expect(byName['many.zip']).toEqual({
      fileName: 'many.zip',
      reason: 'uploadUnpackLimit',
      message:
        'Архивы одной загрузки распаковываются не больше чем в 64 МиБ вместе: загрузите этот архив отдельно',
    });
  });

  it('refuses a request that is not a file upload, and an anonymous one', async () => {
    const json = await t.call('POST', '/api/steam-accounts/extract-mafiles', {
      token: user.accessToken,
      body: {},
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.resultCode).toBe(10);
    const anonymous = await uploadMafiles(t, '', fixtureFiles('mafiles/valid').slice(0, 1));
    expect(anonymous.statusCode).toBe(401);
  });
});
