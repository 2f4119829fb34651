import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type Row,
  type SortingState,
  useReactTable,
  type VisibilityState,
} from '@tanstack/react-table';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import type { PageSize } from '@tradedeck/sdk/domain';
import {
  memo,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app-services.tsx';
import type { CommandId } from '../commands/command-ids.ts';
import {
  type CursorState,
  clearSelection,
  clickRow,
  extend,
  initialCursor,
  move,
  pruneSelection,
  selectAll,
  toggleAtCursor,
} from './row-selection.ts';
import { ColumnMenu, Pagination } from './table-controls.tsx';
import type { SortItem } from './table-url-state.ts';

const ROW_HEIGHT = 36;
/** Rows per `<tbody>` block of a virtual table; even, so the stripes line up from block to block. */
const BLOCK_ROWS = 8;
/** The header row's height until it is measured. */
const HEADER_HEIGHT = 33;

interface DataTableProps<T> {
  /** Names the grid for assistive technology and keys the saved column visibility. */
  id: string;
  label: string;
  columns: ColumnDef<T, unknown>[];
  rows: readonly T[];
  getRowId(row: T): string;
  loading?: boolean;
  emptyText?: string;
  sort: SortItem[];
  onSortChange(sort: SortItem[]): void;
  /** Server paging; absent for a list loaded in full (virtual mode). */
  paging?: {
    page: number;
    pageSize: PageSize;
    total: number;
    /** The server counted up to a cap: the total shows as "10,000+". */
    totalCapped?: boolean | undefined;
    onPageChange(page: number): void;
    onPageSizeChange(size: PageSize): void;
  };
  /** Actions for the selected rows, shown in a bar while something is selected. */
  bulkActions?(selectedIds: string[], clear: () => void): React.ReactNode;
  onOpenRow?(row: T): void;
  /** Selected row ids kept by the page (e.g. in the URL): the table follows them and reports its changes. */
  selection?: { ids: readonly string[]; onChange(ids: string[]): void };
  /** The row under the keyboard cursor (or last clicked), for commands that act on one row. */
  onActiveRowChange?(id: string | null): void;
  /** Height of the scrolling body; the list virtualises whatever its length. */
  height?: string;
}

/**
 * The list primitive: TanStack Table for columns, sorting and visibility, TanStack Virtual for rows, and a
 * keyboard cursor bound to the `table` hotkey scope (j/k, arrows, x/space, Shift ranges, Mod+A, Enter, Esc).
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { t, i18n } = useTranslation();
  const { commands, hotkeys } = useServices();
  const gridId = useId();
  // State, not a ref: the rows' virtualiser needs the element once it is attached.
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const [header, setHeader] = useState<HTMLTableSectionElement | null>(null);
  const headerHeight = useHeight(header, HEADER_HEIGHT);
  const [cursor, setCursor] = useState<CursorState>(initialCursor);
  const [visibility, setVisibility] = useState<VisibilityState>(() => readVisibility(props.id));

  const ids = useMemo(() => props.rows.map(props.getRowId), [props.rows, props.getRowId]);
  const idsRef = useRef(ids);
  idsRef.current = ids;

  useEffect(() => setCursor((state) => pruneSelection(state, ids)), [ids]);

  const selectionKey = props.selection?.ids.join(',');
  useEffect(() => {
    if (selectionKey === undefined) return;
    const wanted = selectionKey === '' ? [] : selectionKey.split(',');
    setCursor((state) => (sameIds(state.selected, wanted) ? state : withSelection(state, wanted)));
  }, [selectionKey]);
  const reportRef = useRef({ selection: props.selection, active: props.onActiveRowChange });
  reportRef.current = { selection: props.selection, active: props.onActiveRowChange };
  const reported = useRef(cursor.selected);
  // Reported before the browser handles the next key, so a command pressed right after j or x acts on the row the
  // screen shows (a passive effect could run after that key's handler).
  useLayoutEffect(() => {
    // Only changes made here are reported; the first render has not read the page's ids yet.
    if (reported.current === cursor.selected) return;
    reported.current = cursor.selected;
    const selection = reportRef.current.selection;
    if (selection && !sameIds(cursor.selected, selection.ids)) selection.onChange([...cursor.selected]);
  }, [cursor.selected]);
  const activeId = cursor.cursor >= 0 ? (ids[cursor.cursor] ?? null) : null;
  useLayoutEffect(() => reportRef.current.active?.(activeId), [activeId]);

  const sorting: SortingState = props.sort.map((s) => ({ id: s.propertyName, desc: s.isDescending }));
  const table = useReactTable({
    data: props.rows as T[],
    columns: props.columns,
    getRowId: props.getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    state: { sorting, columnVisibility: visibility },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      props.onSortChange(next.map((s) => ({ propertyName: s.id, isDescending: s.desc })));
    },
    onColumnVisibilityChange: (updater) => {
      setVisibility((current) => {
        const next = typeof updater === 'function' ? updater(current) : updater;
        saveVisibility(props.id, next);
        return next;
      });
    },
  });
  const rows = table.getRowModel().rows;

  // The rows' virtualiser lives in VirtualRows, so a scroll step renders the rows alone, not the toolbar, the
  // header and the column menu; the keyboard cursor scrolls through this handle.
  const virtualizer = useRef<Virtualizer<HTMLDivElement, Element> | null>(null);

  const cursorRef = useRef(cursor);
  cursorRef.current = cursor;
  const openRef = useRef(props.onOpenRow);
  openRef.current = props.onOpenRow;
  const rowsRef = useRef(props.rows);
  rowsRef.current = props.rows;

  // Row keys live in the `table` scope while the table is on screen.
  useEffect(() => {
    const apply = (change: (state: CursorState, ids: readonly string[]) => CursorState) => {
      const next = change(cursorRef.current, idsRef.current);
      cursorRef.current = next;
      setCursor(next);
      if (next.cursor >= 0) virtualizer.current?.scrollToIndex(next.cursor, { align: 'auto' });
    };
    const handlers: Array<[CommandId, () => void]> = [
      ['table.next', () => apply((s, list) => move(s, 1, list.length))],
      ['table.previous', () => apply((s, list) => move(s, -1, list.length))],
      ['table.extendNext', () => apply((s, list) => extend(s, 1, list))],
      ['table.extendPrevious', () => apply((s, list) => extend(s, -1, list))],
      ['table.toggle', () => apply(toggleAtCursor)],
      ['table.selectPage', () => apply(selectAll)],
      ['table.clearSelection', () => apply(clearSelection)],
      [
        'table.open',
        () => {
          const row = rowsRef.current[cursorRef.current.cursor];
          if (row !== undefined) openRef.current?.(row);
        },
      ],
    ];
    const unregister = handlers.map(([id, handler]) => commands.register(id, handler));
    const deactivate = hotkeys.activate('table');
    return () => {
      deactivate();
      for (const off of unregister) off();
    };
  }, [commands, hotkeys]);

  const selectedIds = useMemo(() => ids.filter((id) => cursor.selected.has(id)), [ids, cursor.selected]);
  const selectLabel = t('table.selectRow');
  const visibleColumnKey = table
    .getVisibleLeafColumns()
    .map((column) => column.id)
    .join(',');
  const onCheck = useCallback((index: number, shift: boolean) => {
    const next = clickRow(cursorRef.current, index, idsRef.current, shift);
    cursorRef.current = next;
    setCursor(next);
  }, []);
  const columnsTemplate = table
    .getVisibleLeafColumns()
    .map((column) =>
      column.id === 'select' ? '2.5rem' : `minmax(${column.getSize()}px, ${column.getSize()}fr)`,
    )
    .join(' ');
  const activeRowId = cursor.cursor >= 0 ? `${gridId}-row-${cursor.cursor}` : undefined;
  // Built once per language: every scroll step renders the table again.
  const format = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);

  return (
    <div className="card flex flex-col overflow-hidden" data-table-id={props.id}>
      <div className="flex min-h-11 items-center gap-3 border-b border-slate-200 px-3 py-1.5 text-sm dark:border-slate-800">
        {selectedIds.length > 0 ? (
          <div role="toolbar" aria-label={t('table.bulkActions')} className="flex flex-1 items-center gap-2">
            <span className="font-semibold text-primary-ink" data-testid="selection-count">
              {t('table.selected', { count: selectedIds.length })}
            </span>
            {props.bulkActions?.(selectedIds, () => setCursor((s) => clearSelection(s)))}
            <button type="button" className="btn-ghost" onClick={() => setCursor((s) => clearSelection(s))}>
              {t('table.clearSelection')}
            </button>
          </div>
        ) : (
          <span className="flex-1 text-muted">
            {props.paging
              ? t(props.paging.totalCapped ? 'table.totalCapped' : 'table.total', {
                  count: props.paging.total,
                  formatted: format.format(props.paging.total),
                })
              : t('table.rows', { count: props.rows.length, formatted: format.format(props.rows.length) })}
          </span>
        )}
        <ColumnMenu table={table} />
      </div>
      <div
        ref={setScrollElement}
        className="relative overflow-auto"
        // Layout and paint of the rows stay inside the scroller: scrolling never relayouts the page.
        style={{ height: props.height ?? 'calc(100vh - 17rem)', minHeight: '16rem', contain: 'strict' }}
      >
        <table
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a table driven by a keyboard cursor is an ARIA grid
          role="grid"
          id={gridId}
          tabIndex={0}
          aria-label={props.label}
          aria-rowcount={rows.length + 1}
          aria-multiselectable="true"
          aria-activedescendant={activeRowId}
          aria-busy={props.loading || undefined}
          className="relative block w-full outline-none focus-visible:ring-2 focus-visible:ring-primary/40 focus-visible:ring-inset"
          // The rows' blocks are placed absolutely below the header: the table holds their height.
          style={{ height: headerHeight + rows.length * ROW_HEIGHT }}
        >
          <thead ref={setHeader} className="sticky top-0 z-10 grid">
            <tr
              aria-rowindex={1}
              className="grid border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:border-slate-800 dark:bg-slate-900 dark:text-slate-400"
              style={{ gridTemplateColumns: columnsTemplate }}
            >
              {table.getHeaderGroups()[0]!.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    className="flex items-center px-3 py-2 text-start"
                  >
                    {header.column.getCanSort() ? (
                      <button
                        type="button"
                        onClick={header.column.getToggleSortingHandler()}
                        className="flex items-center gap-1 uppercase hover:text-primary-ink"
                      >
                        {flexRender(header.column.columnDef.header, header.getContext())}
                        <span aria-hidden className="text-[10px]">
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
                        </span>
                      </button>
                    ) : (
                      flexRender(header.column.columnDef.header, header.getContext())
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <VirtualRows
            rows={rows}
            scroller={scrollElement}
            handle={virtualizer}
            gridId={gridId}
            selected={cursor.selected}
            cursor={cursor.cursor}
            columnsTemplate={columnsTemplate}
            visibleColumns={visibleColumnKey}
            selectLabel={selectLabel}
            top={headerHeight}
            onOpen={props.onOpenRow}
            onCheck={onCheck}
          />
        </table>
        {rows.length === 0 && !props.loading && (
          <p className="px-4 py-12 text-center text-sm text-muted">{props.emptyText ?? t('table.empty')}</p>
        )}
        {props.loading && (
          <div className="absolute inset-x-0 top-9 z-10 flex justify-center p-6" role="status">
            <span className="rounded-full bg-white px-3 py-1 text-xs text-slate-600 shadow dark:bg-slate-800 dark:text-slate-300">
              {t('table.loading')}
            </span>
          </div>
        )}
      </div>
      {props.paging && <Pagination {...props.paging} />}
    </div>
  );
}

interface VirtualRowsProps<T> {
  rows: Row<T>[];
  scroller: HTMLDivElement | null;
  /** Set to the virtualiser, for the keyboard cursor. */
  handle: RefObject<Virtualizer<HTMLDivElement, Element> | null>;
  gridId: string;
  selected: ReadonlySet<string>;
  cursor: number;
  columnsTemplate: string;
  visibleColumns: string;
  selectLabel: string;
  /** Where the rows begin: the header row's height. */
  top: number;
  onOpen?: ((row: T) => void) | undefined;
  onCheck(index: number, shift: boolean): void;
}

