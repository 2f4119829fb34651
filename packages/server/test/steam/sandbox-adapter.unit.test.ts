/**
 * Sandbox Steam: every sign-in case of the sdk corpus gives its add reason through the same guarded port as
 * live Steam, its maFiles and lines are read by the sdk readers, and its tokens behave like Steam's.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  classifyLoginFailure,
  parseAccountLines,
  parseMafileText,
  readJwtClaims,
} from '@tradedeck/sdk/domain';
import { describe, expect, it } from 'vitest';
import {
  createSteamPort,
  SandboxWorld,
  type SteamProxy,
  sandboxAccountLine,
  sandboxMafileText,
} from '../../src/integrations/steam/index.ts';
import { SANDBOX_CASES } from '../../src/integrations/steam/sandbox/sandbox-cases.ts';

const corpus = JSON.parse(
  readFileSync(
    fileURLToPath(new URL('../../../sdk/test/steam/fixtures/login-cases.json', import.meta.url)),
    'utf8',
  ),
) as { cases: { login: string; steam: unknown; expect: Record<string, unknown> | null }[] };

const world = new SandboxWorld();
const proxyNumber = (n: number): SteamProxy => ({
  protocol: 'http',
  host: '127.0.0.1',
  port: 20000 + n,
  username: null,
  password: null,
});

describe('sandbox Steam world', () => {
  it('holds exactly the sign-in cases of the sdk corpus', () => {
    expect(SANDBOX_CASES.map(({ login, steam }) => ({ login, steam }))).toEqual(
      corpus.cases.map(({ login, steam }) => ({ login, steam })),
    );
  });

  it('gives every corpus case its add reason and retry policy', async () => {
    const port = createSteamPort({ mode: 'sandbox' });
    expect(port.mode).toBe('sandbox');
    for (const [index, item] of corpus.cases.entries()) {
      const account = world.find(item.login)!;
      const result = await port.signIn({
        login: account.login,
        password: account.password,
        sharedSecret: account.sharedSecret,
        proxy: proxyNumber(index),
      });
      if (item.expect === null) {
        expect(result, item.login).toMatchObject({
          ok: true,
          steamId: account.steamId,
          accountName: item.login,
        });
      } else {
        expect(result.ok, item.login).toBe(false);
        if (!result.ok) expect(result.outcome, item.login).toEqual(item.expect);
      }
    }
  });

  it('writes maFiles and lines the sdk readers accept, and they sign in', async () => {
    const port = createSteamPort({ mode: 'sandbox' });
    const accounts = world.healthyAccounts(25);
    const lines = parseAccountLines(accounts.map(sandboxAccountLine).join('\n'));
    expect(lines.errors).toEqual([]);
    for (const [index, account] of accounts.entries()) {
      const read = parseMafileText(sandboxMafileText(account));
      expect(read.ok).toBe(true);
      if (!read.ok) continue;
      expect(read.mafile).toMatchObject({
        variant: 'asf',
        accountName: account.login,
        steamId: account.steamId,
      });
      const result = await port.signIn({
        login: read.mafile.accountName!,
        password: lines.accounts[index]!.password,
        sharedSecret: read.mafile.sharedSecret,
        proxy: proxyNumber(index % 5),
      });
      expect(result).toMatchObject({ ok: true, steamId: account.steamId, via: 'password' });
    }
  });

  it('is deterministic and keeps SteamIDs unique and exact', () => {
    const again = new SandboxWorld().healthyAccounts(300);
    const accounts = world.healthyAccounts(300);
    expect(again).toEqual(accounts);
    expect(new Set(accounts.map((item) => item.steamId)).size).toBe(300);
    expect(world.findBySteamId(accounts[299]!.steamId)?.login).toBe('sandbox_bot_0300');
    expect(new SandboxWorld('another seed').find('sandbox_bot_0001')!.password).not.toBe(
      accounts[0]!.password,
    );
  });

  it('refuses a wrong password, a wrong secret and an unknown account', async () => {
    const port = createSteamPort({ mode: 'sandbox' });
    const bot = world.find('sandbox_bot_0007')!;
    const other = world.find('sandbox_bot_0008')!;
    const base = {
      login: bot.login,
      password: bot.password,
      sharedSecret: bot.sharedSecret,
      proxy: proxyNumber(1),
    };
    expect(await port.signIn({ ...base, password: 'nope' })).toMatchObject({
      outcome: { reason: 'invalidPassword' },
    });
    expect(await port.signIn({ ...base, sharedSecret: other.sharedSecret })).toMatchObject({
      outcome: { reason: 'invalidMafile', retry: 'resyncTimeOnce' },
    });
    expect(await port.signIn({ ...base, login: 'nobody_here' })).toMatchObject({
      outcome: { reason: 'invalidPassword' },
    });
    expect(await port.signIn({ ...base, proxy: null })).toMatchObject({ outcome: { reason: 'noProxy' } });
  });

  it('issues MobileApp tokens that refresh, renew and sign in again without the password', async () => {
    const port = createSteamPort({ mode: 'sandbox' });
    const bot = world.find('sandbox_bot_0042')!;
    const proxy = proxyNumber(2);
    const first = await port.signIn({
      login: bot.login,
      password: bot.password,
      sharedSecret: bot.sharedSecret,
      proxy,
    });
    if (!first.ok) throw new Error('sandbox sign-in failed');
    expect(readJwtClaims(first.refreshToken)).toMatchObject({ sub: bot.steamId });
    expect(readJwtClaims(first.refreshToken)!.aud).toEqual(expect.arrayContaining(['mobile', 'derive']));

    expect(await port.refreshSession(first.refreshToken, proxy)).toMatchObject({
      ok: true,
      renewed: false,
      refreshToken: first.refreshToken,
    });
    const rotated = await port.refreshSession(first.refreshToken, proxy, { renew: 'always' });
    expect(rotated).toMatchObject({ ok: true, renewed: true });
    if (rotated.ok) expect(rotated.refreshToken).not.toBe(first.refreshToken);

    const tampered = `${first.refreshToken.slice(0, -2)}xx`;
    expect(await port.refreshSession(tampered, proxy)).toMatchObject({ ok: false });

    const again = await port.signIn({
      login: bot.login,
      password: 'not used',
      sharedSecret: bot.sharedSecret,
      proxy,
      existingRefreshToken: first.refreshToken,
    });
    expect(again).toMatchObject({ ok: true, via: 'refreshToken', steamId: bot.steamId });
  });

  it('answers profiles, Steam time and guard codes', async () => {
    const port = createSteamPort({ mode: 'sandbox' });
    const bot = world.find('sandbox_bot_0003')!;
    expect(await port.profile(bot.steamId, proxyNumber(1))).toEqual({
      ok: true,
      steamId: bot.steamId,
      personaName: 'Sandbox bot 0003',
      avatarUrl: bot.avatarUrl,
    });
    expect(bot.avatarUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(await port.profile('76561197960265728', proxyNumber(1))).toMatchObject({ ok: false });
    expect(await port.steamTime(proxyNumber(1))).toMatchObject({ ok: true, offsetSeconds: 7 });
    // steam-totp reference vectors (notes §4.1)
    expect(await port.guardCode('KDHC3rsY8+CmiswnXJcE5e5dRfd=', 1337)).toEqual({
      code: '47J4D',
      remainingSeconds: 13,
    });
    expect((await port.guardCode('KDHC3rsY8+CmiswnXJcE5e5dRfd=', 1723332288)).code).toBe('JQ3HQ');
  });

  it('uses the sdk classification for every failure it reports', async () => {
    const port = createSteamPort({ mode: 'sandbox' });
    const account = world.find('sandbox_proxy_dns')!;
    const result = await port.signIn({ ...account, proxy: proxyNumber(3) });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.outcome).toEqual(classifyLoginFailure(result.failure));
  });
});
