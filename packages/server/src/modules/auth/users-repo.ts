import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { recoveryCodes, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type AccountStatus = 'pendingConfirmation' | 'pendingApproval' | 'active' | 'banned';

export function accountStatus(
  user: Pick<UserRow, 'bannedAt' | 'emailConfirmedAt' | 'approvedAt'>,
): AccountStatus {
  if (user.bannedAt) return 'banned';
  if (!user.emailConfirmedAt) return 'pendingConfirmation';
  if (!user.approvedAt) return 'pendingApproval';
  return 'active';
}

export interface NewUser {
  email: string;
  userName: string;
  passwordHash: string;
  language?: string;
}

export interface UserListQuery {
  page: number;
  pageSize: number;
  status?: AccountStatus | undefined;
  searchString?: string | undefined;
}

const FIRST_USER_LOCK = 7_240_001;

export class UsersRepo {
  constructor(private readonly db: Db) {}

  async findByEmail(email: string): Promise<UserRow | null> {
    const rows = await this.db.select().from(users).where(eq(users.email, email));
    return rows[0] ?? null;
  }

  async findById(id: string): Promise<UserRow | null> {
    const rows = await this.db.select().from(users).where(eq(users.id, id));
    return rows[0] ?? null;
  }

  /**
   * Creates the user; the first account of the instance becomes its approved administrator. An advisory lock
   * makes "first" exact under concurrent registrations. Null when the e-mail is taken.
   */
  async create(input: NewUser): Promise<UserRow | null> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_USER_LOCK})`);
      const [existing] = await tx.select({ n: count() }).from(users);
      const first = (existing?.n ?? 0) === 0;
      const rows = await tx
        .insert(users)
        .values({
          ...input,
          role: first ? 'admin' : 'user',
          approvedAt: first ? sql`now()` : null,
        })
        .onConflictDoNothing({ target: users.email })
        .returning();
      return rows[0] ?? null;
    });
  }

  async update(id: string, values: Partial<typeof users.$inferInsert>): Promise<UserRow | null> {
    const rows = await this.db.update(users).set(values).where(eq(users.id, id)).returning();
    return rows[0] ?? null;
  }

  async confirmEmail(id: string): Promise<UserRow | null> {
    return this.update(id, { emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` as never });
  }

  /** Records a used TOTP step only if it is newer than the last one: exactly one caller wins a code. */
  async claimTotpStep(id: string, step: number): Promise<boolean> {
    const rows = await this.db
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, id), or(isNull(users.totpLastStep), sql`${users.totpLastStep} < ${step}`)))
      .returning({ id: users.id });
    return rows.length === 1;
  }

  async addTwoFactorFailure(id: string, lockAfter: number, lockUntil: Date): Promise<{ locked: boolean }> {
    const rows = await this.db
      .update(users)
      .set({ twoFactorFailures: sql`${users.twoFactorFailures} + 1` })
      .where(eq(users.id, id))
      .returning({ failures: users.twoFactorFailures });
    const failures = rows[0]?.failures ?? 0;
    if (failures < lockAfter) return { locked: false };
    await this.db
      .update(users)
      .set({ twoFactorFailures: 0, twoFactorLockedUntil: lockUntil })
      .where(eq(users.id, id));
    return { locked: true };
  }

  async list(query: UserListQuery): Promise<{ items: UserRow[]; total: number }> {
    const filters: SQL[] = [];
    if (query.searchString) {
      const pattern = `%${query.searchString.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      filters.push(or(ilike(users.email, pattern), ilike(users.userName, pattern))!);
    }
    if (query.status === 'banned') filters.push(isNotNull(users.bannedAt));
    if (query.status === 'pendingConfirmation')
      filters.push(isNull(users.bannedAt), isNull(users.emailConfirmedAt));
    if (query.status === 'pendingApproval') {
      filters.push(isNull(users.bannedAt), isNotNull(users.emailConfirmedAt), isNull(users.approvedAt));
    }
    if (query.status === 'active') {
      filters.push(isNull(users.bannedAt), isNotNull(users.emailConfirmedAt), isNotNull(users.approvedAt));
    }
    const where = filters.length ? and(...filters) : undefined;
    const [total] = await this.db.select({ n: count() }).from(users).where(where);
    const items = await this.db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    return { items, total: total?.n ?? 0 };
  }

  async unusedRecoveryCodeCount(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    return row?.n ?? 0;
  }
}