/**
 * The rows in view (plus a few either side), in blocks of `BLOCK_ROWS`: each block is a `<tbody>` placed by its
 * transform, its rows in normal flow inside it. Rendered again on each scroll step.
 */
function VirtualRows<T>(props: VirtualRowsProps<T>) {
  const virtualizer = useVirtualizer({
    count: props.rows.length,
    getScrollElement: () => props.scroller,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    // Let React batch scroll updates instead of rendering synchronously inside the scroll event.
    useFlushSync: false,
  });
  props.handle.current = virtualizer;
  const items = virtualizer.getVirtualItems();
  const first = items.length > 0 ? Math.floor(items[0]!.index / BLOCK_ROWS) : 0;
  const last = items.length > 0 ? Math.floor(items.at(-1)!.index / BLOCK_ROWS) : -1;
  // Blocks are keyed by slot (block number modulo the most blocks ever in view), not by block: a block scrolled
  // out hands its DOM to the block scrolled in, which moves it (one element restyled; moving a row restyles each
  // of its cells, as a cell's style follows its row's) and updates its rows' text. Cells therefore keep no state
  // of their own (pages hold it, keyed by row id). Listed in slot order, so React never moves a block's DOM.
  const slots = useRef(1);
  slots.current = Math.max(slots.current, last - first + 1);
  // As many blocks as slots, whatever is in view, so a slot is never unmounted and built again a step later.
  const blocks: number[] = [];
  const lastBlock = Math.ceil(props.rows.length / BLOCK_ROWS) - 1;
  const from = Math.max(0, Math.min(first, lastBlock - slots.current + 1));
  for (let block = from; block <= Math.min(lastBlock, from + slots.current - 1); block++) blocks.push(block);
  blocks.sort((a, b) => (a % slots.current) - (b % slots.current));
  return blocks.map((block) => {
    const start = block * BLOCK_ROWS;
    const end = Math.min(props.rows.length, start + BLOCK_ROWS);
    return (
      <tbody
        key={block % slots.current}
        className="table-stripes absolute inset-x-0 block"
        style={{
          top: props.top,
          height: (end - start) * ROW_HEIGHT,
          transform: `translateY(${start * ROW_HEIGHT}px)`,
          // A block's size never depends on its rows: a step lays out only the rows whose text changed.
          contain: 'strict',
          backgroundSize: `100% ${ROW_HEIGHT * 2}px`,
        }}
      >
        {blockRows(start, end).map((index) => {
          const row = props.rows[index]!;
          return (
            <DataRow
              // Keyed by place in the block: the block's rows hand their DOM on with it.
              key={index % BLOCK_ROWS}
              row={row}
              index={index}
              gridId={props.gridId}
              selected={props.selected.has(row.id)}
              active={props.cursor === index}
              columnsTemplate={props.columnsTemplate}
              visibleColumns={props.visibleColumns}
              selectLabel={props.selectLabel}
              onOpen={props.onOpen}
              onCheck={props.onCheck}
            />
          );
        })}
      </tbody>
    );
  });
}

