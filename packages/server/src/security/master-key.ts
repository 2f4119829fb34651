import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, type ServerConfig } from '../config/config.ts';
import { IN_MEMORY } from '../db/database.ts';
import { StartupError } from '../startup-error.ts';
import { writeFileAtomically } from '../write-file-atomically.ts';

/** The key-encryption keys by id; `active` wraps new data keys, the others still unwrap old ones. */
export interface Keyring {
  active: string;
  keys: ReadonlyMap<string, Buffer>;
}

export const MASTER_KEY_FILE = 'master.key';

/**
 * The one way the master key is loaded (the server, `rotate-master-key`, `rewrap-keys`, `restore`):
 * `TRADEDECK_MASTER_KEY` (base64 of 32 bytes, optionally `kid:base64,kid:base64` with the first one active), else
 * `<dataDir>/master.key`, created with mode 0600 on first start. A data directory in memory (`memory://`, or none)
 * gets a throw-away key.
 */
export function loadKeyring(masterKey: string | null, dataDir: string | null): Keyring {
  if (masterKey) return parseKeyring(masterKey);
  if (dataDir === null || dataDir === IN_MEMORY)
    return { active: 'k1', keys: new Map([['k1', randomBytes(32)]]) };
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

/** The key file's text for a keyring: the active key first. */
function keyFileText(keyring: Keyring): string {
  const entries = [keyring.active, ...[...keyring.keys.keys()].filter((kid) => kid !== keyring.active)];
  return `${entries.map((kid) => `${kid}:${keyring.keys.get(kid)!.toString('base64')}`).join(',')}\n`;
}

/** Replaces `<dataDir>/master.key` in one step, so that a kill at any moment leaves one whole keyring. */
export function writeKeyFile(dataDir: string, keyring: Keyring): void {
  writeFileAtomically(join(dataDir, MASTER_KEY_FILE), keyFileText(keyring));
}

/** A keyring with a new random key put first, under the next free `k<n>` id. */
export function withNewKey(keyring: Keyring): Keyring {
  let n = keyring.keys.size + 1;
  while (keyring.keys.has(`k${n}`)) n += 1;
  const kid = `k${n}`;
  return { active: kid, keys: new Map([[kid, randomBytes(32)], ...keyring.keys]) };
}

/** The keyring with only its active key (the others retired once nothing is wrapped by them). */
export function onlyActiveKey(keyring: Keyring): Keyring {
  return { active: keyring.active, keys: new Map([[keyring.active, keyring.keys.get(keyring.active)!]]) };
}

export function masterKeyFile(dataDir: string): string {
  return join(dataDir, MASTER_KEY_FILE);
}

/**
 * The master key's check at every start: with TRADEDECK_REQUIRE_MASTER_KEY on and no TRADEDECK_MASTER_KEY the
 * server refuses to start; a live server keeping its key in a file beside its data gets the warning answered here.
 * A data directory in memory has nowhere to keep a key file, so its key is thrown away with the process: right for
 * the embedded database thrown away with it, wrong for Postgres, whose secrets would outlive the key (and several
 * processes would each seal under a key of their own). On Postgres a live server then refuses to start and a
 * sandbox one is warned.
 */
export function masterKeyAtStart(
  config: Pick<ServerConfig, 'masterKey' | 'requireMasterKey' | 'mode' | 'dataDir' | 'databaseUrl'>,
): string | null {
  if (config.masterKey) return null;
  if (config.requireMasterKey) {
    throw new StartupError(
      'TRADEDECK_REQUIRE_MASTER_KEY is on but TRADEDECK_MASTER_KEY is not set: set TRADEDECK_MASTER_KEY to the ' +
        'base64 of 32 random bytes (openssl rand -base64 32), kept apart from the database and its backups',
    );
  }
  if (config.dataDir === IN_MEMORY) {
    if (!config.databaseUrl) return null;
    const lost =
      'TRADEDECK_MASTER_KEY is not set and the data directory is in memory: the master key would last as long as ' +
      'this process, so the secrets it seals in Postgres could not be opened after a restart or by another server ' +
      'process.';
    if (config.mode === 'live') {
      throw new StartupError(
        `${lost} Set TRADEDECK_MASTER_KEY to the base64 of 32 random bytes (openssl rand -base64 32), kept apart ` +
          'from the database and its backups',
      );
    }
    return `${lost} Set TRADEDECK_MASTER_KEY before storing secrets you mean to keep`;
  }
  if (config.mode !== 'live') return null;
  const where = config.databaseUrl ? 'on this machine' : 'beside the database';
  return (
    `TRADEDECK_MASTER_KEY is not set: the master key sits in ${masterKeyFile(config.dataDir)}, ${where}, so a copy ` +
    'of the data directory opens every stored secret. Set TRADEDECK_MASTER_KEY and keep it apart from the data ' +
    'and its backups (TRADEDECK_REQUIRE_MASTER_KEY=1 then refuses to start without it)'
  );
}
