import { type InventoryRefreshSchedule, ResultCode } from '@tradedeck/sdk/contract';
import { AppError } from '../../http/app-error.ts';
import type { ScheduleSettingRepo } from './schedule-repo.ts';

/** The workspace's "read inventories every N hours" setting (docs/portfolio.md "Freshness"). */
export class ScheduleSetting {
  constructor(private readonly repo: ScheduleSettingRepo) {}

  get(workspaceId: string): Promise<InventoryRefreshSchedule> {
    return this.repo.run(workspaceId, async (q) => ({ hours: await q.hours() }));
  }

  set(workspaceId: string, input: InventoryRefreshSchedule): Promise<InventoryRefreshSchedule> {
    return this.repo.run(workspaceId, async (q) => {
      // The role gate refuses non-owners first; row-level security is the second wall.
      if (!(await q.setHours(input.hours))) throw new AppError({ code: ResultCode.RoleNotAllowed });
      return { hours: await q.hours() };
    });
  }
}
