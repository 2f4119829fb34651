import type { SystemStatus } from '@tradedeck/sdk/contract';
import type { Command } from 'commander';
import type { CommandContext, Registration } from '../../context.ts';
import { failureFromError } from '../../failures.ts';
import { addCommand } from '../../kit/add-command.ts';
import { STATUS } from './specs.ts';

export function registerStatus(program: Command, { lang, context }: Registration): void {
  addCommand(program, STATUS, lang).action(async () => {
    const ctx = context();
    const started = performance.now();
    let status: SystemStatus;
    try {
      status = await ctx.client().system.status();
    } catch (error) {
      throw failureFromError(ctx, error);
    }
    const latencyMs = Math.round(performance.now() - started);
    ctx.print({ server: ctx.serverUrl, reachable: true, latencyMs, ...status }, () =>
      plain(ctx, status, latencyMs),
    );
  });
}

function plain(ctx: CommandContext, status: SystemStatus, latencyMs: number): string {
  const m = status.maintenance;
  const maintenance = m.active
    ? [
        ctx.t('maintenanceOn'),
        m.reason,
        m.estimatedCompletion && ctx.t('maintenanceUntil', { eta: m.estimatedCompletion }),
      ]
        .filter(Boolean)
        .join(' — ')
    : ctx.t('maintenanceOff');
  const rows: Array<[string, string]> = [
    [ctx.t('statusServer'), `${ctx.serverUrl} (${ctx.t('statusReachable')}, ${latencyMs} ms)`],
    [ctx.t('statusVersion'), status.version],
    [ctx.t('statusMode'), status.mode],
    [ctx.t('statusDatabase'), status.database],
    [ctx.t('statusMaintenance'), maintenance],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  return rows.map(([label, value]) => `${label.padEnd(width)}  ${value}`).join('\n');
}
