import { describe, expect, it } from 'vitest';
import { extractMafiles, type ParsedMafile, parseMafileText } from '../../src/domain/index.ts';
import { fixtureText, uploadsFrom } from './fixtures.ts';

async function readValid(name: string): Promise<ParsedMafile> {
  const result = await extractMafiles(
    uploadsFrom('mafiles/valid').filter((upload) => upload.name === name),
    { tryExtractProxy: true },
  );
  expect(result.invalid).toEqual([]);
  expect(result.extracted).toHaveLength(1);
  return result.extracted[0]!.mafile;
}

describe('maFile variants (notes §3, §11 A)', () => {
  it('SDA ≥ 1.0.12: mobile tokens kept, SteamID exact although above 2^53', async () => {
    const mafile = await readValid('sda-1.0.15.maFile');
    expect(mafile.variant).toBe('sda');
    expect(mafile.steamId).toBe('76561202255230001');
    expect(Number.isSafeInteger(Number(mafile.steamId))).toBe(false);
    expect(mafile.accountName).toBe('fixture_sda');
    expect(mafile.sessionFormat).toBe('tokens');
    expect(mafile.session?.refreshToken).toMatch(/^eyJ/);
    expect(mafile.session?.refreshTokenExpiresAt).toBe(4102444800);
    expect(mafile.identitySecret).toMatch(/^[A-Za-z0-9+/]{27}=$/);
    expect(mafile.serialNumber).toBe('14425146468201859219');
    expect(mafile.warnings).toEqual([]);
  });

  it('a damaged identity_secret is left out with a warning; guard codes still have their shared secret', async () => {
    const mafile = await readValid('identity-21-bytes.maFile');
    expect(mafile.identitySecret).toBeNull();
    expect(mafile.sharedSecret).toMatch(/^[A-Za-z0-9+/]{27}=$/);
    expect(mafile.warnings).toContain('identitySecretUnreadable');
  });

  it('session tokens that are no JWTs: the SDA file is read, the session is not kept and a warning says so', async () => {
    const mafile = await readValid('session-not-jwt.maFile');
    expect(mafile.variant).toBe('sda');
    expect(mafile.sessionFormat).toBe('unreadable');
    expect(mafile.session).toBeNull();
    expect(mafile.steamId).toBe('76561202255230023');
    expect(mafile.warnings).toEqual(['sessionNotKept']);
  });

  it('SDA ≤ 1.0.11: legacy session means a new sign-in, its cookies are not kept', async () => {
    for (const name of ['sda-legacy-session.maFile', 'sda-legacy-null-fields.maFile']) {
      const mafile = await readValid(name);
      expect(mafile.variant).toBe('sdaLegacy');
      expect(mafile.sessionFormat).toBe('legacy');
      expect(mafile.session).toBeNull();
      expect(mafile.warnings).toContain('legacySession');
      expect(mafile.steamId).toMatch(/^7656120225523000[23]$/);
    }
  });

  it('SDA with Session null: secrets read, sign-in needed, SteamID unknown', async () => {
    const mafile = await readValid('sda-session-null.maFile');
    expect(mafile.variant).toBe('sda');
    expect(mafile.session).toBeNull();
    expect(mafile.steamId).toBeNull();
    expect(mafile.warnings).toContain('missingSteamId');
  });

  it('ASF: Session with the SteamID only, serial_number as a u64 number kept exact', async () => {
    const mafile = await readValid('asf.maFile');
    expect(mafile.variant).toBe('asf');
    expect(mafile.sessionFormat).toBe('steamIdOnly');
    expect(mafile.steamId).toBe('76561202255230005');
    expect(mafile.serialNumber).toBe('18446744073709551557');
  });

  it('Steam mobile app v2 export: top-level string steamid, string server_time, no device id', async () => {
    const mafile = await readValid('steam-app-v2.maFile');
    expect(mafile.variant).toBe('steamApp');
    expect(mafile.steamId).toBe('76561202255230006');
    expect(typeof mafile.serverTime).toBe('number');
    expect(mafile.deviceId).toBeNull();
    expect(mafile.warnings).toContain('missingDeviceId');
  });

  it('steamguard-cli: snake_case steam_id number and a tokens object (or null)', async () => {
    const withTokens = await readValid('steamguard-cli.maFile');
    expect(withTokens.variant).toBe('steamguardCli');
    expect(withTokens.steamId).toBe('76561202255230007');
    expect(withTokens.session?.accessToken).toMatch(/^eyJ/);
    const without = await readValid('steamguard-cli-no-tokens.maFile');
    expect(without.variant).toBe('steamguardCli');
    expect(without.steamId).toBe('76561202255230008');
    expect(without.session).toBeNull();
  });

  it('NebulaAuth: Proxy, Group and Password extras; the proxy only with tryExtractProxy', async () => {
    const mafile = await readValid('nebula.maFile');
    expect(mafile.variant).toBe('nebula');
    expect(mafile.embeddedProxy).toEqual({
      protocol: 'socks5',
      host: '203.0.113.10',
      port: 8080,
      username: 'proxyuser',
      password: 'proxypass',
    });
    expect(mafile.group).toBe('farm-1');
    expect(mafile.embeddedPassword).toBe('fixture-embedded-password');
    const withoutProxy = parseMafileText(fixtureText('mafiles/valid/nebula.maFile'));
    expect(withoutProxy.ok && withoutProxy.mafile.embeddedProxy).toBeNull();
  });

  it('NebulaAuth aliases: PascalCase keys, RCode, session_data with snake_case tokens', async () => {
    const mafile = await readValid('nebula-aliases.maFile');
    expect(mafile.accountName).toBe('fixture_alias');
    expect(mafile.revocationCode).toBe('R54321');
    expect(mafile.steamId).toBe('76561202255230010');
    expect(mafile.session?.refreshToken).toMatch(/^eyJ/);
    expect(mafile.identitySecret).not.toBeNull();
  });

  it('minimal files, lower-case and upper-case extensions, BOM + CRLF, minified JSON', async () => {
    const minimal = await readValid('minimal.mafile');
    expect(minimal.variant).toBe('minimal');
    expect(minimal.accountName).toBe('fixture_minimal');
    const bom = await readValid('bom-crlf.maFile');
    expect(bom.steamId).toBe('76561202255230012');
    const minified = await readValid('minified.MAFILE');
    expect(minified.steamId).toBe('76561202255230013');
  });

  it('secrets as 40 hex digits or with escaped slashes are normalised to base64', async () => {
    const hex = await readValid('hex-secret.maFile');
    expect(hex.sharedSecret).toMatch(/^[A-Za-z0-9+/]{27}=$/);
    expect(hex.warnings).toContain('hexSecret');
    const slash = await readValid('escaped-slash.maFile');
    expect(slash.sharedSecret).toBe('ABCDEFGHIJ/KLMNOPQRSTUVWXYY=');
  });

  it('SteamID 0 or null counts as unknown, not as an error', async () => {
    for (const name of ['steamid-zero.maFile', 'steamid-null.maFile']) {
      const mafile = await readValid(name);
      expect(mafile.steamId).toBeNull();
      expect(mafile.warnings).toContain('missingSteamId');
    }
  });

  it('missing identity_secret or device_id is read with a warning', async () => {
    const noIdentity = await readValid('no-identity-secret.maFile');
    expect(noIdentity.identitySecret).toBeNull();
    expect(noIdentity.warnings).toContain('missingIdentitySecret');
    const noDevice = await readValid('no-device-id.maFile');
    expect(noDevice.deviceId).toBeNull();
    expect(noDevice.warnings).toContain('missingDeviceId');
  });

  it('string server_time and serial, status other than 1 and fully_enrolled false', async () => {
    const mafile = await readValid('not-enrolled.maFile');
    expect(mafile.serverTime).toBe(1700000123);
    expect(mafile.serialNumber).toBe('1234567890123');
    expect(mafile.status).toBe(2);
    expect(mafile.fullyEnrolled).toBe(false);
    expect(mafile.warnings).toEqual(expect.arrayContaining(['statusNotActive', 'notFullyEnrolled']));
  });

  it('an expired access token keeps the session (the refresh token renews it)', async () => {
    const mafile = await readValid('expired-access-token.maFile');
    expect(mafile.session?.accessTokenExpiresAt).toBe(1577836800);
    expect(mafile.session?.refreshTokenExpiresAt).toBe(4102444800);
  });

  it('a refresh token for another audience or another SteamID is not reused', async () => {
    const web = await readValid('wrong-audience.maFile');
    expect(web.session).toBeNull();
    expect(web.warnings).toContain('tokenAudienceNotMobile');
    const other = await readValid('subject-mismatch.maFile');
    expect(other.session).toBeNull();
    expect(other.warnings).toContain('tokenSubjectMismatch');
    expect(other.steamId).toBe('76561202255230021');
  });

  it('a bare top-level id is a SteamID only when it is a valid one', () => {
    const base = { shared_secret: 'KDHC3rsY8+CmiswnXJcE5e5dRfc=', account_name: 'x' };
    const loose = parseMafileText(JSON.stringify({ ...base, id: 5 }));
    expect(loose.ok && loose.mafile.steamId).toBeNull();
    const real = parseMafileText(`{"shared_secret":"${base.shared_secret}","id":76561202255230088}`);
    expect(real.ok && real.mafile.steamId).toBe('76561202255230088');
    expect(parseMafileText(JSON.stringify({ ...base, steamid: 'abc' }))).toEqual({
      ok: false,
      reason: 'badSteamId',
    });
  });

  it('SteamAuth 2025 extras are accepted', async () => {
    const mafile = await readValid('steamauth-extras.maFile');
    expect(mafile.variant).toBe('sda');
    expect(mafile.warnings).toEqual([]);
  });
});

