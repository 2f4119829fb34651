import { ConfigError } from '../config/config.ts';
import { type Db, IN_MEMORY } from '../db/database.ts';
import { EnvelopeError } from './envelope.ts';
import { loadKeyring, masterKeyFile, onlyActiveKey, withNewKey, writeKeyFile } from './master-key.ts';
import { refuseNewKeyOverSealedData } from './missing-master-key.ts';
import { rewrapDataKeys, verifyDataKeys } from './rewrap-keys.ts';
import { UserKeysRepo } from './user-keys-repo.ts';

export interface RotationSettings {
  /** TRADEDECK_MASTER_KEY, when the key comes from the environment. */
  masterKey: string | null;
  /** The data directory holding `master.key`; null when there is none (in memory). */
  dataDir: string | null;
  /** One line for the operator (never a key). */
  say(line: string): void;
}

/**
 * `tradedeck-server rotate-master-key`: every user's data key wrapped by a new master key, checked at the end.
 *
 * - Key from TRADEDECK_MASTER_KEY: the operator puts the new key first and the old one after it and restarts the
 *   servers (they then read both), then runs this while they serve; it re-wraps and verifies, and names the keys
 *   to drop from the variable.
 * - Key file (`<data dir>/master.key`): this adds a new key in front of the old one, re-wraps, verifies, and
 *   leaves the new key alone in the file.
 *
 * Resumable: each row commits on its own and its envelope names the key wrapping it; a file holding two keys is a
 * rotation begun earlier, which a new run finishes instead of starting another.
 */
export async function rotateMasterKey(db: Db, settings: RotationSettings): Promise<void> {
  const { say } = settings;
  const fromFile = !settings.masterKey;
  if (fromFile && !settings.dataDir) {
    throw new ConfigError(
      'the data directory is in memory and TRADEDECK_MASTER_KEY is not set: there is no lasting key to rotate',
    );
  }
  // No key file for a database whose data keys a key wraps: a fresh file would hold a key that opens none of them.
  await refuseNewKeyOverSealedData(
    { masterKey: settings.masterKey, dataDir: settings.dataDir ?? IN_MEMORY },
    db,
  );
  let keyring = loadKeyring(settings.masterKey, settings.dataDir);
  if (!fromFile) {
    if (
      keyring.keys.size === 1 &&
      (await new UserKeysRepo(db).notWrappedBy(keyring.active, 1)).length === 0
    ) {
      throw new ConfigError(
        `TRADEDECK_MASTER_KEY holds one key (${keyring.active}) and every data key is wrapped by it. To rotate, put ` +
          `a new key first and this one after it (TRADEDECK_MASTER_KEY=k2:<new base64>,${keyring.active}:<current ` +
          'base64>), restart the servers with it, then run rotate-master-key again',
      );
    }
  } else if (keyring.keys.size === 1) {
    keyring = withNewKey(keyring);
    writeKeyFile(settings.dataDir!, keyring);
    say(`added master key ${keyring.active} in front of the old one in ${masterKeyFile(settings.dataDir!)}`);
  } else {
    say(`carrying on with the rotation to master key ${keyring.active} begun earlier`);
  }

  try {
    const rewrapped = await rewrapDataKeys(db, keyring, {
      onProgress: (done, total) => say(`re-wrapped ${done} data keys (${total} in all)`),
    });
    say(`re-wrapped ${rewrapped} data keys under master key ${keyring.active}`);
  } catch (error) {
    if (error instanceof EnvelopeError) {
      throw new ConfigError(
        `a data key could not be opened (${error.message}): every master key still wrapping data keys must be in ` +
          `${fromFile ? 'the key file' : 'TRADEDECK_MASTER_KEY'}, after the new one`,
      );
    }
    throw error;
  }

  const check = await verifyDataKeys(db, keyring);
  if (check.failed.length > 0) {
    throw new ConfigError(
      `verification failed: ${check.failed.length} data keys do not open with master key ${keyring.active} ` +
        `(users ${check.failed.slice(0, 5).join(', ')}${check.failed.length > 5 ? ', …' : ''}); run the command again`,
    );
  }
  say(`verified: all ${check.verified} data keys open with master key ${keyring.active} alone`);

  const retired = [...keyring.keys.keys()].filter((kid) => kid !== keyring.active);
  if (retired.length === 0) return;
  if (fromFile) {
    writeKeyFile(settings.dataDir!, onlyActiveKey(keyring));
    say(
      `retired master key ${retired.join(', ')}: ${masterKeyFile(settings.dataDir!)} holds ${keyring.active} alone`,
    );
  } else {
    say(
      `now drop ${retired.join(', ')} from TRADEDECK_MASTER_KEY (keep ${keyring.active} alone) and restart the servers`,
    );
  }
}
