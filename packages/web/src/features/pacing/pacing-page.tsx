import { useQueryClient } from '@tanstack/react-query';
import { api, type PacingState } from '@tradedeck/sdk/contract';
import { type ReactNode, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useCommandHandlers } from '../../shared/area/use-command-handlers.ts';
import { RestingCell } from '../../shared/pacing/resting-cell.tsx';
import { Hotkey } from '../../shared/palette/kbd.tsx';
import { invalidateOperations, useOperationQuery } from '../../shared/queries/operation-query.ts';
import { ListLoadFailed } from '../../shared/table/list-page.tsx';

type ClassState = PacingState['proxies'][number]['classes'][number];

const CELL = 'px-2 py-2';

/** "inventory 30/60 · limits: 1": a class's budget a minute now against the table's. */
function ClassList({ classes }: { classes: ClassState[] }) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs">
      {classes.map((item) => (
        <li key={item.class} className={item.restingUntil ? 'text-warning' : undefined}>
          <span className="font-mono">{item.class}</span>{' '}
          {item.budgetPerMinute === null
            ? t('pacing.notSpaced')
            : `${item.budgetPerMinute}/${item.baseBudgetPerMinute ?? '—'}`}
          {item.limits > 0 ? ` · ${t('pacing.limits', { count: item.limits })}` : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * One table of the screen: its head, then a row per item, or the one empty row both tables share when there is
 * none.
 */
function PacingTable<T>({
  testId,
  labels,
  rows,
  rowKey,
  cells,
}: {
  testId: string;
  labels: string[];
  rows: readonly T[];
  rowKey(row: T): string | number;
  cells(row: T): ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <table className="w-full border-collapse text-start text-sm" data-testid={testId}>
      <thead>
        <tr className="border-b border-slate-300 dark:border-slate-700">
          {labels.map((label) => (
            <th key={label} scope="col" className={`${CELL} font-semibold`}>
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={labels.length} className={CELL}>
              {t('pacing.empty')}
            </td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={rowKey(row)} className="border-b border-slate-200 dark:border-slate-800">
              {cells(row)}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

/**
 * The Pacing screen (`pacing.state`): the limiters of the user's proxies and accounts, those resting after a Steam
 * limit first, then the busiest, each with its rest, its budget share and every class's budget now against the
 * table's (docs/pacing.md).
 */
export function PacingPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const state = useOperationQuery(api.pacing.state, { limit: 100 });
  const refresh = useCallback(() => void invalidateOperations(queryClient, api.pacing.state), [queryClient]);
  useCommandHandlers('pacing', 'screen', { refresh });
  const proxies = state.data?.proxies ?? [];
  const accounts = state.data?.accounts ?? [];
  const column = (key: 'proxy' | 'account' | 'accounts' | 'share' | 'requests' | 'classes') =>
    t(`pacing.columns.${key}`);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <div className="me-auto">
          <h1 className="text-2xl font-semibold tracking-tight">{t('pacing.title')}</h1>
          <p className="text-sm text-muted">{t('pacing.lead')}</p>
        </div>
        <button type="button" className="btn-ghost" onClick={refresh} data-testid="pacing-refresh">
          {t('pacing.refresh')} <Hotkey hotkey="r" />
        </button>
      </div>
      <ListLoadFailed failed={state.isError} text={t('pacing.loadFailed')} />
      <section aria-labelledby="pacing-proxies" className="space-y-2">
        <h2 id="pacing-proxies" className="text-lg font-semibold">
          {t('pacing.proxies')}
        </h2>
        <PacingTable
          testId="pacing-proxies"
          labels={[
            column('proxy'),
            t('pacing.resting'),
            column('accounts'),
            column('share'),
            column('requests'),
            column('classes'),
          ]}
          rows={proxies}
          rowKey={(row) => row.proxyId}
          cells={(row) => (
            <>
              <td className={`${CELL} font-mono text-xs`}>{row.name ?? row.address}</td>
              <td className={CELL}>
                <RestingCell rest={restOf(row)} />
              </td>
              <td className={CELL}>{row.accounts}</td>
              <td className={CELL}>{Math.round(row.budgetShare * 100)}%</td>
              <td className={CELL}>{row.requests}</td>
              <td className={CELL}>
                <ClassList classes={row.classes} />
              </td>
            </>
          )}
        />
      </section>
      <section aria-labelledby="pacing-accounts" className="space-y-2">
        <h2 id="pacing-accounts" className="text-lg font-semibold">
          {t('pacing.accounts')}
        </h2>
        <PacingTable
          testId="pacing-accounts"
          labels={[column('account'), t('pacing.resting'), column('requests'), column('classes')]}
          rows={accounts}
          rowKey={(row) => row.accountId}
          cells={(row) => (
            <>
              <td className={CELL}>{row.login}</td>
              <td className={CELL}>
                <RestingCell rest={restOf(row)} />
              </td>
              <td className={CELL}>{row.requests}</td>
              <td className={CELL}>
                <ClassList classes={row.classes} />
              </td>
            </>
          )}
        />
      </section>
    </div>
  );
}

/** The row's rest that ends first, with the reason of the class it belongs to. */
function restOf(row: { restingUntil: string | null; classes: ClassState[] }) {
  if (!row.restingUntil) return null;
  const first = row.classes.find((item) => item.restingUntil === row.restingUntil);
  return { until: row.restingUntil, reason: first?.reason ?? null };
}