describe('maFiles that are refused, one named reason each', () => {
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
    const uploads = uploadsFrom('mafiles/invalid').filter((upload) => upload.name === name);
    expect(uploads).toHaveLength(1);
    const result = await extractMafiles(uploads);
    expect(result.extracted).toEqual([]);
    expect(result.invalid).toEqual([{ fileName: name, reason }]);
  });

  it('a whole folder of bad files reports each one and still reads the good ones', async () => {
    const result = await extractMafiles([...uploadsFrom('mafiles/invalid'), ...uploadsFrom('mafiles/valid')]);
    expect(result.invalid).toHaveLength(10);
    expect(result.extracted).toHaveLength(uploadsFrom('mafiles/valid').length);
  });

  it('a file far larger than any maFile is refused before parsing', () => {
    expect(parseMafileText(`{"shared_secret":"${'A'.repeat(300_000)}"}`)).toEqual({
      ok: false,
      reason: 'tooLarge',
    });
  });
});

describe('duplicates', () => {
  it('two files for one account (same SteamID, login case differs): the newer enrollment wins', async () => {
    const result = await extractMafiles(uploadsFrom('mafiles/duplicates'));
    expect(result.extracted).toHaveLength(1);
    expect(result.extracted[0]!.fileName).toBe('dup-newer.maFile');
    expect(result.invalid).toEqual([{ fileName: 'dup-older.maFile', reason: 'duplicateAccount' }]);
  });
});
