import { sql } from 'drizzle-orm';
import type { Db } from './database.ts';

/** Settings local to one transaction, as `set_config(name, value, true)` makes them (`role` is `set local role`). */
export type TransactionSettings = Readonly<Record<string, string>>;

type SettingsTransaction = <T>(settings: TransactionSettings, work: (tx: Db) => Promise<T>) => Promise<T>;

/** Drivers that send the settings with the transaction's BEGIN register how here (see postgres-transactions). */
export const transactionsWithSettings = new WeakMap<object, SettingsTransaction>();

/**
 * Runs `work` in a transaction with `settings` set locally before it. Where the driver allows, the settings go
 * with BEGIN in one round trip; elsewhere (the embedded database) as the transaction's first statement.
 */
export function transactionWithSettings<T>(
  db: Db,
  settings: TransactionSettings,
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  const direct = transactionsWithSettings.get(db);
  if (direct) return direct(settings, work);
  return db.transaction(async (tx) => {
    const calls = Object.entries(settings).map(([name, value]) => sql`set_config(${name}, ${value}, true)`);
    await tx.execute(sql`select ${sql.join(calls, sql`, `)}`);
    return work(tx as unknown as Db);
  });
}
