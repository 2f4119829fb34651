import type { Currency, GlobalSettings, Language } from '@tradedeck/sdk/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import type { UserScope } from '../../security/user-scope.ts';

/** The stored currencies, whether the user chose them, and the language that picks the defaults till then. */
export interface StoredSettings extends GlobalSettings {
  chosen: boolean;
  language: Language;
}

/** All SQL of the settings area, run inside the caller's user scope (row-level security). */
export class SettingsRepo {
  constructor(private readonly scope: UserScope) {}

  run<T>(userId: string, work: (q: SettingsQueries) => Promise<T>): Promise<T> {
    return this.scope.run(userId, (tx) => work(new SettingsQueries(tx, userId)));
  }
}

export class SettingsQueries {
  constructor(
    private readonly db: Db,
    private readonly userId: string,
  ) {}

  async get(): Promise<StoredSettings | null> {
    const rows = await this.db
      .select({
        displayedCurrency: users.displayedCurrency,
        tmPreferredCurrency: users.tmPreferredCurrency,
        chosenAt: users.currenciesChosenAt,
        language: users.language,
      })
      .from(users)
      .where(eq(users.id, this.userId));
    const row = rows[0];
    return row
      ? {
          displayedCurrency: row.displayedCurrency as Currency,
          tmPreferredCurrency: row.tmPreferredCurrency as Currency,
          chosen: row.chosenAt !== null,
          language: row.language === 'en' ? 'en' : 'ru',
        }
      : null;
  }

  async update(settings: GlobalSettings): Promise<void> {
    await this.db
      .update(users)
      .set({
        displayedCurrency: settings.displayedCurrency,
        tmPreferredCurrency: settings.tmPreferredCurrency,
        currenciesChosenAt: new Date(),
      })
      .where(eq(users.id, this.userId));
  }
}
