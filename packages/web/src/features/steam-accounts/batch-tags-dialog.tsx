import { api } from '@tradedeck/sdk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shared/app-services.tsx';
import { ModalFrame } from '../../shared/modals/modal-frame.tsx';
import type { ModalControls } from '../../shared/modals/modal-stack.ts';
import { useOperationQuery } from '../../shared/queries/operation-query.ts';
import type { TagLike } from '../../shared/tags/tag-rules.ts';
import { notifyError } from '../../shared/toasts/notify-error.ts';
import { TagPicker } from './tag-picker.tsx';
import { PRIMARY_BUTTON } from './ui.ts';

/** Add one tag to, or take one tag off, the selected accounts (modal 500). */
export function BatchTagsDialog({
  controls,
  accountIds,
  onDone,
}: {
  controls: ModalControls;
  accountIds: number[];
  onDone(): void;
}) {
  const { t } = useTranslation();
  const services = useServices();
  const { client, toasts } = services;
  const [mode, setMode] = useState<'add' | 'remove'>('add');
  const [removeId, setRemoveId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const tags = useOperationQuery(api.steamAccounts.listTags);

  const run = async (action: () => Promise<{ succeededIds: number[]; failed: unknown[] }>) => {
    setBusy(true);
    try {
      const answer = await action();
      toasts.show({
        kind: answer.failed.length > 0 ? 'warning' : 'success',
        text: t('steamAccounts.batchTags.done', {
          ok: answer.succeededIds.length,
          failed: answer.failed.length,
        }),
      });
      onDone();
      controls.close(true);
    } catch (error) {
      notifyError(services, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalFrame title={t('steamAccounts.batchTags.title')} onClose={controls.dismiss}>
      <div className="space-y-3">
        <fieldset className="inline-flex rounded-md border border-slate-300 p-0.5 dark:border-slate-600">
          {(['add', 'remove'] as const).map((item) => (
            <label
              key={item}
              className={`cursor-pointer rounded px-3 py-1 text-sm ${mode === item ? 'bg-primary-strong text-white' : ''}`}
            >
              <input
                type="radio"
                name="batch-tag-mode"
                className="sr-only"
                checked={mode === item}
                onChange={() => setMode(item)}
              />
              {t(item === 'add' ? 'steamAccounts.batchTags.addMode' : 'steamAccounts.batchTags.removeMode')}
            </label>
          ))}
        </fieldset>
        {mode === 'add' ? (
          <TagPicker
            all={tags.data ?? []}
            alreadyOn={[]}
            busy={busy}
            actionLabel={t('steamAccounts.batchTags.apply')}
            onPick={(tag: TagLike) => run(() => client.steamAccounts.batchAddTag({ accountIds, tag }))}
          />
        ) : (
          <div className="flex gap-2">
            <select
              aria-label={t('steamAccounts.batchTags.chooseTag')}
              className="input flex-1"
              value={removeId ?? ''}
              onChange={(event) => setRemoveId(event.target.value ? Number(event.target.value) : null)}
            >
              <option value="">{t('steamAccounts.batchTags.chooseTag')}</option>
              {tags.data?.map((tag) => (
                <option key={tag.id} value={tag.id}>
                  {tag.name} ({tag.count})
                </option>
              ))}
            </select>
            <button
              type="button"
              className={PRIMARY_BUTTON}
              disabled={removeId === null || busy}
              onClick={() =>
                removeId !== null &&
                void run(() => client.steamAccounts.batchRemoveTag({ accountIds, tagId: removeId }))
              }
            >
              {t('steamAccounts.batchTags.apply')}
            </button>
          </div>
        )}
      </div>
    </ModalFrame>
  );
}
