import type { Db } from '../db/database.ts';
import { dataKeyNeedsRewrap, unwrapDataKey, wrapDataKey } from './envelope.ts';
import type { Keyring } from './master-key.ts';
import { allWrappedKeys, storeWrappedKey } from './user-keys-repo.ts';

/**
 * After a master-key rotation (new key first in TRADEDECK_MASTER_KEY, old ones after it): re-wraps every user's
 * data key under the active master key. Only the 32-byte data keys change; stored secrets stay as they are.
 * Returns how many keys were re-wrapped. Runs as the table owner (a maintenance command, not a request).
 */
export async function rewrapDataKeys(db: Db, keyring: Keyring): Promise<number> {
  const rows = await allWrappedKeys(db);
  let rewrapped = 0;
  for (const row of rows) {
    if (!dataKeyNeedsRewrap(keyring, row.wrappedKey)) continue;
    const dek = unwrapDataKey(keyring, row.userId, row.wrappedKey);
    await storeWrappedKey(db, row.userId, wrapDataKey(keyring, row.userId, dek));
    dek.fill(0);
    rewrapped += 1;
  }
  return rewrapped;
}
