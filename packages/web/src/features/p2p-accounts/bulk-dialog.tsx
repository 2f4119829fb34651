import { ApiError, NetworkError, TimeoutError } from '@tradedeck/sdk/client';
import { api } from '@tradedeck/sdk/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shared/app-services.tsx';
import { useCommandHandlers } from '../../shared/area/use-command-handlers.ts';
import { CancelButton } from '../../shared/modals/cancel-button.tsx';
import { ModalFrame } from '../../shared/modals/modal-frame.tsx';
import type { ModalControls } from '../../shared/modals/modal-stack.ts';
import { invalidateArea } from '../../shared/queries/operation-query.ts';
import { useDescribeError } from '../../shared/use-describe-error.ts';
import {
  type BulkAction,
  type BulkOutcome,
  type ChunkAnswer,
  CONFIRMED_ACTIONS,
  hasActiveTradeRefusals,
  runBulk,
} from './bulk-run.ts';
import { PRIMARY_BUTTON } from './form-fields.tsx';

/** What the error dialog says when no account of the run was done (spec §8, P2P accounts). */
const FAILED_TEXT = {
  start: 'startFailed',
  pause: 'pauseFailed',
  stop: 'stopFailed',
  remove: 'deleteFailed',
} as const satisfies Record<BulkAction, string>;

type Stage =
  | { kind: 'confirm' }
  | { kind: 'processing'; done: number; total: number }
  | { kind: 'complete'; outcome: BulkOutcome }
  | { kind: 'error'; outcome: BulkOutcome; total: number };

export interface BulkDialogProps {
  controls: ModalControls;
  action: BulkAction;
  ids: readonly number[];
  /** Logins by id, to name the accounts that failed. */
  names: ReadonlyMap<number, string>;
}

/**
 * The bulk flow of spec §4: stop and delete ask first (safe or force), then every action shows its progress and
 * ends in a complete dialog (a stop says whether it is complete) or an error dialog listing each failed account
 * with the server's reason, offering retry of the failed ones, retry of all, and force for refusals over active
 * trades. Start and pause skip the question and close on success (the screen shows a toast).
 */
