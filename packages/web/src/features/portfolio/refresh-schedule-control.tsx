import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@tradedeck/sdk/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shared/app-services.tsx';
import { FIELD_LABEL } from '../../shared/form-styles.ts';
import { invalidateOperations, useOperationQuery } from '../../shared/queries/operation-query.ts';
import { notifyError } from '../../shared/toasts/notify-error.ts';
import { useActGate } from '../../shared/workspace/act-gate.tsx';

/** The periods offered; a period set elsewhere (the CLI, the API) is offered too. */
export const SCHEDULE_CHOICES = [1, 2, 3, 6, 12, 24, 48, 72, 168] as const;
const OFF = 'off';

/**
 * "Read inventories every N h / off": the workspace's scheduled inventory reads (docs/portfolio.md "Freshness").
 * The owner changes it; other members see it disabled, with the reason as its title.
 */
export function RefreshScheduleControl() {
  const { t } = useTranslation();
  const services = useServices();
  const queryClient = useQueryClient();
  const gate = useActGate('members');
  const selectId = useId();
  const schedule = useOperationQuery(api.steamTrading.refreshSchedule, {});
  const save = useMutation({
    mutationFn: (hours: number | null) => services.client.steamTrading.setRefreshSchedule({ hours }),
    onSuccess: (saved) => {
      services.toasts.show({
        kind: 'success',
        text:
          saved.hours === null
            ? t('portfolio.schedule.savedOff')
            : t('portfolio.schedule.saved', { hours: saved.hours }),
      });
      void invalidateOperations(queryClient, api.steamTrading.refreshSchedule);
    },
    onError: (error) => notifyError(services, error),
  });
  if (!schedule.data) return null;
  const current = schedule.data.hours;
  const choices: number[] = [...SCHEDULE_CHOICES];
  if (current !== null && !choices.includes(current)) choices.push(current);
  choices.sort((a, b) => a - b);
  return (
    <div className="flex flex-col gap-1" title={gate.reason ?? t('portfolio.schedule.hint')}>
      <label htmlFor={selectId} className={FIELD_LABEL}>
        {t('portfolio.schedule.label')}
      </label>
      <select
        id={selectId}
        className="input"
        value={current === null ? OFF : String(current)}
        disabled={!gate.allowed || save.isPending}
        onChange={(event) => save.mutate(event.target.value === OFF ? null : Number(event.target.value))}
        data-testid="portfolio-schedule"
      >
        {choices.map((hours) => (
          <option key={hours} value={String(hours)}>
            {t('portfolio.schedule.hours', { hours })}
          </option>
        ))}
        <option value={OFF}>{t('portfolio.schedule.off')}</option>
      </select>
    </div>
  );
}
