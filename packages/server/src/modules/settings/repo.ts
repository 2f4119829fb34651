import type { Currency, GlobalSettings } from '@tradedeck/sdk/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema.ts';

export class SettingsRepo {
  constructor(private readonly db: Db) {}

  async get(userId: string): Promise<GlobalSettings | null> {
    const rows = await this.db
      .select({ displayedCurrency: users.displayedCurrency, tmPreferredCurrency: users.tmPreferredCurrency })
      .from(users)
      .where(eq(users.id, userId));
    const row = rows[0];
    return row
      ? {
          displayedCurrency: row.displayedCurrency as Currency,
          tmPreferredCurrency: row.tmPreferredCurrency as Currency,
        }
      : null;
  }

  async update(userId: string, settings: GlobalSettings): Promise<void> {
    await this.db
      .update(users)
      .set({
        displayedCurrency: settings.displayedCurrency,
        tmPreferredCurrency: settings.tmPreferredCurrency,
      })
      .where(eq(users.id, userId));
  }
}
