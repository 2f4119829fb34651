import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@tradedeck/sdk/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useServices } from '../../shared/app-services.tsx';
import { invalidateOperations } from '../../shared/queries/operation-query.ts';
import { useUrlParams } from '../../shared/url-params.ts';
import { useDescribeError } from '../../shared/use-describe-error.ts';
import { useActiveWorkspace } from '../../shared/workspace/use-workspaces.ts';

/** The invitation's id and code from the mailed link (`/workspace/accept?inviteId=…&code=…`). */
function inviteOf(params: URLSearchParams): { inviteId: number; code: string } | null {
  const inviteId = Number(params.get('inviteId'));
  const code = params.get('code') ?? '';
  return Number.isInteger(inviteId) && inviteId > 0 && code !== '' ? { inviteId, code } : null;
}

/**
 * Opened by the invitation mail's link once signed in (the sign-in page brings the user back here): accepts the
 * invitation once, then opens the members page of the workspace joined, switched to it.
 */
export function AcceptPage() {
  const { t } = useTranslation();
  const { client, toasts } = useServices();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const describe = useDescribeError();
  const { switchTo } = useActiveWorkspace();
  const [params] = useUrlParams();
  const invite = inviteOf(params);
  const accept = useMutation({
    mutationFn: (input: { inviteId: number; code: string }) => client.workspace.accept(input),
    onSuccess: async (joined) => {
      await invalidateOperations(queryClient, api.workspace.listMine);
      toasts.show({
        kind: 'success',
        text: t('workspaces.accepted', { name: joined.name, role: t(`workspaces.roles.${joined.role}`) }),
      });
      // The link is used: the members page of the workspace joined replaces it.
      void navigate('/panel/workspace/members', { replace: true });
      switchTo(joined);
    },
  });
  // The code is good once: the call is made once per page, whatever the renders.
  const asked = useRef(false);
  useEffect(() => {
    if (!invite || asked.current) return;
    asked.current = true;
    accept.mutate(invite);
  }, [invite, accept]);

  return (
    <div className="mx-auto max-w-xl space-y-4">
      <h1 className="text-xl font-semibold">{t('workspaces.acceptTitle')}</h1>
      {!invite ? (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {t('workspaces.acceptBadLink')}
        </p>
      ) : accept.isError ? (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {describe(accept.error)}
        </p>
      ) : (
        <p className="text-sm text-muted">{t('workspaces.accepting')}</p>
      )}
    </div>
  );
}
