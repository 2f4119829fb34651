import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { userKeys } from '../db/schema.ts';

/** Every user's wrapped data key, read as the table owner (the key rotation is a maintenance command). */
export function allWrappedKeys(db: Db) {
  return db.select().from(userKeys);
}

/** Stores a user's data key wrapped anew and when it was. */
export async function storeWrappedKey(db: Db, userId: string, wrappedKey: string): Promise<void> {
  await db.update(userKeys).set({ wrappedKey, rotatedAt: new Date() }).where(eq(userKeys.userId, userId));
}
