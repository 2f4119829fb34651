import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import type { Table } from '@tanstack/react-table';
import { PAGE_SIZES, type PageSize } from '@tradedeck/sdk/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Column visibility: every hideable column with a check mark. */
export function ColumnMenu<T>({ table }: { table: Table<T> }) {
  const { t } = useTranslation();
  return (
    <Menu>
      <MenuButton className="btn-ghost">{t('table.columns')}</MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-50 mt-1 min-w-44 rounded-md border border-slate-200 bg-white p-1 text-sm shadow-lg outline-none dark:border-slate-700 dark:bg-slate-900"
      >
        {table
          .getAllLeafColumns()
          .filter((column) => column.getCanHide())
          .map((column) => (
            <MenuItem key={column.id}>
              <button
                type="button"
                role="menuitemcheckbox"
                aria-checked={column.getIsVisible()}
                onClick={(event) => {
                  event.preventDefault();
                  column.toggleVisibility();
                }}
                className="flex w-full items-center gap-2 rounded px-3 py-1.5 text-start data-focus:bg-primary/10"
              >
                <span aria-hidden className="w-4 text-primary-ink">
                  {column.getIsVisible() ? '✓' : ''}
                </span>
                {String(column.columnDef.meta ?? column.id)}
              </button>
            </MenuItem>
          ))}
      </MenuItems>
    </Menu>
  );
}

/** Page size (10/25/50/100), position and previous/next. */
export function Pagination({
  page,
  pageSize,
  total,
  totalCapped = false,
  onPageChange,
  onPageSizeChange,
}: {
  page: number;
  pageSize: PageSize;
  total: number;
  /** The total is a lower bound ("10,000+"): there may be pages past it. */
  totalCapped?: boolean | undefined;
  onPageChange(page: number): void;
  onPageSizeChange(size: PageSize): void;
}) {
  const { t, i18n } = useTranslation();
  const sizeId = useId();
  const pages = Math.max(1, Math.ceil(total / pageSize)) + (totalCapped ? 1 : 0);
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const format = new Intl.NumberFormat(i18n.language);
  return (
    <nav
      aria-label={t('table.pagination')}
      className="flex flex-wrap items-center gap-3 border-t border-slate-200 px-3 py-2 text-sm dark:border-slate-800"
    >
      <label htmlFor={sizeId} className="text-muted">
        {t('table.pageSize')}
      </label>
      <select
        id={sizeId}
        value={pageSize}
        onChange={(event) => onPageSizeChange(Number(event.target.value) as PageSize)}
        className="rounded border border-slate-300 bg-transparent px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
      >
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
      <span className="ms-auto text-muted">
        {t('table.range', {
          from: format.format(from),
          to: format.format(to),
          total: `${format.format(total)}${totalCapped ? '+' : ''}`,
        })}
      </span>
      <button type="button" className="btn-ghost" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        {t('table.previous')}
      </button>
      <button
        type="button"
        className="btn-ghost"
        disabled={page >= pages}
        onClick={() => onPageChange(page + 1)}
      >
        {t('table.next')}
      </button>
    </nav>
  );
}
