import { type GlobalSettings, ResultCode } from '@tradedeck/sdk/contract';
import { AppError } from '../../http/app-error.ts';
import type { SettingsRepo } from './repo.ts';

/** The user's global settings: displayed currency and marketplace preferred currency (RUB by default). */
export class SettingsService {
  constructor(private readonly repo: SettingsRepo) {}

  async get(userId: string): Promise<GlobalSettings> {
    const settings = await this.repo.get(userId);
    if (!settings) throw new AppError({ code: ResultCode.NotFound });
    return settings;
  }

  async update(userId: string, settings: GlobalSettings): Promise<GlobalSettings> {
    await this.repo.update(userId, settings);
    return this.get(userId);
  }
}
