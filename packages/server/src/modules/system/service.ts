import type { Maintenance, SystemStatus } from '@tradedeck/sdk/contract';
import type { MaintenanceOverride } from '../../config/config.ts';
import type { SystemRepo } from './repo.ts';

export interface SystemServiceOptions {
  version: string;
  mode: SystemStatus['mode'];
  database: SystemStatus['database'];
  maintenanceOverride: MaintenanceOverride | null;
}

const OFF: Maintenance = { active: false, reason: null, estimatedCompletion: null };

export class SystemService {
  constructor(
    private readonly repo: SystemRepo,
    private readonly options: SystemServiceOptions,
  ) {}

  async status(now = new Date()): Promise<SystemStatus> {
    return {
      name: 'tradedeck',
      version: this.options.version,
      mode: this.options.mode,
      database: this.options.database,
      maintenance: await this.maintenance(),
      serverTime: now.toISOString(),
    };
  }

  /** The environment's setting wins; otherwise the flag an administrator stored. Details only while active. */
  async maintenance(): Promise<Maintenance> {
    const current = this.options.maintenanceOverride ?? (await this.repo.getMaintenance());
    if (!current?.active) return OFF;
    return { active: true, reason: current.reason, estimatedCompletion: current.estimatedCompletion };
  }

  async setMaintenance(value: Maintenance): Promise<void> {
    await this.repo.setMaintenance(value);
  }
}
