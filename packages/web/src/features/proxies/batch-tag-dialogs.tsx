import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@tradedeck/sdk/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shared/app-services.tsx';
import { CancelButton } from '../../shared/modals/cancel-button.tsx';
import { ModalFrame } from '../../shared/modals/modal-frame.tsx';
import type { ModalControls } from '../../shared/modals/modal-stack.ts';
import { invalidateArea, useOperationQuery } from '../../shared/queries/operation-query.ts';
import type { TagLike } from '../../shared/tags/tag-rules.ts';
import { notifyError } from '../../shared/toasts/notify-error.ts';
import { TagPicker } from './tag-picker.tsx';

/** Puts one tag (existing, or new with id 0) on every chosen proxy; opened at the spec's 500 px. */
export function BatchAddTagDialog({ controls, ids }: { controls: ModalControls; ids: number[] }) {
  const { t } = useTranslation();
  const services = useServices();
  const queryClient = useQueryClient();
  const tags = useOperationQuery(api.proxies.listTags);
  const apply = useMutation({
    mutationFn: (tag: TagLike) => services.client.proxies.batchAddTag({ proxiesIds: ids, tag }),
    onSuccess: (result) => {
      services.toasts.show({
        kind: 'success',
        text: t('proxies.batchTags.added', { name: result.tag.name, count: result.succeededIds.length }),
      });
      reportFailures(services, result.failed.length);
      void invalidateArea(queryClient, api.proxies);
      controls.close(true);
    },
    onError: (error) => notifyError(services, error),
  });
  return (
    <ModalFrame title={t('proxies.batchTags.addTitle', { count: ids.length })} onClose={controls.dismiss}>
      <TagPicker
        all={tags.data ?? []}
        onItem={[]}
        autoFocus
        busy={apply.isPending}
        submitLabel={t('proxies.batchTags.apply')}
        onPick={(tag) => apply.mutate(tag)}
      />
    </ModalFrame>
  );
}

/** Takes one of the tags the chosen proxies carry off all of them; 500 px. */
export function BatchRemoveTagDialog({
  controls,
  ids,
  tags,
}: {
  controls: ModalControls;
  ids: number[];
  /** Tags found on the chosen proxies. */
  tags: TagLike[];
}) {
  const { t } = useTranslation();
  const services = useServices();
  const queryClient = useQueryClient();
  const selectId = useId();
  const [tagId, setTagId] = useState<number | null>(tags[0]?.id ?? null);
  const apply = useMutation({
    mutationFn: (id: number) => services.client.proxies.batchRemoveTag({ proxiesIds: ids, tagId: id }),
    onSuccess: (result) => {
      services.toasts.show({
        kind: 'success',
        text: t('proxies.batchTags.removed', { count: result.succeededIds.length }),
      });
      reportFailures(services, result.failed.length);
      void invalidateArea(queryClient, api.proxies);
      controls.close(true);
    },
    onError: (error) => notifyError(services, error),
  });
  return (
    <ModalFrame
      title={t('proxies.batchTags.removeTitle', { count: ids.length })}
      onClose={controls.dismiss}
      footer={
        <>
          <CancelButton onClick={controls.dismiss} />
          <button
            type="button"
            className="btn-danger"
            disabled={tagId === null || apply.isPending}
            onClick={() => tagId !== null && apply.mutate(tagId)}
          >
            {t('proxies.batchTags.apply')}
          </button>
        </>
      }
    >
      {tags.length === 0 ? (
        <p className="text-muted">{t('proxies.batchTags.noTagsOnSelection')}</p>
      ) : (
        <div className="space-y-1">
          <label htmlFor={selectId} className="text-xs font-semibold text-muted uppercase">
            {t('proxies.batchTags.removeChoose')}
          </label>
          <select
            id={selectId}
            data-autofocus
            className="input w-full"
            value={tagId ?? ''}
            onChange={(event) => setTagId(Number(event.target.value))}
          >
            {tags.map((tag) => (
              <option key={tag.id} value={tag.id}>
                {tag.name}
              </option>
            ))}
          </select>
        </div>
      )}
    </ModalFrame>
  );
}

function reportFailures(services: ReturnType<typeof useServices>, failed: number) {
  if (failed > 0) {
    services.toasts.show({
      kind: 'warning',
      text: services.i18n.t('proxies.batchTags.failedItems', { count: failed }),
    });
  }
}
