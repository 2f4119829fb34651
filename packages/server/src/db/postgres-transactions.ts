import { type SQL, sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { type TransactionSettings, transactionsWithSettings } from './transaction-settings.ts';

/** The parts of drizzle's node-postgres session that a transaction is built from. */
interface SessionInternals {
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
  transaction: (
    work: (tx: NodePgTransaction<never, never>) => Promise<unknown>,
    config?: PgTransactionConfig,
  ) => Promise<unknown>;
}

type Work = (tx: NodePgTransaction<never, never>) => Promise<unknown>;
type Executor = { execute(query: SQL): Promise<unknown> };

/**
 * Replaces drizzle's transaction on a pool with one that always gives its connection back. Drizzle sends BEGIN
 * before its `try`, so a BEGIN on a broken connection never releases the client, and a failed ROLLBACK returns a
 * dead connection to the pool. Here a transaction whose connection failed releases it with the error, so the pool
 * drops it and opens a fresh one, and the caller sees the original error.
 *
 * A transaction with settings (the user scope's role and user id) sends them with its BEGIN in one simple query,
 * `begin; select set_config(…)`: one round trip instead of two on every request that reads the user's rows.
 */
export function installReliableTransactions(db: { _: unknown }, pool: pg.Pool): void {
  const session = (db as unknown as { session: SessionInternals }).session;
  const run = async (work: Work, begin: (client: pg.PoolClient, tx: Executor) => Promise<unknown>) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      const txSession = new NodePgSession(client, session.dialect, session.schema, session.options);
      const tx = new NodePgTransaction(session.dialect, txSession, session.schema as never);
      try {
        await begin(client, tx);
      } catch (error) {
        broken = error as Error;
        throw error;
      }
      try {
        const result = await work(tx as never);
        await tx.execute(sql`commit`);
        return result;
      } catch (error) {
        // A ROLLBACK that fails means the connection is gone: drop it rather than reuse it.
        await tx.execute(sql`rollback`).catch((rollbackError: Error) => {
          broken = rollbackError;
        });
        throw error;
      }
    } finally {
      client.release(broken);
    }
  };
  session.transaction = (work, config) =>
    run(work, (_client, tx) => tx.execute(sql`begin${config ? sql` ${configSql(tx, config)}` : undefined}`));
  transactionsWithSettings.set(
    db,
    (settings, work) =>
      run(work as Work, (client) => client.query(beginWithSettings(client, settings))) as Promise<never>,
  );
}

/** `begin; select set_config('name', 'value', true), …` with every name and value quoted as a literal. */
function beginWithSettings(client: pg.PoolClient, settings: TransactionSettings): string {
  const calls = Object.entries(settings).map(
    ([name, value]) => `set_config(${client.escapeLiteral(name)}, ${client.escapeLiteral(value)}, true)`,
  );
  return `begin; select ${calls.join(', ')}`;
}

/** `isolation level …, read only, …` as drizzle's own transaction writes it. */
function configSql(tx: unknown, config: PgTransactionConfig): SQL {
  return (tx as { getTransactionConfigSQL(config: PgTransactionConfig): SQL }).getTransactionConfigSQL(
    config,
  );
}
