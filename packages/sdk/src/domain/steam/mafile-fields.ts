/**
 * Field access over the many maFile spellings: SDA PascalCase sessions, steamguard-cli snake_case,
 * NebulaAuth aliases. Keys are compared lowercased with underscores removed.
 */
import { looksLikeJwt, readJwtClaims } from './jwt.ts';
import type { MafileWarning } from './messages.ts';
import { readSteamIdField } from './steam-id.ts';

export type JsonObject = Record<string, unknown>;

const normalizeKey = (key: string): string => key.toLowerCase().replace(/_/g, '');

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A view of an object's keys by their normalised names (first spelling wins). */
export function keyed(object: JsonObject): Map<string, unknown> {
  const map = new Map<string, unknown>();
  for (const [key, value] of Object.entries(object)) {
    const name = normalizeKey(key);
    if (!map.has(name)) map.set(name, value);
  }
  return map;
}

export function pick(fields: Map<string, unknown>, aliases: readonly string[]): unknown {
  for (const alias of aliases) {
    const value = fields.get(alias);
    if (value !== undefined && value !== null) return value;
  }
  return undefined;
}

export function pickText(fields: Map<string, unknown>, aliases: readonly string[]): string | null {
  const value = pick(fields, aliases);
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

export function pickNumber(fields: Map<string, unknown>, aliases: readonly string[]): number | null {
  const value = pick(fields, aliases);
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) {
    const number = Number(value.trim());
    return Number.isSafeInteger(number) ? number : null;
  }
  return null;
}

export const ALIASES = {
  sharedSecret: ['sharedsecret', 'shared'],
  identitySecret: ['identitysecret', 'identity'],
  deviceId: ['deviceid', 'device'],
  revocationCode: ['revocationcode', 'rcode'],
  session: ['session', 'sessiondata'],
  accountName: ['accountname', 'login', 'username'],
  serialNumber: ['serialnumber'],
  tokenGid: ['tokengid'],
  serverTime: ['servertime'],
  uri: ['uri'],
  status: ['status'],
  fullyEnrolled: ['fullyenrolled'],
  tokens: ['tokens'],
  proxy: ['proxy'],
  group: ['group'],
  password: ['password'],
  steamGuardScheme: ['steamguardscheme'],
} as const;

const SESSION_ALIASES = {
  steamId: ['steamid'],
  refreshToken: ['refreshtoken', 'refresh', 'oauthtoken'],
  accessToken: ['accesstoken', 'access', 'steamloginsecure'],
  sessionId: ['sessionid'],
} as const;

/** Keys only the dead pre-2023 SDA session wrote. */
const LEGACY_SESSION_KEYS = ['oauthtoken', 'steamlogin', 'steamloginsecure', 'webcookie'];

/** `unreadable`: a session with tokens that are not JWTs (not kept). */
export type SessionFormat = 'tokens' | 'legacy' | 'steamIdOnly' | 'unreadable' | 'none';

export interface MafileSession {
  refreshToken: string;
  accessToken: string | null;
  sessionId: string | null;
  /** Unix seconds, from the JWT `exp` claims. */
  refreshTokenExpiresAt: number | null;
  accessTokenExpiresAt: number | null;
}

export interface SessionReading {
  format: SessionFormat;
  /** Only a session whose refresh token is a mobile JWT of the same SteamID can be reused. */
  session: MafileSession | null;
  steamIdField: unknown;
  /** SteamID from the token subject, used when the file names none. */
  tokenSubject: string | null;
  warnings: MafileWarning[];
}

/** `steamLoginSecure` holds `<steamid>%7C%7C<access token>`; keep the token part. */
function accessTokenFrom(value: string | null): string | null {
  if (!value) return null;
  const decoded = value.replace(/%7C/gi, '|');
  const token = decoded.includes('||') ? decoded.slice(decoded.indexOf('||') + 2) : decoded;
  return looksLikeJwt(token) ? token : null;
}

export function readSession(document: Map<string, unknown>): SessionReading {
  const warnings: MafileWarning[] = [];
  const rawSession = pick(document, ALIASES.session);
  // steamguard-cli keeps tokens at the top level: `tokens: { access_token, refresh_token }`.
  const rawTokens = pick(document, ALIASES.tokens);
  const source = isObject(rawSession) ? rawSession : isObject(rawTokens) ? rawTokens : null;
  if (!source)
    return { format: 'none', session: null, steamIdField: undefined, tokenSubject: null, warnings };

  const fields = keyed(source);
  const steamIdField = pick(fields, SESSION_ALIASES.steamId);
  const refreshToken = pickText(fields, SESSION_ALIASES.refreshToken);
  const accessToken = accessTokenFrom(pickText(fields, SESSION_ALIASES.accessToken));
  const sessionId = pickText(fields, SESSION_ALIASES.sessionId);

  if (!refreshToken || !looksLikeJwt(refreshToken)) {
    const legacy = LEGACY_SESSION_KEYS.some((key) => fields.has(key));
    // Tokens that are there but are no JWTs: said out loud rather than dropped as if the file had none.
    const unreadable =
      !legacy && (refreshToken !== null || pickText(fields, SESSION_ALIASES.accessToken) !== null);
    if (legacy) warnings.push('legacySession');
    if (unreadable) warnings.push('sessionNotKept');
    return {
      format: legacy
        ? 'legacy'
        : unreadable
          ? 'unreadable'
          : fields.size > 0 && steamIdField !== undefined
            ? 'steamIdOnly'
            : 'none',
      session: null,
      steamIdField,
      tokenSubject: null,
      warnings,
    };
  }

  const refreshClaims = readJwtClaims(refreshToken);
  const accessClaims = accessToken ? readJwtClaims(accessToken) : null;
  const subject = refreshClaims?.sub ?? null;
  const fileSteamId = readSteamIdField(steamIdField);
  let usable = refreshClaims !== null;
  if (refreshClaims && !refreshClaims.aud.includes('mobile')) {
    warnings.push('tokenAudienceNotMobile');
    usable = false;
  }
  if (subject && fileSteamId.kind === 'valid' && subject !== fileSteamId.steamId) {
    warnings.push('tokenSubjectMismatch');
    usable = false;
  }
  return {
    format: 'tokens',
    session: usable
      ? {
          refreshToken,
          accessToken,
          sessionId,
          refreshTokenExpiresAt: refreshClaims?.exp ?? null,
          accessTokenExpiresAt: accessClaims?.exp ?? null,
        }
      : null,
    steamIdField,
    tokenSubject: subject,
    warnings,
  };
}