export function BulkDialog({ controls, action, ids, names }: BulkDialogProps) {
  const { t } = useTranslation();
  const { client, queryClient } = useServices();
  const describeApiError = useDescribeError();
  // A chunk whose request failed: the connection (spec "Network error"), the server's own words, or the API default.
  const describe = useCallback(
    (error: unknown) =>
      error instanceof NetworkError || error instanceof TimeoutError
        ? t('p2pAccounts.errors.networkError')
        : error instanceof ApiError
          ? describeApiError(error)
          : t('p2pAccounts.errors.apiConnection'),
    [t, describeApiError],
  );
  const asks = CONFIRMED_ACTIONS.includes(action);
  const [stage, setStage] = useState<Stage>(
    asks ? { kind: 'confirm' } : { kind: 'processing', done: 0, total: ids.length },
  );
  const [force, setForce] = useState(false);
  const body = useRef<HTMLDivElement>(null);

  const send = useCallback(
    (chunk: number[], forced: boolean): Promise<ChunkAnswer> => {
      if (action === 'start') return client.p2p.start({ ids: chunk });
      if (action === 'pause') return client.p2p.pause({ ids: chunk });
      if (action === 'stop') return client.p2p.stop({ ids: chunk, force: forced });
      return client.p2p.remove({ ids: chunk, force: forced });
    },
    [action, client],
  );

  const run = useCallback(
    async (targets: readonly number[], forced: boolean, doneBefore: readonly number[] = []) => {
      setStage({ kind: 'processing', done: 0, total: targets.length });
      const result = await runBulk(
        targets,
        (chunk) => send(chunk, forced),
        (done, total) => setStage({ kind: 'processing', done, total }),
        describe,
      );
      // A retry of the failed ones adds to what the first run did.
      const outcome = { ...result, succeededIds: [...doneBefore, ...result.succeededIds] };
      void invalidateArea(queryClient, api.p2p);
      if (outcome.failed.length > 0) setStage({ kind: 'error', outcome, total: ids.length });
      else if (asks) setStage({ kind: 'complete', outcome });
      else controls.close(outcome);
    },
    [send, describe, queryClient, asks, controls, ids.length],
  );

  // Start and pause run at once.
  const started = useRef(false);
  useEffect(() => {
    if (asks || started.current) return;
    started.current = true;
    void run(ids, false);
  }, [asks, ids, run]);

  // Each stage puts the focus on its main button, so Enter goes on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the focus moves when the stage changes
  useEffect(() => {
    body.current?.closest('[role="dialog"]')?.querySelector<HTMLElement>('[data-stage-focus]')?.focus();
  }, [stage.kind]);

  const failedIds = stage.kind === 'error' ? stage.outcome.failed.map((failure) => failure.id) : [];
  const doneIds = stage.kind === 'error' ? stage.outcome.succeededIds : [];
  const canForce = stage.kind === 'error' && action !== 'start' && action !== 'pause';
  const retryFailed = () => void run(failedIds, force, doneIds);
  const retryAll = () => void run(ids, force);
  useCommandHandlers(
    'p2pAccounts',
    'bulkDialog',
    {
      retryFailed,
      retryAll,
      toggleForce: () => {
        if (canForce) setForce((value) => !value);
      },
    },
    stage.kind === 'error',
  );

  const title =
    stage.kind === 'complete'
      ? t('p2pAccounts.bulk.complete')
      : stage.kind === 'error'
        ? t('p2pAccounts.bulk.errorTitle')
        : t(`p2pAccounts.bulk.titles.${action}`);

  return (
    <ModalFrame
      title={title}
      onClose={controls.dismiss}
      footer={
        <BulkFooter
          stage={stage}
          action={action}
          onCancel={controls.dismiss}
          onRun={() => void run(ids, force)}
          onRetry={retryFailed}
          onRetryAll={retryAll}
          onDone={() =>
            controls.close(stage.kind === 'complete' || stage.kind === 'error' ? stage.outcome : null)
          }
        />
      }
    >
      <div ref={body} data-testid="bulk-dialog" data-stage={stage.kind} data-action={action}>
        {stage.kind === 'confirm' && (
          <div className="space-y-3">
            <p>{t(`p2pAccounts.bulk.confirm.${action as 'stop' | 'remove'}`, { count: ids.length })}</p>
            <ForceChoice force={force} onChange={setForce} />
            {action === 'stop' && <p className="text-xs text-muted">{t('p2pAccounts.bulk.heldNote')}</p>}
          </div>
        )}
        {stage.kind === 'processing' && <Progress done={stage.done} total={stage.total} />}
        {stage.kind === 'complete' && <CompleteText action={action} outcome={stage.outcome} />}
        {stage.kind === 'error' && (
          <div className="space-y-3">
            <p role="alert" className="font-medium text-rose-700 dark:text-rose-300" data-testid="bulk-error">
              {stage.outcome.succeededIds.length === 0
                ? t(`p2pAccounts.errors.${FAILED_TEXT[action]}`)
                : t('p2pAccounts.errors.someNotProcessed')}
            </p>
            <p className="text-muted">
              {t('p2pAccounts.bulk.failedCount', { failed: stage.outcome.failed.length, total: stage.total })}
            </p>
            {action === 'stop' && stage.outcome.outcome && (
              <p data-testid="stop-outcome" data-outcome={stage.outcome.outcome}>
                {stage.outcome.outcome === 'complete'
                  ? t('p2pAccounts.bulk.outcomeComplete')
                  : t('p2pAccounts.bulk.outcomeIncomplete')}
              </p>
            )}
            <ul className="max-h-48 space-y-1 overflow-y-auto text-xs" data-testid="bulk-failures">
              {stage.outcome.failed.map((failure) => (
                <li key={failure.id} data-id={failure.id} data-reason={failure.reason}>
                  <span className="font-medium">{names.get(failure.id) ?? `#${failure.id}`}</span>:{' '}
                  {failure.message}
                </li>
              ))}
            </ul>
            {canForce && (
              <label className="inline-flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={force}
                  onChange={(event) => setForce(event.target.checked)}
                  {...(hasActiveTradeRefusals(stage.outcome.failed) ? { 'data-stage-focus': true } : {})}
                />
                {t('p2pAccounts.bulk.forceRetry')}
              </label>
            )}
          </div>
        )}
      </div>
    </ModalFrame>
  );
}