interface DataRowProps<T> {
  row: Row<T>;
  index: number;
  gridId: string;
  selected: boolean;
  active: boolean;
  columnsTemplate: string;
  /** Visible column ids: a change re-renders the row. */
  visibleColumns: string;
  selectLabel: string;
  onOpen?: ((row: T) => void) | undefined;
  onCheck(index: number, shift: boolean): void;
}

/** One row; memoised so scrolling renders only the rows whose index changed. */
const DataRow = memo(function DataRow<T>(props: DataRowProps<T>) {
  const { row, index, selected, active } = props;
  return (
    <tr
      id={`${props.gridId}-row-${index}`}
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-active={active || undefined}
      onDoubleClick={() => props.onOpen?.(row.original)}
      className={`grid items-center border-b border-slate-100 text-sm dark:border-slate-800/70 ${
        selected ? 'bg-primary/10' : ''
      } ${active ? 'shadow-[inset_3px_0_0_var(--color-primary)]' : ''}`}
      style={{
        // A row's size never depends on its cells: a row whose text changed is laid out alone.
        contain: 'strict',
        height: ROW_HEIGHT,
        gridTemplateColumns: props.columnsTemplate,
      }}
    >
      {row.getVisibleCells().map((cell) =>
        cell.column.id === 'select' ? (
          <td key={cell.column.id} className="flex justify-center">
            <input
              type="checkbox"
              tabIndex={-1}
              checked={selected}
              aria-label={props.selectLabel}
              onChange={() => {}}
              onClick={(event) => props.onCheck(index, event.shiftKey)}
              className="h-4 w-4 accent-primary"
            />
          </td>
        ) : (
          <td key={cell.column.id} className="truncate px-3">
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        ),
      )}
    </tr>
  );
}) as <T>(props: DataRowProps<T>) => React.ReactElement;

