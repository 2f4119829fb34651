/**
 * Reads one plaintext maFile of any known producer (SDA old and new, ASF, Steam mobile app export,
 * steamguard-cli, NebulaAuth) into one shape, or names why it cannot be used.
 */
import { stripBom } from './bytes.ts';
import { readEmbeddedProxy } from './embedded-proxy.ts';
import { parseJsonLossless } from './lossless-json.ts';
import {
  ALIASES,
  isObject,
  type JsonObject,
  keyed,
  type MafileSession,
  pick,
  pickNumber,
  pickText,
  readSession,
  type SessionFormat,
} from './mafile-fields.ts';
import type { MafileFailureReason, MafileWarning } from './messages.ts';
import type { ProxyPart } from './proxy-part.ts';
import { normalizeSecret } from './secrets.ts';
import { readSteamIdField } from './steam-id.ts';

/** Larger than any real maFile by two orders of magnitude. */
export const MAX_MAFILE_BYTES = 256 * 1024;

export const MAFILE_EXTENSION = /\.mafile$/i;

export type MafileVariant =
  | 'sda' // SDA ≥ 1.0.12: Session with mobile refresh/access tokens
  | 'sdaLegacy' // SDA ≤ 1.0.11: OAuthToken / SteamLoginSecure / WebCookie session
  | 'asf' // ArchiSteamFarm: Session holds only SteamID, serial_number as a number
  | 'steamApp' // Steam mobile app v2 export: top-level steamid string, steamguard_scheme
  | 'steamguardCli' // steamguard-cli: snake_case steam_id, tokens object
  | 'nebula' // NebulaAuth: SDA layout plus Proxy, Group, Password
  | 'minimal'; // secrets only

export interface ParsedMafile {
  variant: MafileVariant;
  accountName: string | null;
  /** SteamID64 as exact decimal text. */
  steamId: string | null;
  /** Canonical padded base64. */
  sharedSecret: string;
  identitySecret: string | null;
  deviceId: string | null;
  revocationCode: string | null;
  serialNumber: string | null;
  tokenGid: string | null;
  serverTime: number | null;
  uri: string | null;
  status: number | null;
  fullyEnrolled: boolean | null;
  sessionFormat: SessionFormat;
  session: MafileSession | null;
  embeddedProxy: ProxyPart | null;
  embeddedPassword: string | null;
  group: string | null;
  warnings: MafileWarning[];
}

export type MafileReadResult =
  | { ok: true; mafile: ParsedMafile }
  | { ok: false; reason: MafileFailureReason };

export interface ReadMafileOptions {
  /** Take the NebulaAuth `Proxy` field (the spec's `tryExtractProxy`). */
  tryExtractProxy?: boolean;
}

export function hasMafileExtension(fileName: string): boolean {
  return MAFILE_EXTENSION.test(fileName.trim());
}

/** Parses maFile JSON text (BOM, CRLF, pretty or minified). */
export function parseMafileText(content: string, options: ReadMafileOptions = {}): MafileReadResult {
  if (content.length > MAX_MAFILE_BYTES) return { ok: false, reason: 'tooLarge' };
  const text = stripBom(content).trim();
  if (text === '') return { ok: false, reason: 'empty' };
  let data: unknown;
  try {
    data = parseJsonLossless(text);
  } catch {
    return { ok: false, reason: 'notJson' };
  }
  if (!isObject(data)) return { ok: false, reason: 'notObject' };
  return readMafileObject(data, options);
}