function ForceChoice({ force, onChange }: { force: boolean; onChange(force: boolean): void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="space-y-1.5">
      {([false, true] as const).map((value) => (
        <label key={String(value)} className="flex items-start gap-2">
          <input
            type="radio"
            name="bulk-force"
            className="mt-0.5"
            checked={force === value}
            onChange={() => onChange(value)}
          />
          <span>{value ? t('p2pAccounts.bulk.force') : t('p2pAccounts.bulk.safe')}</span>
        </label>
      ))}
    </fieldset>
  );
}

function Progress({ done, total }: { done: number; total: number }) {
  const { t } = useTranslation();
  const share = total > 0 ? Math.round((done / total) * 100) : 100;
  return (
    <div className="space-y-2">
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${share}%` }} />
      </div>
      <p className="text-muted" data-testid="bulk-progress">
        {t('p2pAccounts.bulk.processing', { done, total })}
      </p>
    </div>
  );
}

function CompleteText({ action, outcome }: { action: BulkAction; outcome: BulkOutcome }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-2">
      <p>{t('p2pAccounts.bulk.completeText', { count: outcome.succeededIds.length })}</p>
      {action === 'stop' && outcome.outcome && (
        <p data-testid="stop-outcome" data-outcome={outcome.outcome}>
          {outcome.outcome === 'complete'
            ? t('p2pAccounts.bulk.outcomeComplete')
            : t('p2pAccounts.bulk.outcomeIncomplete')}
        </p>
      )}
      {outcome.cancelledDeliveries > 0 && (
        <p data-testid="bulk-cancelled">
          {t('p2pAccounts.bulk.cancelled', { count: outcome.cancelledDeliveries })}
        </p>
      )}
    </div>
  );
}

function BulkFooter({
  stage,
  action,
  onCancel,
  onRun,
  onRetry,
  onRetryAll,
  onDone,
}: {
  stage: Stage;
  action: BulkAction;
  onCancel(): void;
  onRun(): void;
  onRetry(): void;
  onRetryAll(): void;
  onDone(): void;
}) {
  const { t } = useTranslation();
  if (stage.kind === 'processing') return null;
  if (stage.kind === 'confirm') {
    return (
      <>
        <CancelButton onClick={onCancel} />
        <button type="button" data-autofocus data-stage-focus className="btn-danger" onClick={onRun}>
          {t(`p2pAccounts.bulk.run.${action}`)}
        </button>
      </>
    );
  }
  if (stage.kind === 'complete') {
    return (
      <button type="button" data-stage-focus className={PRIMARY_BUTTON} onClick={onDone}>
        {t('p2pAccounts.bulk.done')}
      </button>
    );
  }
  return (
    <>
      <button type="button" className="btn-ghost me-auto" onClick={onDone}>
        {t('p2pAccounts.bulk.done')}
      </button>
      <button type="button" className="btn-ghost" onClick={onRetryAll}>
        {t('p2pAccounts.bulk.retryAll')}
      </button>
      <button type="button" data-stage-focus className={PRIMARY_BUTTON} onClick={onRetry}>
        {t('p2pAccounts.bulk.retry')}
      </button>
    </>
  );
}
