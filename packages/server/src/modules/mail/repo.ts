import { desc } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { mailOutbox } from '../../db/schema.ts';

export type OutboxRow = typeof mailOutbox.$inferSelect;

export class OutboxRepo {
  constructor(private readonly db: Db) {}

  async add(mail: { recipient: string; subject: string; body: string; link: string | null }): Promise<void> {
    await this.db.insert(mailOutbox).values(mail);
  }

  async latest(limit: number): Promise<OutboxRow[]> {
    return this.db
      .select()
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(limit);
  }
}
