import { and, asc, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { emailCodes, recoveryCodes } from '../../db/schema.ts';
import type { UserScope } from '../../security/user-scope.ts';

export type EmailCodeRow = typeof emailCodes.$inferSelect;

/** E-mailed one-time codes and recovery codes. */
export class CodeRepo {
  constructor(
    private readonly db: Db,
    private readonly scope: UserScope,
  ) {}

  /** Issues a code for a purpose; earlier unused codes of that purpose stop working (a resend kills the old one). */
  async issueEmailCode(input: {
    userId: string;
    purpose: string;
    codeHash: string;
    target: string | null;
    createdAt: Date;
    expiresAt: Date;
  }): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(emailCodes)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(emailCodes.userId, input.userId),
            eq(emailCodes.purpose, input.purpose),
            isNull(emailCodes.usedAt),
          ),
        );
      await tx.insert(emailCodes).values(input);
    });
  }

  async lastIssuedAt(userId: string, purpose: string): Promise<Date | null> {
    const rows = await this.db
      .select({ createdAt: emailCodes.createdAt })
      .from(emailCodes)
      .where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose)))
      .orderBy(desc(emailCodes.createdAt))
      .limit(1);
    return rows[0]?.createdAt ?? null;
  }

  /** The live code of a purpose: unused, unexpired and under the attempt cap. */
  async liveEmailCode(
    userId: string,
    purpose: string,
    maxAttempts: number,
    now: Date,
  ): Promise<EmailCodeRow | null> {
    const rows = await this.db
      .select()
      .from(emailCodes)
      .where(
        and(
          eq(emailCodes.userId, userId),
          eq(emailCodes.purpose, purpose),
          isNull(emailCodes.usedAt),
          gt(emailCodes.expiresAt, now),
          lt(emailCodes.attempts, maxAttempts),
        ),
      )
      .orderBy(desc(emailCodes.createdAt))
      .limit(1);
    return rows[0] ?? null;
  }

  async countAttempt(codeId: string): Promise<void> {
    await this.db
      .update(emailCodes)
      .set({ attempts: sql`${emailCodes.attempts} + 1` })
      .where(eq(emailCodes.id, codeId));
  }

  /** Single use: only the first caller to consume a code gets true. */
  async consumeEmailCode(codeId: string): Promise<boolean> {
    const rows = await this.db
      .update(emailCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(emailCodes.id, codeId), isNull(emailCodes.usedAt)))
      .returning({ id: emailCodes.id });
    return rows.length === 1;
  }

  /** The statements about one user's recovery codes, in one transaction of the user's scope (row-level security). */
  run<T>(userId: string, work: (q: RecoveryCodeQueries) => Promise<T>): Promise<T> {
    return this.scope.run(userId, (tx) => work(new RecoveryCodeQueries(tx, userId)));
  }
}

/** One user's recovery codes, inside the user's scope. */
export class RecoveryCodeQueries {
  constructor(
    private readonly tx: Db,
    readonly userId: string,
  ) {}

  unused(): Promise<Array<{ id: string; codeHash: string }>> {
    return this.tx
      .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, this.userId), isNull(recoveryCodes.usedAt)))
      .orderBy(asc(recoveryCodes.createdAt));
  }

  async consume(id: string): Promise<boolean> {
    const rows = await this.tx
      .update(recoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(
        and(eq(recoveryCodes.id, id), eq(recoveryCodes.userId, this.userId), isNull(recoveryCodes.usedAt)),
      )
      .returning({ id: recoveryCodes.id });
    return rows.length === 1;
  }

  /** Replaces the whole set in one transaction: old codes are gone the moment new ones exist. */
  async replace(hashes: string[]): Promise<void> {
    await this.tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, this.userId));
    if (hashes.length)
      await this.tx
        .insert(recoveryCodes)
        .values(hashes.map((codeHash) => ({ userId: this.userId, codeHash })));
  }
}
