import type { ColumnDef } from '@tanstack/react-table';
import { MODAL_WIDTHS } from '@tradedeck/sdk/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type AppServices, useServices } from '../../shared/app-services.tsx';
import { ConfirmDialog } from '../../shared/modals/confirm-dialog.tsx';
import { ModalFrame } from '../../shared/modals/modal-frame.tsx';
import type { ModalControls } from '../../shared/modals/modal-stack.ts';
import { DataTable, selectColumn } from '../../shared/table/data-table.tsx';
import { useTableUrlState } from '../../shared/table/table-url-state.ts';
import { useUrlParams } from '../../shared/url-params.ts';
import { type FixtureRow, generateRows, sortRows } from './fixture.ts';

const STATUS_TONE = ['bg-slate-400', 'bg-emerald-500', 'bg-rose-500'] as const;

/**
 * The data table on generated rows: `?rows=100000&mode=virtual` loads them all (the scroll benchmark);
 * the default pages them like a server list, with the filters in the URL.
 */
export function DevTablePage() {
  const { t, i18n } = useTranslation();
  const services = useServices();
  const [params] = useUrlParams();
  const count = Math.min(1_000_000, Math.max(0, Number(params.get('rows') ?? 1000) || 0));
  const virtual = params.get('mode') === 'virtual';
  const { state, setPage, setPageSize, setSort, setFilter } = useTableUrlState(['q', 'status']);
  const all = useMemo(() => generateRows(count), [count]);

  const filtered = useMemo(() => {
    const q = state.filters.q?.toLowerCase();
    const status = state.filters.status;
    const matching = all.filter(
      (row) =>
        (!q || row.login.includes(q) || row.proxy.includes(q)) && (!status || String(row.status) === status),
    );
    const first = state.sort[0];
    return sortRows(matching, first?.propertyName, first?.isDescending ?? false);
  }, [all, state.filters, state.sort]);

  const rows = virtual
    ? filtered
    : filtered.slice((state.page - 1) * state.pageSize, state.page * state.pageSize);
  const money = useMemo(
    () => new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'RUB' }),
    [i18n.language],
  );

  const columns = useMemo<ColumnDef<FixtureRow, unknown>[]>(
    () => [
      selectColumn<FixtureRow>(),
      { id: 'id', accessorKey: 'id', header: 'ID', meta: 'ID', size: 70 },
      {
        id: 'login',
        accessorKey: 'login',
        header: t('devTable.login'),
        meta: t('devTable.login'),
        size: 160,
      },
      {
        id: 'status',
        accessorKey: 'status',
        header: t('devTable.status'),
        meta: t('devTable.status'),
        size: 110,
        cell: (info) => {
          const status = info.getValue() as 0 | 1 | 2;
          return (
            <span className="inline-flex items-center gap-1.5">
              <span className={`h-2 w-2 rounded-full ${STATUS_TONE[status]}`} aria-hidden />
              {t(`devTable.statuses.${status}`)}
            </span>
          );
        },
      },
      {
        id: 'proxy',
        accessorKey: 'proxy',
        header: t('devTable.proxy'),
        meta: t('devTable.proxy'),
        size: 170,
      },
      {
        id: 'balance',
        accessorKey: 'balance',
        header: t('devTable.balance'),
        meta: t('devTable.balance'),
        size: 120,
        cell: (info) => money.format((info.getValue() as number) / 100),
      },
      { id: 'tag', accessorKey: 'tag', header: t('devTable.tag'), meta: t('devTable.tag'), size: 90 },
    ],
    [t, money],
  );

  return (
    <div className="min-h-full bg-slate-100 p-4 text-slate-800 md:p-6 dark:bg-slate-950 dark:text-slate-100">
      <h1 className="mb-3 text-xl font-semibold">{t('devTable.title')}</h1>
      <div className="mb-3 flex flex-wrap gap-2">
        <input
          type="search"
          aria-label={t('devTable.search')}
          placeholder={t('devTable.search')}
          defaultValue={state.filters.q ?? ''}
          onChange={(event) => setFilter('q', event.target.value)}
          className="input w-64"
        />
        <select
          aria-label={t('devTable.status')}
          value={state.filters.status ?? ''}
          onChange={(event) => setFilter('status', event.target.value || null)}
          className="input"
        >
          <option value="">{t('devTable.anyStatus')}</option>
          {([0, 1, 2] as const).map((status) => (
            <option key={status} value={status}>
              {t(`devTable.statuses.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <DataTable
        id="dev-table"
        label={t('devTable.title')}
        columns={columns}
        rows={rows}
        getRowId={getRowId}
        sort={state.sort}
        onSortChange={setSort}
        paging={
          virtual
            ? undefined
            : {
                page: state.page,
                pageSize: state.pageSize,
                total: filtered.length,
                onPageChange: setPage,
                onPageSizeChange: setPageSize,
              }
        }
        onOpenRow={(row) => openRowView(services, row)}
        bulkActions={(ids, clear) => (
          <button
            type="button"
            className="btn-danger"
            onClick={() =>
              services.modals
                .open<boolean>((controls) => <ConfirmRemove controls={controls} count={ids.length} />, {
                  width: MODAL_WIDTHS.confirm,
                })
                .then(
                  (confirmed) => confirmed && clear(),
                  () => {},
                )
            }
          >
            {t('devTable.remove')}
          </button>
        )}
      />
    </div>
  );
}

const getRowId = (row: FixtureRow) => row.id;

function openRowView(services: AppServices, row: FixtureRow) {
  void services.modals.open((controls) => <RowView controls={controls} row={row} />, {
    width: MODAL_WIDTHS.viewAccount,
  });
}

function RowView({ controls, row }: { controls: ModalControls; row: FixtureRow }) {
  const { t } = useTranslation();
  return (
    <ModalFrame
      title={row.login}
      onClose={controls.dismiss}
      footer={
        <button
          type="button"
          className="btn-danger"
          onClick={() =>
            controls
              .openChild<boolean>((child) => <ConfirmRemove controls={child} count={1} />, {
                width: MODAL_WIDTHS.confirm,
              })
              .then(
                (confirmed) => confirmed && controls.close(),
                () => {},
              )
          }
        >
          {t('devTable.remove')}
        </button>
      }
    >
      <dl className="grid grid-cols-[8rem_1fr] gap-y-2">
        <dt className="text-muted">{t('devTable.proxy')}</dt>
        <dd>{row.proxy}</dd>
        <dt className="text-muted">{t('devTable.tag')}</dt>
        <dd>{row.tag}</dd>
      </dl>
    </ModalFrame>
  );
}

function ConfirmRemove({ controls, count }: { controls: ModalControls; count: number }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      controls={controls}
      title={t('devTable.confirmTitle')}
      text={t('devTable.confirmText', { count })}
      confirmLabel={t('devTable.remove')}
    />
  );
}
