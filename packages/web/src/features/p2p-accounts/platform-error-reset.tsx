import { useMutation } from '@tanstack/react-query';
import { api } from '@tradedeck/sdk/contract';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shared/app-services.tsx';
import { invalidateArea } from '../../shared/queries/operation-query.ts';
import { useDescribeError } from '../../shared/use-describe-error.ts';

/**
 * "Reset the marketplace error" under a platform in status error: the market checks the account again, and the
 * error goes only when the market no longer reports it. A refusal shows the spec's "Marketplace error reset
 * failed" under the button (the server's words for the account, or ours with the cause of a failed request).
 */
export function PlatformErrorReset({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const { client, toasts, queryClient } = useServices();
  const describe = useDescribeError();
  const reset = useMutation({
    mutationFn: () => client.p2p.resetError({ ids: [accountId] }),
    onSuccess: (result) => {
      if (result.failed.length > 0) return;
      toasts.show({ kind: 'success', text: t('p2pAccounts.resetError.done') });
      void invalidateArea(queryClient, api.p2p);
    },
  });
  const refused = reset.data?.failed[0] ?? null;
  return (
    <div className="space-y-1" data-testid="platform-error-reset">
      <button
        type="button"
        className="btn-ghost"
        disabled={reset.isPending}
        aria-describedby={`reset-hint-${accountId}`}
        onClick={() => reset.mutate()}
      >
        {reset.isPending ? t('p2pAccounts.resetError.resetting') : t('p2pAccounts.resetError.action')}
      </button>
      <p id={`reset-hint-${accountId}`} className="text-xs text-muted">
        {t('p2pAccounts.resetError.hint')}
      </p>
      {(refused || reset.isError) && (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300" data-testid="reset-error-failed">
          {refused ? refused.message : `${t('p2pAccounts.resetError.failed')}: ${describe(reset.error)}`}
        </p>
      )}
    </div>
  );
}
