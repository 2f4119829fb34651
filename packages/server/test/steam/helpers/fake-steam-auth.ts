/**
 * The sign-in half of the fake Steam: IAuthenticationService as widely used clients speak to it, and the tokens it
 * issues. Written from the clients (DoctorMcKay/node-steam-session, dyc3/steamguard-cli, JustArchiNET/ArchiSteamFarm),
 * not from our adapter; each behaviour names its reference. Where the references do not show Steam's answer, the
 * comment says "unverified" and the fake takes the reading that is hardest on the client.
 */
import { createHmac, generateKeyPairSync, randomBytes } from 'node:crypto';

export interface FakeAccount {
  login: string;
  password: string;
  steamId: string;
  sharedSecret: string;
  personaName: string;
  /** `allowed_confirmations` of BeginAuthSessionViaCredentials (EAuthSessionGuardType values). */
  offered: number[];
  /** An EResult answered by BeginAuthSessionViaCredentials instead of a session (84, 87, ...). */
  beginEResult?: number;
  /** Accepts the code but never reports the session as authenticated (the sign-in times out). */
  neverApprove?: boolean;
  /**
   * The owner approves the sign-in on the phone (device confirmation, type 4): `beforeCode` as soon as it starts,
   * `withCode` at the moment our code arrives. Either way a code sent after the approval is answered 29.
   */
  deviceApproval?: 'beforeCode' | 'withCode';
}

/** EResult values the references name (node-steam-session `src/enums-steam/EResult.ts`). */
export const FAKE_ERESULT = {
  OK: 1,
  InvalidPassword: 5,
  InvalidParam: 8,
  FileNotFound: 9,
  AccessDenied: 15,
  DuplicateRequest: 29,
  InvalidLoginAuthCode: 65,
  RateLimitExceeded: 84,
  TwoFactorCodeMismatch: 88,
} as const;

/** node-steam-session `src/enums-steam/EAuthSessionGuardType.ts`. */
const GUARD = { EmailCode: 2, DeviceCode: 3, DeviceConfirmation: 4 } as const;
/** node-steam-session `src/enums-steam/EAuthTokenPlatformType.ts`. */
const PLATFORM = { SteamClient: 1, WebBrowser: 2, MobileApp: 3 } as const;

export interface AuthKnobs {
  /** Lifetime of access tokens: about a day (notes steam.md §14; node-steam-session test/src/helpers.ts). */
  accessTokenLifetimeS: number;
  /** Refresh tokens last 200 days (node-steam-session test/src/helpers.ts; steamguard-cli token.rs sample). */
  refreshTokenLifetimeS: number;
  /**
   * Steam renews a refresh token only when it nears its end, "at the discretion of the Steam backend"
   * (node-steam-session README `renewRefreshToken`); the window is not published. Unverified: 7 days here.
   */
  renewalWindowS: number;
  /** Seconds between polls Steam asks for (`interval`); the tests keep it short. */
  pollIntervalS: number;
  /** Since 2023-09-12 Steam at times gives no access token at the poll (node-steam-session LoginSession.ts). */
  accessTokenAtPoll: boolean;
  /** Every IAuthenticationService call answers 84: Steam limits by IP, and this fake sees one egress. */
  rateLimited: boolean;
}

export type AuthAnswer = { eresult: number; body?: object };

interface AuthSession {
  account: FakeAccount;
  requestId: string;
  platform: number;
  approved: boolean;
}

interface IssuedToken {
  serial: number;
  sub: string;
  /** The refresh token an access token was derived from. */
  parent: string | null;
}

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Steam's TOTP as steamguard-cli `steamguard/src/token.rs` `generate_code` computes it (independent of ours). */
export function referenceGuardCode(sharedSecret: string, time: number): string {
  const alphabet = '23456789BCDFGHJKMNPQRTVWXY';
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(time / 30)));
  const mac = createHmac('sha1', Buffer.from(sharedSecret, 'base64')).update(counter).digest();
  const at = mac[19]! & 0xf;
  let point = mac.readUInt32BE(at) & 0x7fffffff;
  let code = '';
  for (let i = 0; i < 5; i++) {
    code += alphabet[point % alphabet.length];
    point = Math.floor(point / alphabet.length);
  }
  return code;
}

