import { type GlobalSettings, type GlobalSettingsOutput, ResultCode } from '@tradedeck/sdk/contract';
import { defaultCurrencyOf } from '@tradedeck/sdk/domain';
import { AppError } from '../../http/app-error.ts';
import type { SettingsQueries, SettingsRepo } from './repo.ts';

/**
 * The user's global settings: displayed currency and marketplace preferred currency. Until the user saves them,
 * both follow the user's language (English USD, Russian RUB).
 */
export class SettingsService {
  constructor(private readonly repo: SettingsRepo) {}

  get(userId: string): Promise<GlobalSettingsOutput> {
    return this.repo.run(userId, found);
  }

  update(userId: string, settings: GlobalSettings): Promise<GlobalSettingsOutput> {
    return this.repo.run(userId, async (q) => {
      await q.update(settings);
      return found(q);
    });
  }
}

async function found(q: SettingsQueries): Promise<GlobalSettingsOutput> {
  const stored = await q.get();
  if (!stored) throw new AppError({ code: ResultCode.NotFound });
  const { displayedCurrency, tmPreferredCurrency, chosen, language } = stored;
  if (chosen) return { displayedCurrency, tmPreferredCurrency, chosen };
  const fallback = defaultCurrencyOf(language);
  return { displayedCurrency: fallback, tmPreferredCurrency: fallback, chosen };
}
