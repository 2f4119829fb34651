import { type GlobalSettings, ResultCode } from '@tradedeck/sdk/contract';
import { AppError } from '../../http/app-error.ts';
import type { SettingsQueries, SettingsRepo } from './repo.ts';

/** The user's global settings: displayed currency and marketplace preferred currency (RUB by default). */
export class SettingsService {
  constructor(private readonly repo: SettingsRepo) {}

  get(userId: string): Promise<GlobalSettings> {
    return this.repo.run(userId, found);
  }

  update(userId: string, settings: GlobalSettings): Promise<GlobalSettings> {
    return this.repo.run(userId, async (q) => {
      await q.update(settings);
      return found(q);
    });
  }
}

async function found(q: SettingsQueries): Promise<GlobalSettings> {
  const settings = await q.get();
  if (!settings) throw new AppError({ code: ResultCode.NotFound });
  return settings;
}
