import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { transferSecrets, transfers } from '../../db/schema.ts';
import type { StatusStore } from '../../db/state-machine.ts';
import type { UserScope } from '../../security/user-scope.ts';

export type TransferDbRow = typeof transfers.$inferSelect;
export type NewTransfer = Omit<typeof transfers.$inferInsert, 'userId'>;
export type TransferSecretsRow = typeof transferSecrets.$inferSelect;
export type TransferStatus = 'sending' | 'sent' | 'notSent' | 'unknown';

/** Open transfers: the outcome is not known yet (at most one per sender). */
export const OPEN_TRANSFER_STATUSES: readonly TransferStatus[] = ['sending', 'unknown'];
const OPEN = [...OPEN_TRANSFER_STATUSES];

/** Every SQL statement of the transfer area. */
export class TransferRepo {
  constructor(
    private readonly db: Db,
    private readonly scope: UserScope,
  ) {}

  run<T>(userId: string, work: (q: TransferQueries) => Promise<T>): Promise<T> {
    return this.scope.run(userId, (tx) => work(new TransferQueries(tx, userId)));
  }

  /** Transfers of every user whose outcome is not known (start-up reconciliation). */
  async open(): Promise<{ userId: string; id: number; customId: string }[]> {
    return this.db
      .select({ userId: transfers.userId, id: transfers.id, customId: transfers.customId })
      .from(transfers)
      .where(inArray(transfers.status, OPEN));
  }
}

export class TransferQueries {
  constructor(
    readonly tx: Db,
    private readonly userId: string,
  ) {}

  private own() {
    return eq(transfers.userId, this.userId);
  }

  /** The intent; null when the sender already has an open transfer (the partial unique index refuses it). */
  async insertIntent(values: NewTransfer): Promise<TransferDbRow | null> {
    const [row] = await this.tx
      .insert(transfers)
      .values({ ...values, userId: this.userId })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  }

  async openOf(fromAccountId: number): Promise<TransferDbRow | null> {
    const [row] = await this.tx
      .select()
      .from(transfers)
      .where(and(this.own(), eq(transfers.fromAccountId, fromAccountId), inArray(transfers.status, OPEN)));
    return row ?? null;
  }

  async get(id: number): Promise<TransferDbRow | null> {
    const [row] = await this.tx
      .select()
      .from(transfers)
      .where(and(this.own(), eq(transfers.id, id)));
    return row ?? null;
  }

  /** A transfer's status moves (the kernel's compare-and-set). */
  readonly transferStatus: StatusStore<TransferStatus, TransferDbRow> = {
    compareAndSet: async (id, from, set) => {
      const [row] = await this.tx
        .update(transfers)
        .set(set)
        .where(and(this.own(), eq(transfers.id, id), inArray(transfers.status, [...from])))
        .returning();
      return row ?? null;
    },
  };

  async page(accountId: number | undefined, page: number, pageSize: number) {
    const where = [this.own()];
    if (accountId !== undefined)
      where.push(or(eq(transfers.fromAccountId, accountId), eq(transfers.toAccountId, accountId))!);
    const rows = await this.tx
      .select({ row: transfers, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(transfers)
      .where(and(...where))
      .orderBy(desc(transfers.createdAt), desc(transfers.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return { rows: rows.map((r) => r.row), total: rows[0]?.total ?? 0 };
  }

  async secretsOf(accountIds: readonly number[]): Promise<TransferSecretsRow[]> {
    if (accountIds.length === 0) return [];
    return this.tx
      .select()
      .from(transferSecrets)
      .where(
        and(
          eq(transferSecrets.userId, this.userId),
          inArray(transferSecrets.sellerAccountId, [...accountIds]),
        ),
      );
  }

  async secrets(accountId: number): Promise<TransferSecretsRow | null> {
    const [row] = await this.secretsOf([accountId]);
    return row ?? null;
  }

  async saveSecrets(
    accountId: number,
    values: Partial<
      Pick<
        TransferSecretsRow,
        'receiverKeyEnc' | 'receiverKeyHint' | 'receiverKeyMismatch' | 'paymentPasswordEnc'
      >
    >,
    now: Date,
  ): Promise<void> {
    await this.tx
      .insert(transferSecrets)
      .values({ userId: this.userId, sellerAccountId: accountId, ...values, updatedAt: now })
      .onConflictDoUpdate({ target: transferSecrets.sellerAccountId, set: { ...values, updatedAt: now } });
  }
}
