import { ApiError } from '@tradedeck/sdk/client';
import type { BatchResult } from '@tradedeck/sdk/contract';
import { MODAL_WIDTHS } from '@tradedeck/sdk/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppServices } from '../../shared/app-services.tsx';
import { ConfirmDialog } from '../../shared/modals/confirm-dialog.tsx';
import { ModalFrame } from '../../shared/modals/modal-frame.tsx';
import type { ModalControls } from '../../shared/modals/modal-stack.ts';
import { notifyError } from '../../shared/toasts/notify-error.ts';

/** Result code of a proxy still assigned to Steam accounts. */
const IN_USE = 9;

interface RemoveOutcome {
  removed: number[];
  inUse: Array<{ id: number; message: string }>;
  other: Array<{ id: number; message: string }>;
}

/** Deletes proxies: one through `remove`, several through `batchRemove`; per-item failures are kept apart. */
async function removeProxies(
  client: AppServices['client'],
  ids: readonly number[],
  detach: boolean,
): Promise<RemoveOutcome> {
  if (ids.length === 1) {
    const id = ids[0]!;
    try {
      await client.proxies.remove({ id, detach: detach ? 'true' : 'false' });
      return { removed: [id], inUse: [], other: [] };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const failure = { id, message: error.message };
      return error.resultCode === IN_USE
        ? { removed: [], inUse: [failure], other: [] }
        : { removed: [], inUse: [], other: [failure] };
    }
  }
  const result: BatchResult = await client.proxies.batchRemove({ proxyIds: [...ids], detach });
  return {
    removed: result.succeededIds,
    inUse: result.failed.filter((f) => f.resultCode === IN_USE),
    other: result.failed.filter((f) => f.resultCode !== IN_USE),
  };
}

/**
 * The whole delete flow: confirmation (400 px), then for proxies in use a second dialog listing them with the
 * choice to detach them from their accounts and delete. Resolves with the ids that are gone.
 */
export async function runRemoveFlow(
  services: AppServices,
  ids: readonly number[],
  describe: (id: number) => string,
): Promise<number[]> {
  const confirmed = await services.modals
    .open<boolean>((controls) => <ConfirmRemove controls={controls} count={ids.length} />, {
      width: MODAL_WIDTHS.confirm,
    })
    .catch(() => false);
  if (!confirmed) return [];
  const t = services.i18n.t.bind(services.i18n);
  let outcome: RemoveOutcome;
  try {
    outcome = await removeProxies(services.client, ids, false);
  } catch (error) {
    notifyError(services, error);
    return [];
  }
  const removed = [...outcome.removed];
  if (outcome.inUse.length > 0) {
    const detach = await services.modals
      .open<boolean>(
        (controls) => <InUseDialog controls={controls} items={outcome.inUse} describe={describe} />,
        { width: MODAL_WIDTHS.confirm },
      )
      .catch(() => false);
    if (detach) {
      try {
        const second = await removeProxies(
          services.client,
          outcome.inUse.map((item) => item.id),
          true,
        );
        removed.push(...second.removed);
        outcome.other.push(...second.other, ...second.inUse);
      } catch (error) {
        notifyError(services, error);
      }
    }
  }
  if (removed.length > 0)
    services.toasts.show({ kind: 'success', text: t('proxies.remove.removed', { count: removed.length }) });
  if (outcome.other.length > 0) {
    const list = outcome.other.map((item) => `${describe(item.id)}: ${item.message}`).join(', ');
    services.toasts.show({ kind: 'error', text: `${t('proxies.remove.otherFailures')} ${list}` });
  }
  return removed;
}

function ConfirmRemove({ controls, count }: { controls: ModalControls; count: number }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      controls={controls}
      title={t('proxies.remove.title')}
      text={t('proxies.remove.confirm', { count })}
      confirmLabel={t('proxies.remove.removeButton')}
    />
  );
}

function InUseDialog({
  controls,
  items,
  describe,
}: {
  controls: ModalControls;
  items: Array<{ id: number; message: string }>;
  describe: (id: number) => string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <ModalFrame
      title={t('proxies.remove.inUseTitle')}
      onClose={controls.dismiss}
      footer={
        <>
          <button type="button" data-autofocus className="btn-ghost" onClick={controls.dismiss}>
            {t('proxies.remove.keep')}
          </button>
          <button
            type="button"
            className="btn-danger"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              controls.close(true);
            }}
          >
            {t('proxies.remove.detach')}
          </button>
        </>
      }
    >
      <p>{t('proxies.remove.inUseText')}</p>
      <ul className="mt-2 max-h-48 space-y-1 overflow-y-auto text-xs" data-testid="in-use-list">
        {items.map((item) => (
          <li key={item.id}>
            <code>{describe(item.id)}</code> — <span className="text-muted">{item.message}</span>
          </li>
        ))}
      </ul>
    </ModalFrame>
  );
}
