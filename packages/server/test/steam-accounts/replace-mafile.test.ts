import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { steamAccounts } from '../../src/db/schema.ts';
import { sandboxMafileText } from '../../src/integrations/steam/index.ts';
import {
  type AuthTestApp,
  createAuthTestApp,
  errorOf,
  stepUp,
  type TestUser,
} from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { addAccounts, addItem, dataOf, proxyData, world } from './helpers.ts';

// steamAccounts.updateCredentials: a new maFile for a stored account, from the view dialog or `accounts mafile`.
let t: AuthTestApp;
let user: TestUser;
let accountId: number;
const [bot, other] = world.healthyAccounts(2, 730);

const replace = (mafile: string, lang = 'en-US') =>
  t.call('PUT', `/api/steam-accounts/${accountId}/credentials`, {
    token: user.accessToken,
    body: { mafile },
    headers: { 'accept-language': lang },
  });
const stored = async () =>
  (await t.testDb.database.db.select().from(steamAccounts).where(eq(steamAccounts.id, accountId)))[0]!;

beforeAll(async () => {
  t = await createAuthTestApp();
  user = await signedInUser(t, 'replace-mafile');
  const added = dataOf(
    await addAccounts(t, user, { accounts: { '0': addItem(bot!, { proxyData: proxyData(81) }) } }),
  );
  accountId = added.addedAccounts[0].id;
  const tagged = await t.call('POST', `/api/steam-accounts/${accountId}/tags`, {
    token: user.accessToken,
    body: { tag: { id: 0, name: 'Farm' } },
  });
  expect(tagged.statusCode).toBe(200);
  await stepUp(t, user);
}, 120_000);
afterAll(() => t.close());

describe('replacing an account maFile', () => {
  it("seals the new file in place of the old, keeping the account's proxy, tags and status", async () => {
    const before = await stored();
    // A renewed file without identity_secret and revocation_code (the SteamID stays a bare 17-digit number).
    const text = sandboxMafileText(bot!)
      .replace(/\n\s*"identity_secret": "[^"]*",/, '')
      .replace(/\n\s*"revocation_code": "[^"]*",/, '');
    expect(text).not.toContain('identity_secret');

    const res = await replace(text);
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf(res)).toMatchObject({
      hasSharedSecret: true,
      hasIdentitySecret: false,
      hasRevocationCode: false,
    });

    const after = await stored();
    expect(after.mafileEnc).not.toBe(before.mafileEnc);
    expect(after.mafileEnc).not.toContain(bot!.sharedSecret);
    expect(after.passwordEnc).toBe(before.passwordEnc);
    expect(after.proxyId).toBe(before.proxyId);
    expect(after.status).toBe(before.status);
    const row = dataOf(await t.call('GET', `/api/steam-accounts/${accountId}`, { token: user.accessToken }));
    expect(row.proxy).toMatchObject({ address: '10.20.0.81', port: 3128 });
    expect(row.tags.map((tag: { name: string }) => tag.name)).toEqual(['Farm']);
  });

  it("refuses another account's maFile, naming both, in either language, and keeps the stored one", async () => {
    const before = await stored();
    const res = await replace(sandboxMafileText(other!));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({
      resultCode: 7,
      message: `The maFile belongs to another account: the file is for ${other!.login}, SteamID ${other!.steamId}, this account is ${bot!.login}, SteamID ${bot!.steamId}`,
    });
    const ru = await replace(sandboxMafileText(other!), 'ru-RU');
    expect(errorOf(ru).message).toBe(
      `Мафайл принадлежит другому аккаунту: в файле ${other!.login}, SteamID ${other!.steamId}, а аккаунт ${bot!.login}, SteamID ${bot!.steamId}`,
    );
    expect((await stored()).mafileEnc).toBe(before.mafileEnc);
  });

  it('refuses a file of the same name whose SteamID is another account', async () => {
    const forged = sandboxMafileText(bot!).replace(bot!.steamId, other!.steamId);
    expect(errorOf(await replace(forged))).toMatchObject({ resultCode: 7 });
  });

  it("gives the maFile reader's reason for an unreadable file, and refuses a file that names no account", async () => {
    const noSecret = JSON.parse(sandboxMafileText(bot!).replace(bot!.steamId, '0'));
    delete noSecret.shared_secret;
    const unreadable = await replace(JSON.stringify(noSecret));
    expect(unreadable.statusCode).toBe(400);
    expect(errorOf(unreadable)).toMatchObject({
      resultCode: 10,
      message: 'The maFile cannot be read: The maFile has no shared_secret',
    });
    expect(errorOf(await replace(JSON.stringify(noSecret), 'ru-RU')).message).toBe(
      'Мафайл не читается: В мафайле нет shared_secret',
    );

    const anonymous = JSON.parse(sandboxMafileText(bot!).replace(bot!.steamId, '0'));
    delete anonymous.account_name;
    delete anonymous.uri;
    const nameless = await replace(JSON.stringify(anonymous));
    expect(errorOf(nameless)).toMatchObject({
      resultCode: 7,
      message:
        'The maFile names no account (neither account_name nor SteamID), so it cannot be matched to this account',
    });
  });
});