export function createFakeAuth(accounts: FakeAccount[], steamNow: () => number, knobs: AuthKnobs) {
  // The password travels RSA-encrypted with the key GetPasswordRSAPublicKey hands out, PKCS#1 v1.5
  // (node-steam-session AuthenticationClient.ts `encryptPassword`; steamguard-cli userlogin.rs `encrypt_password`).
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as { n: string; e: string; d: string };
  const toBig = (value: string) => BigInt(`0x${Buffer.from(value, 'base64url').toString('hex')}`);
  const [n, e, d] = [toBig(jwk.n), toBig(jwk.e), toBig(jwk.d)];
  const keyTimestamp = String(Date.now() * 1000);
  const signingKey = randomBytes(32);
  const sessions = new Map<string, AuthSession>();
  const issued = new Map<string, IssuedToken>();
  const revokedJti = new Set<string>();
  const revokedUpTo = new Map<string, number>();
  let accessValidAfter = 0;
  let serial = 0;
  let sessionSerial = 0;
  const codeSubmissions: { code: string; accepted: boolean; eresult: number }[] = [];

  function decryptPassword(encrypted: string): string {
    const c = BigInt(`0x${Buffer.from(encrypted, 'base64').toString('hex')}`);
    let m = 1n;
    let base = c % n;
    for (let exp = d; exp > 0n; exp >>= 1n) {
      if (exp & 1n) m = (m * base) % n;
      base = (base * base) % n;
    }
    const bytes = Buffer.from(m.toString(16).padStart(512, '0'), 'hex');
    // PKCS#1 v1.5 type 2: 00 02 <non-zero padding> 00 <message>
    return bytes.subarray(bytes.indexOf(0, 2) + 1).toString('utf8');
  }

  /**
   * Claims as Steam sets them (node-steam-session test/src/helpers.ts `createTokenPair`; steamguard-cli token.rs
   * `test_decode_jwt`): a refresh token has `iss: "steam"`, the platform's audience plus `renew` and `derive`,
   * `per: 1`; an access token has `iss: "r:<refresh jti>"`, the platform's audience, `rt_exp`, `per: 0`.
   * The signature is the fake's own: clients read the claims and never check it.
   */
  function sign(claims: object): string {
    const body = `${b64url({ typ: 'JWT', alg: 'EdDSA' })}.${b64url(claims)}`;
    return `${body}.${createHmac('sha256', signingKey).update(body).digest('base64url')}`;
  }
  function nextJti(): { jti: string; serial: number } {
    serial += 1;
    return {
      jti: `FAKE_${serial.toString(16).toUpperCase().padStart(8, '0')}_${randomBytes(3).toString('hex')}`,
      serial,
    };
  }
  function platformAudience(platform: number): string[] {
    if (platform === PLATFORM.MobileApp) return ['web', 'mobile'];
    if (platform === PLATFORM.SteamClient) return ['client', 'web'];
    return ['web'];
  }
  function refreshToken(sub: string, aud: string[], exp: number): string {
    const now = steamNow();
    const { jti, serial: s } = nextJti();
    issued.set(jti, { serial: s, sub, parent: null });
    return sign({
      iss: 'steam',
      sub,
      aud: [...aud, 'renew', 'derive'],
      exp,
      nbf: now - 100,
      iat: now,
      jti,
      oat: now,
      per: 1,
      ip_subject: '127.0.0.3',
      ip_confirmer: '127.0.0.3',
    });
  }
  function accessToken(refresh: Claims): string {
    const now = steamNow();
    const { jti, serial: s } = nextJti();
    issued.set(jti, { serial: s, sub: refresh.sub, parent: refresh.jti });
    return sign({
      iss: `r:${refresh.jti}`,
      sub: refresh.sub,
      aud: refresh.aud.filter((item) => item !== 'renew' && item !== 'derive'),
      exp: now + knobs.accessTokenLifetimeS,
      nbf: now - 100,
      iat: now,
      jti,
      oat: now,
      rt_exp: refresh.exp,
      per: 0,
      ip_subject: '127.0.0.3',
      ip_confirmer: '127.0.0.3',
    });
  }

  type Claims = { sub: string; aud: string[]; exp: number; jti: string; iss: string };
  /** The claims of a token this fake issued that is still alive (signature, expiry, revocations), else null. */
  function alive(value: string): Claims | null {
    const [head, payload, signature] = value.split('.');
    if (
      !head ||
      !payload ||
      createHmac('sha256', signingKey).update(`${head}.${payload}`).digest('base64url') !== signature
    )
      return null;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Claims;
    const token = issued.get(claims.jti);
    if (!token || claims.exp <= steamNow()) return null;
    if (token.serial <= (revokedUpTo.get(claims.sub) ?? 0)) return null;
    if (revokedJti.has(claims.jti) || (token.parent && revokedJti.has(token.parent))) return null;
    return claims;
  }

  const rateLimited = (): AuthAnswer | null =>
    knobs.rateLimited ? { eresult: FAKE_ERESULT.RateLimitExceeded } : null;

  const handlers: Record<string, (input: Record<string, unknown>) => AuthAnswer> = {
    // GET, `account_name` in; modulus and exponent as hex strings plus the key's timestamp out
    // (node-steam-session AuthenticationClient.ts `getRsaKey`; transports/WebApiTransport.ts lists it as the one GET).
    // A rate-limited IP is refused here already (notes steam.md §5 table: 84 "already at GetPasswordRSAPublicKey").
    GetPasswordRSAPublicKey: () =>
      rateLimited() ?? {
        eresult: FAKE_ERESULT.OK,
        body: { publickey_mod: n.toString(16), publickey_exp: e.toString(16), timestamp: keyTimestamp },
      },

    // A wrong password is 5 InvalidPassword and 84 is "too many attempts" (steamguard-cli userlogin.rs
    // `From<EResult> for LoginError`); the answer names the client id, request id, poll interval, allowed
    // confirmations and SteamID (node-steam-session AuthenticationClient.ts `startSessionWithCredentials`).
    BeginAuthSessionViaCredentials: (input) => {
      const limited = rateLimited();
      if (limited) return limited;
      const account = accounts.find((item) => item.login === String(input.account_name).toLowerCase());
      if (String(input.encryption_timestamp) !== keyTimestamp)
        return { eresult: FAKE_ERESULT.InvalidPassword };
      if (!account || decryptPassword(String(input.encrypted_password)) !== account.password)
        return { eresult: FAKE_ERESULT.InvalidPassword };
      if (account.beginEResult) return { eresult: account.beginEResult };
      const details = (input.device_details ?? {}) as { platform_type?: number };
      const clientId = String(1_000_000 + ++sessionSerial);
      const session: AuthSession = {
        account,
        requestId: randomBytes(16).toString('base64'),
        platform: Number(details.platform_type ?? PLATFORM.WebBrowser),
        approved: account.deviceApproval === 'beforeCode',
      };
      sessions.set(clientId, session);
      return {
        eresult: FAKE_ERESULT.OK,
        body: {
          client_id: clientId,
          request_id: Buffer.from(session.requestId, 'base64'),
          interval: knobs.pollIntervalS,
          // An e-mail code names the address's domain (node-steam-session LoginSession.ts: `detail` = message).
          allowed_confirmations: account.offered.map((type) => ({
            confirmation_type: type,
            ...(type === GUARD.EmailCode ? { associated_message: 'mail.example' } : {}),
          })),
          steamid: account.steamId,
        },
      };
    },

    // `client_id`, `steamid`, `code`, `code_type` in (node-steam-session AuthenticationClient.ts
    // `submitSteamGuardCode`). Answers (steamguard-cli userlogin.rs `From<EResult> for UpdateAuthSessionError`,
    // src/login.rs): 88 wrong device code, 84 too many attempts, 27 session expired, 29 DuplicateRequest when the
    // sign-in was already approved elsewhere ("polling should give you the tokens"); a wrong e-mail code is 65
    // (node-steam-session LoginSession.ts `_attemptEmailCodeAuth`).
    UpdateAuthSessionWithSteamGuardCode: (input) => {
      const limited = rateLimited();
      if (limited) return limited;
      const session = sessions.get(String(input.client_id));
      // Unverified: an unknown client id is answered as the poll answers it (9).
      if (!session) return { eresult: FAKE_ERESULT.FileNotFound };
      const code = String(input.code);
      const record = (eresult: number) => {
        codeSubmissions.push({ code, accepted: eresult === FAKE_ERESULT.OK, eresult });
        return eresult === FAKE_ERESULT.OK ? { eresult, body: {} } : { eresult };
      };
      if (String(input.steamid) !== session.account.steamId) return record(FAKE_ERESULT.InvalidParam);
      if (session.account.deviceApproval === 'withCode') session.approved = true;
      if (session.approved) return record(FAKE_ERESULT.DuplicateRequest);
      const type = Number(input.code_type);
      // Unverified: a code of a type Steam did not offer is refused as a bad parameter.
      if (!session.account.offered.includes(type)) return record(FAKE_ERESULT.InvalidParam);
      if (type === GUARD.EmailCode) return record(FAKE_ERESULT.InvalidLoginAuthCode);
      // The code of Steam's current 30-second window, or of the one either side. Unverified: QueryTime announces
      // `skew_tolerance_seconds: 60`, read here as one window each way; a clock off by more is refused.
      const now = steamNow();
      if (
        ![now - 30, now, now + 30].some((at) => referenceGuardCode(session.account.sharedSecret, at) === code)
      )
        return record(FAKE_ERESULT.TwoFactorCodeMismatch);
      session.approved = true;
      return record(FAKE_ERESULT.OK);
    },

    // Empty until the sign-in is approved, then the tokens and the account name; 9 FileNotFound for a session Steam
    // does not know (steamguard-cli userlogin.rs `poll_until_info`). Polls before the code are normal: the library
    // polls at once when device confirmation is offered (node-steam-session LoginSession.ts
    // `_processStartSessionResponse`).
    PollAuthSessionStatus: (input) => {
      const limited = rateLimited();
      if (limited) return limited;
      const clientId = String(input.client_id);
      const session = sessions.get(clientId);
      if (!session) return { eresult: FAKE_ERESULT.FileNotFound };
      if (Buffer.from(input.request_id as Uint8Array).toString('base64') !== session.requestId)
        return { eresult: FAKE_ERESULT.InvalidParam };
      if (!session.approved || session.account.neverApprove) return { eresult: FAKE_ERESULT.OK, body: {} };
      sessions.delete(clientId);
      const refresh = refreshToken(
        session.account.steamId,
        platformAudience(session.platform),
        steamNow() + knobs.refreshTokenLifetimeS,
      );
      return {
        eresult: FAKE_ERESULT.OK,
        body: {
          refresh_token: refresh,
          ...(knobs.accessTokenAtPoll ? { access_token: accessToken(alive(refresh)!) } : {}),
          account_name: session.account.login,
        },
      };
    },

    // `refresh_token`, `steamid`, `renewal_type` in (node-steam-session AuthenticationClient.ts
    // `generateAccessTokenForApp`). Since 2025-04-30 only MobileApp tokens are served here; others get AccessDenied
    // (node-steam-session README `getWebCookies`/`renewRefreshToken`). A renewal (type 1) is granted only near the
    // token's end, and the old refresh token dies the moment a new one is issued (README `renewRefreshToken`).
    // Unverified: the EResult for a dead or revoked refresh token; ArchiSteamFarm Bot.cs reads AccessDenied,
    // Expired and InvalidPassword alike as "no longer authorised", the fake answers AccessDenied.
    GenerateAccessTokenForApp: (input) => {
      const limited = rateLimited();
      if (limited) return limited;
      const refresh = alive(String(input.refresh_token));
      if (!refresh?.aud.includes('derive') || !refresh.aud.includes('mobile'))
        return { eresult: FAKE_ERESULT.AccessDenied };
      if (String(input.steamid) !== refresh.sub) return { eresult: FAKE_ERESULT.InvalidParam };
      const renew = Number(input.renewal_type) === 1 && refresh.exp - steamNow() < knobs.renewalWindowS;
      if (!renew) return { eresult: FAKE_ERESULT.OK, body: { access_token: accessToken(refresh) } };
      const platformAud = refresh.aud.filter((item) => item !== 'renew' && item !== 'derive');
      const renewed = refreshToken(refresh.sub, platformAud, steamNow() + knobs.refreshTokenLifetimeS);
      revokedJti.add(refresh.jti);
      // Unverified: access tokens derived from a dead refresh token are refused here too (the strict reading),
      // so the one handed out with a renewal comes from the new token.
      return {
        eresult: FAKE_ERESULT.OK,
        body: { access_token: accessToken(alive(renewed)!), refresh_token: renewed },
      };
    },
  };

  return {
    handlers,
    codeSubmissions,
    /** A MobileApp refresh token for tests that start from a held session (as a maFile brings one). */
    issueRefreshToken: (steamId: string, expiresAt: number) =>
      refreshToken(steamId, ['web', 'mobile'], expiresAt),
    /** A WebBrowser refresh token (audience `web` only): Steam no longer derives access tokens from it. */
    issueBrowserRefreshToken: (steamId: string, expiresAt: number) =>
      refreshToken(steamId, ['web'], expiresAt),
    /** Whether a refresh token is still accepted by Steam. */
    refreshTokenAlive: (value: string) => alive(value) !== null,
    verifyAccessToken(value: string): { sub: string; exp: number } | null {
      const claims = alive(value);
      if (!claims || claims.aud.includes('derive') || issued.get(claims.jti)!.serial <= accessValidAfter)
        return null;
      return { sub: claims.sub, exp: claims.exp };
    },
    expireAccessTokens() {
      accessValidAfter = serial;
    },
    revokeSessions(steamId: string) {
      revokedUpTo.set(steamId, serial);
    },
  };
}

export type FakeAuth = ReturnType<typeof createFakeAuth>;
