import {
  type Counters,
  ResultCode,
  STEAM_ACCOUNT_SORT_PROPERTIES,
  type SteamAccountRow,
  type SteamAccountSearchHit,
} from '@tradedeck/sdk/contract';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, STEAM_ACCOUNT_STATUSES } from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';
import { type ListWindowInput, listWindow } from '../../db/list-page.ts';
import { AppError } from '../../http/app-error.ts';
import { PacingRests } from '../pacing/index.ts';
import type { SearchSource } from '../search/index.ts';
import { accountKeys } from './account-list-sql.ts';
import type { AccountsDeps } from './deps.ts';
import { ACCOUNT_NOT_FOUND, TAG_NOT_FOUND } from './messages.ts';
import type { AccountFilters, AccountSortKey } from './repo.ts';
import { toAccountRow } from './views.ts';

const DEFAULT_ACCOUNT_SORT = [{ propertyName: 'createdAt', isDescending: true }] as const;

export interface AccountQueryInput extends Partial<AccountFilters>, ListWindowInput {
  sort: { propertyName: AccountSortKey; isDescending: boolean }[];
}

/** Reading the user's accounts: lists, counters, one account, tags, and the global search source. */
export class AccountQueryService implements SearchSource<SteamAccountSearchHit> {
  readonly #rests: PacingRests;

  constructor(private readonly deps: AccountsDeps) {
    this.#rests = new PacingRests(deps.steam.pacer);
  }

  async query(userId: string, input: AccountQueryInput, lang: Language) {
    const window = listWindow(input, accountKeys(input.sort));
    const [answer, rests] = await Promise.all([
      this.deps.repo.run(userId, async (q) => {
        // A tag id that is not the user's answers 3, as any other object id does.
        const tagIds = [...new Set([...(input.withTagIds ?? []), ...(input.exceptTagIds ?? [])])];
        if ((await q.tags.owned(tagIds)).size !== tagIds.length)
          throw new AppError({ code: ResultCode.NotFound, text: TAG_NOT_FOUND });
        return q.query(input, input.sort, window);
      }),
      this.#rests.read(),
    ]);
    return {
      ...answer,
      items: answer.items.map((view) => ({ ...toAccountRow(view, lang), resting: rests.ofAccount(view) })),
    };
  }

  async counters(userId: string): Promise<Counters> {
    const rows = await this.deps.repo.run(userId, (q) => q.countersByStatus());
    const byStatus: Record<string, number> = Object.fromEntries(
      Object.values(STEAM_ACCOUNT_STATUSES).map((status) => [String(status), 0]),
    );
    let total = 0;
    for (const row of rows) {
      byStatus[String(row.status)] = Number(row.n);
      total += Number(row.n);
    }
    return { total, byStatus };
  }

  querySpec() {
    return {
      sortable: [...STEAM_ACCOUNT_SORT_PROPERTIES],
      filters: ['withTagIds', 'exceptTagIds', 'hasProxy', 'searchString', 'withStatus', 'exceptStatus'],
      pageSizes: [...PAGE_SIZES],
      defaultPageSize: DEFAULT_PAGE_SIZE,
      defaultSort: DEFAULT_ACCOUNT_SORT.map((item) => ({ ...item })),
    };
  }

  async get(userId: string, id: number, lang: Language): Promise<SteamAccountRow> {
    const [[view], rests] = await Promise.all([
      this.deps.repo.run(userId, (q) => q.views([id])),
      this.#rests.read(),
    ]);
    if (!view) throw new AppError({ code: ResultCode.NotFound, text: ACCOUNT_NOT_FOUND });
    return { ...toAccountRow(view, lang), resting: rests.ofAccount(view) };
  }

  async rows(userId: string, ids: readonly number[], lang: Language): Promise<SteamAccountRow[]> {
    const [views, rests] = await Promise.all([
      this.deps.repo.run(userId, (q) => q.views(ids)),
      this.#rests.read(),
    ]);
    return views.map((view) => ({ ...toAccountRow(view, lang), resting: rests.ofAccount(view) }));
  }

  listTags(userId: string) {
    return this.deps.repo.run(userId, (q) => q.tags.list());
  }

  async search(userId: string, text: string, limit: number): Promise<SteamAccountSearchHit[]> {
    const trimmed = text.trim();
    if (trimmed === '') return [];
    return this.deps.repo.run(userId, (q) => q.search(trimmed, limit));
  }
}