function blockRows(start: number, end: number): number[] {
  const indexes: number[] = [];
  for (let index = start; index < end; index++) indexes.push(index);
  return indexes;
}

/** An element's border-box height, followed as it changes (a header whose titles wrap); `initial` until known. */
function useHeight(element: HTMLElement | null, initial: number): number {
  const [height, setHeight] = useState(initial);
  useLayoutEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    setHeight(element.getBoundingClientRect().height || initial);
    const observer = new ResizeObserver(() => setHeight(element.getBoundingClientRect().height || initial));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, initial]);
  return height;
}

/** The checkbox column; put it first in a table's columns. */
export function selectColumn<T>(): ColumnDef<T, unknown> {
  return {
    id: 'select',
    header: () => <span className="sr-only">✓</span>,
    enableSorting: false,
    enableHiding: false,
    size: 40,
  };
}

function sameIds(set: ReadonlySet<string>, ids: readonly string[]): boolean {
  return set.size === ids.length && ids.every((id) => set.has(id));
}

function withSelection(state: CursorState, ids: readonly string[]): CursorState {
  const selected = new Set(ids);
  return { ...state, selected, base: selected };
}

function readVisibility(id: string): VisibilityState {
  try {
    return JSON.parse(localStorage.getItem(`tradedeck.columns.${id}`) ?? '{}') as VisibilityState;
  } catch {
    return {};
  }
}

function saveVisibility(id: string, state: VisibilityState): void {
  try {
    localStorage.setItem(`tradedeck.columns.${id}`, JSON.stringify(state));
  } catch {
    // Not remembered in private mode.
  }
}
