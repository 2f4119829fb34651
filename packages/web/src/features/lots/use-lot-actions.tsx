import { describeError } from '@tradedeck/sdk/client';
import type { LotSelection } from '@tradedeck/sdk/contract';
import { type Currency, MODAL_WIDTHS } from '@tradedeck/sdk/domain';
import { useMemo } from 'react';
import { useServices } from '../../shared/app-services.tsx';
import { ConfirmDialog } from '../../shared/modals/confirm-dialog.tsx';
import { languageOf } from '../../shared/use-language.ts';
import { RepriceDialog } from './reprice-dialog.tsx';
import { type RepriceReport, type RunReprice, reportOf } from './reprice-report.ts';
import { ThresholdsDialog, type ThresholdsTarget } from './thresholds-dialog.tsx';

/** How often an apply's job is read until it ends. */
const JOB_POLL_MS = 500;
const REPRICE_DIALOG_WIDTH = 800;

export interface LotTarget {
  selection: LotSelection;
  /** Lots the selection stands for (the dialog's scope line). */
  count: number;
  currency: Currency;
  /** The group's name when the target is one group. */
  groupName: string | null;
}

/** The screen's actions on a target: dialogs, the mass calls and their toasts. Stable for the life of the screen. */
export function useLotActions(refresh: () => void) {
  const services = useServices();
  return useMemo(() => {
    const { modals, toasts, i18n, client } = services;
    const t = i18n.t.bind(i18n);
    // The spec's error for the action, then what went wrong.
    const fail =
      (key: 'lots.errors.deleteError' | 'lots.errors.copyError' | 'lots.errors.syncError') =>
      (error: unknown) =>
        toasts.show({ kind: 'error', text: `${t(key)}: ${describeError(error, languageOf(i18n.language))}` });

    const run: (target: LotTarget) => RunReprice = (target) => async (mode, strategy, profile) => {
      const input = { selection: target.selection, strategy, profile };
      if (mode === 'preview') return reportOf(await client.lots.repricePreview(input));
      let job = await client.lots.repriceApply(input);
      while (job.status === 'running') {
        await new Promise((resolve) => setTimeout(resolve, JOB_POLL_MS));
        job = await client.lots.repriceJob({ id: job.id });
      }
      refresh();
      return reportOf(job);
    };

    return {
      reprice: (target: LotTarget) =>
        void modals
          .open(
            (controls) => (
              <RepriceDialog
                controls={controls}
                title={
                  target.groupName
                    ? t('lots.reprice.groupTitle', { name: target.groupName })
                    : t('lots.reprice.title')
                }
                count={target.count}
                currency={target.currency}
                run={run(target)}
              />
            ),
            { width: REPRICE_DIALOG_WIDTH },
          )
          .then((result) => {
            const report = result as RepriceReport | null;
            if (report) toasts.show({ kind: 'success', text: t('lots.results.repriced', report.counts) });
          })
          .catch(() => {}),
      thresholds: (target: LotTarget, bounds: Pick<ThresholdsTarget, 'min' | 'max'>) =>
        void modals
          .open(
            (controls) => (
              <ThresholdsDialog
                controls={controls}
                target={{
                  title: target.groupName
                    ? t('lots.thresholds.groupTitle', { name: target.groupName })
                    : t('lots.thresholds.title'),
                  currency: target.currency,
                  group: target.count > 1,
                  ...bounds,
                }}
                apply={(min, max) => client.lots.setThresholds({ selection: target.selection, min, max })}
              />
            ),
            { width: MODAL_WIDTHS.viewAccount },
          )
          .then((result) => {
            refresh();
            if (result) toasts.show({ kind: 'success', text: t('lots.thresholds.saved') });
          })
          .catch(refresh),
      remove: (target: LotTarget) =>
        void modals
          .open(
            (controls) => (
              <ConfirmDialog
                controls={controls}
                title={t('lots.removeConfirm.title')}
                text={t('lots.removeConfirm.text', { count: target.count })}
                confirmLabel={t('lots.removeConfirm.confirm')}
              />
            ),
            { width: MODAL_WIDTHS.confirm },
          )
          .then(
            async (confirmed) => {
              if (!confirmed) return;
              const answer = await client.lots.remove({ selection: target.selection });
              toasts.show({
                kind: answer.failed > 0 ? 'warning' : 'success',
                text: [t('lots.results.removed', answer), answer.message].filter(Boolean).join('. '),
              });
              refresh();
            },
            () => {},
          )
          .catch(fail('lots.errors.deleteError')),
      copy: (fromId: number, selection: LotSelection) =>
        void client.lots
          .copySettings({ fromId, selection })
          .then((answer) => {
            toasts.show({
              kind: answer.failed.length > 0 ? 'warning' : 'success',
              text: t('lots.results.copied', {
                done: answer.succeededIds.length,
                failed: answer.failed.length,
              }),
            });
            refresh();
          })
          .catch(fail('lots.errors.copyError')),
      sync: () =>
        void client.lots
          .sync({})
          .then((answer) => {
            toasts.show({
              kind: answer.failed.length > 0 ? 'warning' : 'success',
              text: t('lots.results.synced', answer),
            });
            refresh();
          })
          .catch(fail('lots.errors.syncError')),
    };
  }, [services, refresh]);
}
