import type { Db } from '../db/database.ts';
import { EnvelopeError, unwrapDataKey, wrapDataKey } from './envelope.ts';
import { type Keyring, onlyActiveKey } from './master-key.ts';
import { UserKeysRepo } from './user-keys-repo.ts';

const BATCH = 200;

export interface RewrapOptions {
  /** Told after each batch: how many keys this run re-wrapped so far, of how many keys there are. */
  onProgress?(rewrapped: number, total: number): void;
}

/**
 * After a master-key rotation (new key first, old ones after it): re-wraps every user's data key under the active
 * master key, a batch at a time, each row on its own commit. A run killed half-way leaves every row wrapped by one
 * key or the other (the key id in the row says which); the next run carries on with the rest. Only the 32-byte data
 * keys change; stored secrets stay as they are. Returns how many keys this run re-wrapped.
 */
export async function rewrapDataKeys(db: Db, keyring: Keyring, options: RewrapOptions = {}): Promise<number> {
  const repo = new UserKeysRepo(db);
  const total = await repo.total();
  let rewrapped = 0;
  // A row another writer changed between the read and the write is read again on the next pass.
  for (let rows = await repo.notWrappedBy(keyring.active, BATCH); rows.length > 0; ) {
    for (const row of rows) {
      const dek = unwrapDataKey(keyring, row.userId, row.wrappedKey);
      const wrapped = wrapDataKey(keyring, row.userId, dek);
      // The new envelope must open to the same data key before it replaces the old one.
      const check = unwrapDataKey(keyring, row.userId, wrapped);
      if (!check.equals(dek))
        throw new EnvelopeError(`the re-wrapped data key of user ${row.userId} differs`);
      if (await repo.replace(row, wrapped)) rewrapped += 1;
      dek.fill(0);
      check.fill(0);
    }
    options.onProgress?.(rewrapped, total);
    rows = await repo.notWrappedBy(keyring.active, BATCH);
  }
  return rewrapped;
}

export interface Verification {
  verified: number;
  /** User ids whose data key is not wrapped by the active key or does not open with it. */
  failed: string[];
}

/** Reads every data key back and opens it with the active master key alone. */
export async function verifyDataKeys(db: Db, keyring: Keyring): Promise<Verification> {
  const repo = new UserKeysRepo(db);
  const onlyActive = onlyActiveKey(keyring);
  const result: Verification = { verified: 0, failed: [] };
  for (let after: string | null = null; ; ) {
    const rows = await repo.page(after, BATCH * 5);
    if (rows.length === 0) return result;
    for (const row of rows) {
      try {
        unwrapDataKey(onlyActive, row.userId, row.wrappedKey).fill(0);
        result.verified += 1;
      } catch {
        result.failed.push(row.userId);
      }
    }
    after = rows.at(-1)!.userId;
  }
}
