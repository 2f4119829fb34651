import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../config/config.ts';

/** The key-encryption keys by id; `active` wraps new data keys, the others still unwrap old ones. */
export interface Keyring {
  active: string;
  keys: ReadonlyMap<string, Buffer>;
}

export const MASTER_KEY_FILE = 'master.key';

/**
 * Loads the master key: `TRADEDECK_MASTER_KEY` (base64 of 32 bytes, optionally `kid:base64,kid:base64` with the
 * first one active), else `<dataDir>/master.key`, created with mode 0600 on first start. An in-memory database
 * gets a throw-away key.
 */
export function loadKeyring(masterKey: string | null, dataDir: string | null): Keyring {
  if (masterKey) return parseKeyring(masterKey);
  if (dataDir === null) return { active: 'k1', keys: new Map([['k1', randomBytes(32)]]) };
  const path = join(dataDir, MASTER_KEY_FILE);
  if (!existsSync(path)) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(path, `k1:${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  }
  if ((statSync(path).mode & 0o077) !== 0) {
    throw new ConfigError(`${path} must be readable by its owner only: chmod 600 ${path}`);
  }
  return parseKeyring(readFileSync(path, 'utf8').trim());
}

export function parseKeyring(text: string): Keyring {
  const keys = new Map<string, Buffer>();
  let active: string | null = null;
  for (const [index, entry] of text.split(',').entries()) {
    const trimmed = entry.trim();
    const colon = trimmed.indexOf(':');
    const kid = colon > 0 ? trimmed.slice(0, colon) : `k${index + 1}`;
    const key = Buffer.from(colon > 0 ? trimmed.slice(colon + 1) : trimmed, 'base64');
    if (key.length !== 32 || !/^[A-Za-z0-9_-]{1,16}$/.test(kid)) {
      throw new ConfigError(
        'TRADEDECK_MASTER_KEY must be base64 of 32 bytes (or kid:base64, comma-separated)',
      );
    }
    keys.set(kid, key);
    active ??= kid;
  }
  if (!active) throw new ConfigError('TRADEDECK_MASTER_KEY is empty');
  return { active, keys };
}
