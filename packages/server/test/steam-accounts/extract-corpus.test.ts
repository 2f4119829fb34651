import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { generateGuardCode, parseMafileText } from '@tradedeck/sdk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GUARD_CODE_TIME,
  MAFILE_CASES,
  type MafileReadCase,
  uploadPaths,
} from '../../../sdk/test/steam/mafile-cases.ts';
import { type AuthTestApp, createAuthTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { dataOf, uploadMafiles } from './helpers.ts';

interface Extracted {
  fileName: string;
  login: string | null;
  steamId: string | null;
  variant: string;
  warnings: string[];
  mafile: string;
}

/**
 * The sdk's corpus cases through the API, with the server's own decryption (its worker pool, Argon2id included):
 * every upload gives its rows (login, exact SteamID, variant, notes, and where stated the revocation code and the
 * guard code at the corpus's fixed time) and its refusals by name and reason.
 */
describe('the maFile corpus through steamAccounts.extractMafiles', () => {
  let t: AuthTestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createAuthTestApp();
    const admin = await signedInUser(t, 'admin');
    user = await signedInUser(t, 'corpus', admin);
  });
  afterAll(() => t.close());

  it.each(MAFILE_CASES.map((upload) => [upload.name, upload] as const))('%s', async (_name, upload) => {
    const files = uploadPaths(upload).map((path) => ({
      name: basename(path),
      data: new Uint8Array(readFileSync(path)),
    }));
    const res = await uploadMafiles(t, user.accessToken, files, {
      tryExtractProxy: 'true',
      ...(upload.passkey ? { passkey: upload.passkey } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = dataOf(res) as {
      extractedData: Extracted[];
      invalidMafiles: { fileName: string; reason: string }[];
    };
    const expected = new Map<string, MafileReadCase>(upload.read.map((read) => [read.file, read]));
    expect(data.extractedData.map((item) => item.fileName).sort()).toEqual([...expected.keys()].sort());
    for (const item of data.extractedData) {
      const want = expected.get(item.fileName)!;
      expect({ login: item.login, steamId: item.steamId, variant: item.variant }, item.fileName).toEqual({
        login: want.login,
        steamId: want.steamId,
        variant: want.variant,
      });
      expect([...item.warnings].sort(), item.fileName).toEqual([...(want.warnings ?? [])].sort());
      const parsed = parseMafileText(item.mafile);
      if (!parsed.ok)
        throw new Error(`${item.fileName}: the returned maFile does not read (${parsed.reason})`);
      if ('revocationCode' in want)
        expect(parsed.mafile.revocationCode, item.fileName).toBe(want.revocationCode);
      if (want.guardCode !== undefined)
        expect(await generateGuardCode(parsed.mafile.sharedSecret, GUARD_CODE_TIME), item.fileName).toBe(
          want.guardCode,
        );
    }
    expect(
      data.invalidMafiles.map(({ fileName, reason }) => ({ file: fileName, reason })).sort(byFile),
    ).toEqual([...upload.refused].sort(byFile));
  });
});

const byFile = (a: { file: string }, b: { file: string }) => a.file.localeCompare(b.file);
