import { ApiError, createApiClient, MemoryTokenStore } from '@tradedeck/sdk/client';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxMafileText } from '../../src/integrations/steam/index.ts';
import { type AuthTestApp, createAuthTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { fixtureFiles, proxyData, world } from './helpers.ts';

/** The sdk client over real HTTP: maFiles go up as form data, then the accounts are added and listed. */
describe('sdk client: maFile upload and import', () => {
  let t: AuthTestApp;
  let user: TestUser;
  let baseUrl: string;

  beforeAll(async () => {
    t = await createAuthTestApp();
    const admin = await signedInUser(t, 'admin');
    user = await signedInUser(t, 'client-upload', admin);
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const client = (language: 'ru' | 'en' = 'en') =>
    createApiClient({
      baseUrl,
      language: () => language,
      tokenStore: new MemoryTokenStore({
        accessToken: user.accessToken,
        expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
      }),
    });

  it('uploads loose files and a zip, then adds the extracted accounts', async () => {
    const bots = world.healthyAccounts(3, 1101);
    const archive = zipSync({
      'maFiles/one.maFile': new TextEncoder().encode(sandboxMafileText(bots[1]!)),
      'maFiles/two.maFile': new TextEncoder().encode(sandboxMafileText(bots[2]!)),
    });
    const api = client();
    const extracted = await api.steamAccounts.extractMafiles({
      tryExtractProxy: 'false',
      files: [
        { name: `${bots[0]!.steamId}.maFile`, data: new Blob([sandboxMafileText(bots[0]!)]) },
        { name: 'farm.zip', data: archive },
        { name: 'notes.txt', data: new TextEncoder().encode('hello') },
      ],
    });
    expect(extracted.extractedData.map((item) => item.login).sort()).toEqual(bots.map((b) => b.login).sort());
    expect(extracted.invalidMafiles).toEqual([
      { fileName: 'notes.txt', reason: 'wrongExtension', message: 'The file extension must be .mafile' },
    ]);

    const passwords = new Map(bots.map((bot) => [bot.login, bot.password]));
    const result = await api.steamAccounts.add({
      mode: 'multiple',
      accounts: Object.fromEntries(
        extracted.extractedData.map((item, i) => [
          String(i),
          {
            login: item.login!,
            password: passwords.get(item.login!)!,
            mafile: item.mafile,
            proxyData: proxyData(110),
          },
        ]),
      ),
    });
    expect(result.errors).toEqual({});
    expect(result.addedAccounts).toHaveLength(3);
    const list = await api.steamAccounts.query({ sort: [{ propertyName: 'login', isDescending: false }] });
    expect(list.items.map((row) => row.login)).toEqual(bots.map((b) => b.login));
  });

  it('reads the encrypted SDA corpus with its passkey through the client', async () => {
    const files = fixtureFiles('encrypted/sda').map((file) => ({ name: file.name, data: file.data }));
    const result = await client().steamAccounts.extractMafiles({ passkey: 'fixture-passkey', files });
    expect(result.extractedData).toHaveLength(3);
  });

  it('reports validation failures of the query-string fields as an ApiError in the caller’s language', async () => {
    const error = await client('ru')
      .steamAccounts.extractMafiles({ passkey: 'x'.repeat(300), files: [] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).resultCode).toBe(10);
    expect((error as ApiError).message).toMatch(/passkey/);
  });
});
