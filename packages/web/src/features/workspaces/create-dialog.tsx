import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@tradedeck/sdk/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shared/app-services.tsx';
import { APPLY_BUTTON, FIELD_LABEL } from '../../shared/form-styles.ts';
import { CancelButton } from '../../shared/modals/cancel-button.tsx';
import { ModalFrame } from '../../shared/modals/modal-frame.tsx';
import type { ModalControls } from '../../shared/modals/modal-stack.ts';
import { invalidateOperations } from '../../shared/queries/operation-query.ts';
import { notifyError } from '../../shared/toasts/notify-error.ts';
import { useActiveWorkspace } from '../../shared/workspace/use-workspaces.ts';

/** Names a new team workspace; the user becomes its owner and the panel switches to it. */
export function CreateWorkspaceDialog({ controls }: { controls: ModalControls }) {
  const { t } = useTranslation();
  const services = useServices();
  const queryClient = useQueryClient();
  const { switchTo } = useActiveWorkspace();
  const nameId = useId();
  const [name, setName] = useState('');
  const create = useMutation({
    mutationFn: () => services.client.workspace.create({ name: name.trim() }),
    onSuccess: async (created) => {
      await invalidateOperations(queryClient, api.workspace.listMine);
      switchTo(created);
      services.toasts.show({ kind: 'success', text: t('workspaces.created', { name: created.name }) });
      controls.close(true);
    },
    onError: (error) => notifyError(services, error),
  });
  const formId = useId();
  return (
    <ModalFrame
      title={t('workspaces.createTitle')}
      onClose={controls.dismiss}
      footer={
        <>
          <CancelButton onClick={controls.dismiss} />
          <button
            type="submit"
            form={formId}
            className={APPLY_BUTTON}
            disabled={create.isPending || name.trim() === ''}
          >
            {t('workspaces.createSubmit')}
          </button>
        </>
      }
    >
      <form
        id={formId}
        className="space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim()) create.mutate();
        }}
      >
        <label htmlFor={nameId} className={FIELD_LABEL}>
          {t('workspaces.createName')}
        </label>
        <input
          id={nameId}
          data-autofocus
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.target.value)}
          className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-900"
        />
        <p className="text-xs text-muted">{t('workspaces.createHint')}</p>
      </form>
    </ModalFrame>
  );
}
