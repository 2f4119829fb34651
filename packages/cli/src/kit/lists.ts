import { PAGE_SIZES, type PageSize } from '@tradedeck/sdk/domain/constants';
import type { CommandContext } from '../context.ts';
import { renderTable } from '../table.ts';
import { pageSize, positiveInt, usage } from './command-helpers.ts';

/** The largest page the server gives: `--all` walks the list in pages of this size. */
const WALK_PAGE_SIZE: PageSize = PAGE_SIZES[PAGE_SIZES.length - 1]!;

export interface ListPage<T> {
  items: T[];
  total: number;
  /** The server counted up to a cap: `total` is a lower bound, shown as "10000+". */
  totalCapped?: boolean | undefined;
}

/** A paged list of the server as a table: its columns, one row per item and how to fetch a page. */
export interface ListSpec<T> {
  head: readonly string[];
  row(item: T): string[];
  fetchPage(page: number, pageSize: PageSize): Promise<ListPage<T>>;
  /** Printed when there is nothing to list. */
  none: string;
  /** The line under the table on a terminal ("50 of 305 proxies (page 1)"; a capped total reads "10000+"). */
  totalLine(shown: number, total: number | string, page: number): string;
}

export interface ListFlags {
  all?: boolean;
  page?: string;
  pageSize?: string;
}

/** Every item of a paged list, a page at a time, until the server has no more. */
export async function* everyPage<T>(fetchPage: ListSpec<T>['fetchPage']): AsyncGenerator<ListPage<T>> {
  for (let page = 1; ; page += 1) {
    const answer = await fetchPage(page, WALK_PAGE_SIZE);
    yield answer;
    if (answer.items.length < WALK_PAGE_SIZE) return;
    if (!answer.totalCapped && page * WALK_PAGE_SIZE >= answer.total) return;
  }
}

/** Every item of a paged list, collected (for bulk commands that act on all of them). */
export async function collectAll<T>(fetchPage: ListSpec<T>['fetchPage']): Promise<T[]> {
  const items: T[] = [];
  for await (const answer of everyPage(fetchPage)) items.push(...answer.items);
  return items;
}

/**
 * Prints a list: one page, or with `--all` every row (streamed page by page when piped). A terminal gets an
 * aligned table with a total line; piped output gets tab-separated rows and, when rows were left out, an
 * `N of M` line on stderr, so a pipe never drops rows silently.
 */
export async function printList<T>(ctx: CommandContext, list: ListSpec<T>, flags: ListFlags): Promise<void> {
  const onTerminal = Boolean(ctx.io.terminal) && !ctx.json;
  if (!flags.all) {
    const page = positiveInt(ctx, '--page', flags.page) ?? 1;
    const size = pageSize(ctx, flags.pageSize) ?? 50;
    const answer = await list.fetchPage(page, size);
    ctx.print({ ...answer, page, pageSize: size }, () => {
      if (answer.items.length === 0) return list.none;
      const table = renderTable(list.head, answer.items.map(list.row), onTerminal);
      return onTerminal
        ? `${table}\n${list.totalLine(answer.items.length, shownTotal(answer), page)}`
        : table;
    });
    if (!onTerminal) countNotice(ctx, answer.items.length, answer.total, answer.totalCapped);
    return;
  }
  if (flags.page !== undefined || flags.pageSize !== undefined) usage(ctx, 'allWithPage');
  if (ctx.json || onTerminal) {
    const items = await collectAll(list.fetchPage);
    ctx.print({ items, total: items.length }, () => {
      if (items.length === 0) return list.none;
      const table = renderTable(list.head, items.map(list.row), onTerminal);
      return `${table}\n${list.totalLine(items.length, items.length, 1)}`;
    });
    return;
  }
  let printed = 0;
  let total = 0;
  for await (const answer of everyPage(list.fetchPage)) {
    total = Math.max(total, answer.total);
    if (answer.items.length === 0) continue;
    const table = renderTable(list.head, answer.items.map(list.row), false);
    // The column names lead the first page only: the output stays one header and one line per row.
    ctx.io.stdout(`${printed === 0 ? table : table.slice(table.indexOf('\n') + 1)}\n`);
    printed += answer.items.length;
  }
  if (printed === 0) ctx.io.stdout(`${list.none}\n`);
  countNotice(ctx, printed, total);
}

/** `N of M` on stderr when fewer rows were printed than the server has. */
export function countNotice(ctx: CommandContext, shown: number, total: number, totalCapped = false): void {
  if (shown < total || totalCapped)
    ctx.io.stderr(`${ctx.t('listNotice', { shown, total: shownTotal({ total, totalCapped }) })}\n`);
}

/** The total as the `N of M` lines show it: a capped one as "10000+". */
export function shownTotal(answer: { total: number; totalCapped?: boolean | undefined }): number | string {
  return answer.totalCapped ? `${answer.total}+` : answer.total;
}