export function readMafileObject(document: JsonObject, options: ReadMafileOptions = {}): MafileReadResult {
  const fields = keyed(document);
  const warnings: MafileWarning[] = [];

  const rawShared = pick(fields, ALIASES.sharedSecret);
  if (rawShared === undefined || rawShared === '') return { ok: false, reason: 'missingSharedSecret' };
  const sharedSecret = typeof rawShared === 'string' ? normalizeSecret(rawShared) : null;
  if (!sharedSecret) return { ok: false, reason: 'badSharedSecret' };
  if (isHex(rawShared)) warnings.push('hexSecret');

  const rawIdentity = pick(fields, ALIASES.identitySecret);
  let identitySecret: string | null = null;
  if (rawIdentity === undefined || rawIdentity === '') warnings.push('missingIdentitySecret');
  else {
    identitySecret = typeof rawIdentity === 'string' ? normalizeSecret(rawIdentity) : null;
    // Guard codes need only the shared secret: a damaged identity secret is left out, not the whole file.
    if (!identitySecret) warnings.push('identitySecretUnreadable');
    else if (isHex(rawIdentity) && !warnings.includes('hexSecret')) warnings.push('hexSecret');
  }

  const session = readSession(fields);
  warnings.push(...session.warnings);
  // The session's SteamID is the one SDA and ASF write; top-level fields come from other producers.
  let steamId: string | null = null;
  for (const candidate of [session.steamIdField, fields.get('steamid')]) {
    const reading = readSteamIdField(candidate);
    if (reading.kind === 'invalid') return { ok: false, reason: 'badSteamId' };
    if (reading.kind === 'valid') {
      steamId = reading.steamId;
      break;
    }
  }
  // NebulaAuth also accepts a bare `id`; being so generic, it is used only when it is a valid SteamID.
  const looseId = readSteamIdField(fields.get('id'));
  if (!steamId && looseId.kind === 'valid') steamId = looseId.steamId;
  if (!steamId && session.tokenSubject && readSteamIdField(session.tokenSubject).kind === 'valid')
    steamId = session.tokenSubject;
  if (!steamId) warnings.push('missingSteamId');

  const accountName = pickText(fields, ALIASES.accountName);
  if (!accountName) warnings.push('missingAccountName');
  const deviceId = pickText(fields, ALIASES.deviceId);
  if (!deviceId) warnings.push('missingDeviceId');

  const status = pickNumber(fields, ALIASES.status);
  if (status !== null && status !== 1) warnings.push('statusNotActive');
  const enrolled = pick(fields, ALIASES.fullyEnrolled);
  const fullyEnrolled = typeof enrolled === 'boolean' ? enrolled : null;
  if (fullyEnrolled === false) warnings.push('notFullyEnrolled');

  const isNebula = ['proxy', 'group', 'password'].some((key) => fields.has(key));
  return {
    ok: true,
    mafile: {
      variant: detectVariant(document, fields, session.format, isNebula),
      accountName,
      steamId,
      sharedSecret,
      identitySecret,
      deviceId,
      revocationCode: pickText(fields, ALIASES.revocationCode),
      serialNumber: pickText(fields, ALIASES.serialNumber),
      tokenGid: pickText(fields, ALIASES.tokenGid),
      serverTime: pickNumber(fields, ALIASES.serverTime),
      uri: pickText(fields, ALIASES.uri),
      status,
      fullyEnrolled,
      sessionFormat: session.format,
      session: session.session,
      embeddedProxy: options.tryExtractProxy ? readEmbeddedProxy(pick(fields, ALIASES.proxy)) : null,
      embeddedPassword: isNebula ? pickText(fields, ALIASES.password) : null,
      group: isNebula ? pickText(fields, ALIASES.group) : null,
      warnings,
    },
  };
}

function isHex(value: unknown): boolean {
  return typeof value === 'string' && /^[0-9a-fA-F]{40}$/.test(value.trim());
}

function detectVariant(
  document: JsonObject,
  fields: Map<string, unknown>,
  format: SessionFormat,
  isNebula: boolean,
): MafileVariant {
  if (isNebula) return 'nebula';
  // steamguard-cli writes snake_case `steam_id` and a `tokens` object (or null) instead of `Session`.
  if ('tokens' in document || 'steam_id' in document) return 'steamguardCli';
  if (format === 'legacy') return 'sdaLegacy';
  if (format === 'tokens' || format === 'unreadable') return 'sda';
  if (format === 'steamIdOnly' || typeof fields.get('serialnumber') === 'number') return 'asf';
  if (fields.has('steamguardscheme') || (fields.has('steamid') && !fields.has('deviceid'))) return 'steamApp';
  // An SDA file whose Session was cleared (null) still is an SDA file; it needs a new sign-in.
  if (fields.has('session')) return 'sda';
  return 'minimal';
}
