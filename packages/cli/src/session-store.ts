import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { writePrivateFile } from '@tradedeck/sdk/client/node';
import { findProgram } from './kit/find-program.ts';

/** One secret of the session: the access token or the refresh cookie, as text. */
export interface SecretSlot {
  read(): string | null;
  write(value: string): void;
  remove(): void;
}

export type SessionName = 'token' | 'session';

/** Where the CLI keeps its session: the OS keyring when one is available, else 0600 files. */
export interface SessionStore {
  /** `secret-tool` (libsecret: GNOME Keyring, KWallet), `keychain` (macOS) or `file`. */
  readonly kind: 'secret-tool' | 'keychain' | 'file';
  /** Where the session lives, as `config get` shows it. */
  readonly location: string;
  slot(name: SessionName): SecretSlot;
}

/** A keyring reached through a command-line program: lookup, store and clear by account name. */
interface Keyring {
  readonly kind: 'secret-tool' | 'keychain';
  lookup(account: string): string | null;
  /** False when the keyring refused (locked, no service answering): the caller keeps the file instead. */
  store(account: string, value: string): boolean;
  clear(account: string): void;
}

const SERVICE = 'tradedeck';
const LABEL = 'Tradedeck CLI session';
/** A keyring that does not answer in this time (a prompt nobody sees, a hung service) counts as refusing. */
const KEYRING_TIMEOUT_MS = 5_000;

/** The session file of a name in the settings directory (`token.json`, `session.json`). */
export function sessionFile(configDir: string, name: SessionName): string {
  return join(configDir, `${name}.json`);
}

/**
 * Picks the session store: `secret-tool` when it is on PATH and a D-Bus session bus is set (a desktop session),
 * macOS's `security` on a Mac, else the files. `TRADEDECK_KEYRING=off` keeps the files (servers, containers).
 */
export function openSessionStore(
  configDir: string,
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
): SessionStore {
  const keyring = findKeyring(env, platform);
  const files: SessionStore = {
    kind: 'file',
    location: configDir,
    slot: (name) => fileSlot(sessionFile(configDir, name)),
  };
  if (!keyring) return files;
  // Entries are per settings directory, so several profiles (TRADEDECK_CONFIG_DIR) keep several sessions.
  const account = (name: SessionName) => `${resolve(configDir)}:${name}`;
  return {
    kind: keyring.kind,
    location: `${keyring.kind === 'keychain' ? 'macOS keychain' : 'keyring (secret-tool)'}, service ${SERVICE}`,
    slot(name) {
      const file = fileSlot(sessionFile(configDir, name));
      return {
        // A session saved in the file (before the keyring was there, or while it refused) still counts.
        read: () => keyring.lookup(account(name)) ?? file.read(),
        write(value) {
          if (keyring.store(account(name), value)) file.remove();
          else file.write(value);
        },
        remove() {
          keyring.clear(account(name));
          file.remove();
        },
      };
    },
  };
}

function findKeyring(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): Keyring | null {
  if (env.TRADEDECK_KEYRING === 'off') return null;
  if (platform === 'darwin') {
    const security = findProgram('security', env);
    return security ? keychain(security, env) : null;
  }
  // Without a session bus there is no keyring to reach: PATH is not searched (a few milliseconds per command).
  if (!env.DBUS_SESSION_BUS_ADDRESS) return null;
  const secretTool = findProgram('secret-tool', env);
  return secretTool ? libsecret(secretTool, env) : null;
}

/** libsecret's `secret-tool`: the secret goes in on stdin, never on the command line. */
function libsecret(program: string, env: NodeJS.ProcessEnv): Keyring {
  const attributes = (account: string) => ['service', SERVICE, 'account', account];
  return {
    kind: 'secret-tool',
    lookup: (account) => runQuietly(program, ['lookup', ...attributes(account)], env),
    store: (account, value) =>
      runQuietly(program, ['store', '--label', LABEL, ...attributes(account)], env, value) !== null,
    clear(account) {
      runQuietly(program, ['clear', ...attributes(account)], env);
    },
  };
}

/** macOS `security`: the secret is written as hex to its interactive input, never on the command line. */
function keychain(program: string, env: NodeJS.ProcessEnv): Keyring {
  const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
  return {
    kind: 'keychain',
    lookup: (account) => {
      const found = runQuietly(program, ['find-generic-password', '-s', SERVICE, '-a', account, '-w'], env);
      return found === null ? null : found.replace(/\n$/, '');
    },
    store: (account, value) =>
      runQuietly(
        program,
        ['-i'],
        env,
        `add-generic-password -U -s ${SERVICE} -a ${quote(account)} -l ${quote(LABEL)} -X ${Buffer.from(value).toString('hex')}\n`,
      ) !== null,
    clear(account) {
      runQuietly(program, ['delete-generic-password', '-s', SERVICE, '-a', account], env);
    },
  };
}

/** Runs a keyring program; its output, or null when it failed, timed out or found nothing. */
function runQuietly(program: string, args: string[], env: NodeJS.ProcessEnv, input?: string): string | null {
  try {
    const output = execFileSync(program, args, {
      env,
      encoding: 'utf8',
      input: input ?? '',
      stdio: ['pipe', 'pipe', 'ignore'],
      timeout: KEYRING_TIMEOUT_MS,
    });
    return input === undefined && output === '' ? null : output;
  } catch {
    return null;
  }
}

/** A secret in a file readable by its owner only, replaced atomically. */
function fileSlot(path: string): SecretSlot {
  return {
    read() {
      try {
        return readFileSync(path, 'utf8');
      } catch {
        return null;
      }
    },
    write: (value) => writePrivateFile(path, value),
    remove: () => rmSync(path, { force: true }),
  };
}
