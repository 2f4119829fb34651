import { api } from '@tradedeck/sdk/contract';
import { formatMoney, transferFailureMessages, transferOutcomeMessages } from '@tradedeck/sdk/domain';
import { useTranslation } from 'react-i18next';
import { useOperationQuery } from '../../shared/queries/operation-query.ts';
import { localeOf, useLanguage } from '../../shared/use-language.ts';

/** How many of the newest transfers the dialog lists under its form. */
const RECENT_TRANSFERS = 5;

/** The user's newest transfers, so the outcome of an earlier one is at hand where the next one is made. */
export function TransferHistory() {
  const lang = useLanguage();
  const { t: text } = useTranslation('translation', { keyPrefix: 'transfer' });
  const history = useOperationQuery(api.transfer.history, {
    pages: { page: 1, pageSize: 10 },
  });
  const rows = (history.data?.items ?? []).slice(0, RECENT_TRANSFERS);
  const time = new Intl.DateTimeFormat(localeOf(lang), {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  return (
    <section aria-label={text('history')} className="mt-3 space-y-1 border-t border-line pt-3">
      <h3 className="text-xs font-semibold tracking-wide text-muted uppercase">{text('history')}</h3>
      {history.isError && <p className="text-xs text-rose-700 dark:text-rose-300">{text('historyFailed')}</p>}
      {history.isSuccess && rows.length === 0 && <p className="text-sm text-muted">{text('historyEmpty')}</p>}
      <ul className="space-y-1 text-sm" data-testid="transfer-history">
        {rows.map((row) => (
          <li key={row.id} className="flex flex-wrap items-baseline gap-x-2" data-outcome={row.outcome}>
            <span className="text-xs text-muted tabular-nums">{time.format(new Date(row.createdAt))}</span>
            <span>
              {row.fromLogin} → {row.toLogin}
            </span>
            <span className="tabular-nums">
              {formatMoney(row.amount, lang)}
              {row.received && row.received.currency !== row.amount.currency
                ? ` → ${formatMoney(row.received, lang)}`
                : ''}
            </span>
            <span className={row.outcome === 'notSent' ? 'text-rose-700 dark:text-rose-300' : 'text-muted'}>
              {transferOutcomeMessages[lang][row.outcome]}
              {row.failure ? `: ${transferFailureMessages[lang][row.failure]}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
