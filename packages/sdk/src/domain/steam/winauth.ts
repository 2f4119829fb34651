/**
 * WinAuth exports: one account per line, `otpauth://totp/Steam:<login>?secret=<base32>&digits=5&issuer=Steam
 * &deviceid=<id>&data=<url-encoded JSON>`. The `data` JSON is the Steam app's own record of the authenticator
 * (shared and identity secrets, SteamID, revocation code...); a line without it still carries the shared secret
 * in base32. Each line becomes the maFile JSON it describes, read like any other maFile.
 */
import { encodeBase64, stripBom } from './bytes.ts';
import { parseJsonLossless } from './lossless-json.ts';
import type { MafileFailureReason } from './messages.ts';
import { SECRET_LENGTH_BYTES } from './secrets.ts';

/** A WinAuth export of a few thousand accounts; far above any real one. */
export const MAX_WINAUTH_BYTES = 2 * 1024 * 1024;

export type WinAuthLine =
  | { line: number; ok: true; text: string }
  | { line: number; ok: false; reason: MafileFailureReason };

/** Text whose first meaningful line is an `otpauth://` URL. */
export function looksLikeWinAuthExport(content: string): boolean {
  const first = stripBom(content).trimStart().slice(0, 16).toLowerCase();
  return first.startsWith('otpauth://');
}

/** Reads every non-empty line of a WinAuth export. */
export function readWinAuthExport(content: string): WinAuthLine[] {
  const lines: WinAuthLine[] = [];
  stripBom(content)
    .split(/\r\n|\r|\n/)
    .forEach((raw, index) => {
      const text = raw.trim();
      if (text === '' || text.startsWith('#')) return;
      const result = readOtpauthLine(text);
      lines.push(
        typeof result === 'string'
          ? { line: index + 1, ok: true, text: result }
          : { line: index + 1, ok: false, reason: result.reason },
      );
    });
  return lines;
}

/** One `otpauth://` line as maFile JSON text, or why it cannot be one. */
export function readOtpauthLine(line: string): string | { reason: MafileFailureReason } {
  let url: URL;
  try {
    url = new URL(line);
  } catch {
    return { reason: 'badOtpauthLine' };
  }
  if (url.protocol !== 'otpauth:' || url.hostname.toLowerCase() !== 'totp')
    return { reason: 'badOtpauthLine' };
  const label = safeDecode(url.pathname.replace(/^\/+/, ''));
  const colon = label.indexOf(':');
  const labelIssuer = colon >= 0 ? label.slice(0, colon).trim() : null;
  const login = (colon >= 0 ? label.slice(colon + 1) : label).trim();
  const issuer = url.searchParams.get('issuer') ?? labelIssuer;
  if (issuer?.toLowerCase() !== 'steam') return { reason: 'notSteamOtpauth' };

  let record: Record<string, unknown> = {};
  const data = url.searchParams.get('data');
  if (data !== null) {
    let parsed: unknown;
    try {
      parsed = parseJsonLossless(data);
    } catch {
      return { reason: 'badOtpauthLine' };
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      return { reason: 'badOtpauthLine' };
    record = parsed as Record<string, unknown>;
  }
  if (record.shared_secret === undefined) {
    const written = url.searchParams.get('secret');
    if (!written) return { reason: 'missingSharedSecret' };
    const secret = decodeBase32(written);
    if (secret?.length !== SECRET_LENGTH_BYTES) return { reason: 'badSharedSecret' };
    record.shared_secret = encodeBase64(secret);
  }
  if (record.account_name === undefined && login !== '') record.account_name = login;
  const deviceId = url.searchParams.get('deviceid');
  if (record.device_id === undefined && deviceId) record.device_id = deviceId;
  return JSON.stringify(record, null, 2);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 (padding and case ignored); null when the text is not base32. */
export function decodeBase32(text: string): Uint8Array | null {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  if (clean === '') return null;
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = BASE32.indexOf(char);
    if (value < 0) return null;
    buffer = ((buffer << 5) | value) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out.push((buffer >> bits) & 0xff);
    }
  }
  return new Uint8Array(out);
}
