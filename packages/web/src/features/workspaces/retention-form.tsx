import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@tradedeck/sdk/contract';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shared/app-services.tsx';
import { APPLY_BUTTON, FIELD_LABEL } from '../../shared/form-styles.ts';
import { invalidateOperations, useOperationQuery } from '../../shared/queries/operation-query.ts';
import { notifyError } from '../../shared/toasts/notify-error.ts';

const MIN_DAYS = 7;
const MAX_DAYS = 3650;

/** How long the workspace keeps its audit entries; the owner changes it (older entries are pruned). */
export function RetentionForm() {
  const { t } = useTranslation();
  const services = useServices();
  const queryClient = useQueryClient();
  const retention = useOperationQuery(api.audit.retention, {});
  const [days, setDays] = useState('');
  const inputId = useId();
  useEffect(() => {
    if (retention.data) setDays(String(retention.data.days));
  }, [retention.data]);
  const save = useMutation({
    mutationFn: (value: number) => services.client.audit.setRetention({ days: value }),
    onSuccess: (saved) => {
      services.toasts.show({ kind: 'success', text: t('workspaces.retentionSaved', { days: saved.days }) });
      void invalidateOperations(queryClient, api.audit.retention);
    },
    onError: (error) => notifyError(services, error),
  });
  const value = Number(days);
  const valid = Number.isInteger(value) && value >= MIN_DAYS && value <= MAX_DAYS;
  const changed = retention.data !== undefined && value !== retention.data.days;
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid && changed) save.mutate(value);
      }}
    >
      <div className="space-y-1">
        <label htmlFor={inputId} className={FIELD_LABEL}>
          {t('workspaces.retention')}
        </label>
        <input
          id={inputId}
          type="number"
          min={MIN_DAYS}
          max={MAX_DAYS}
          value={days}
          onChange={(event) => setDays(event.target.value)}
          className="w-28 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-900"
        />
      </div>
      <button type="submit" className={APPLY_BUTTON} disabled={!valid || !changed || save.isPending}>
        {t('workspaces.save')}
      </button>
      <p className="w-full text-xs text-muted">{t('workspaces.retentionHint')}</p>
    </form>
  );
}
