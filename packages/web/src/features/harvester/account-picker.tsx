import { api } from '@tradedeck/sdk/contract';
import { SEARCH_DEBOUNCE_MS } from '@tradedeck/sdk/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOperationQuery } from '../../shared/queries/operation-query.ts';

/** One side of a session: accounts picked by hand and tags (every account carrying any of them). */
export interface SidePick {
  accounts: ReadonlyMap<number, string>;
  tagIds: readonly number[];
}

export const EMPTY_PICK: SidePick = { accounts: new Map(), tagIds: [] };

export function isPicked(pick: SidePick): boolean {
  return pick.accounts.size + pick.tagIds.length > 0;
}

const PAGE = { page: 1, pageSize: 100 } as const;

/** Tags with their account counts, then a searchable list of accounts with check boxes. */
export function AccountPicker({
  value,
  onChange,
  excluded,
}: {
  value: SidePick;
  onChange(next: SidePick): void;
  /** Accounts picked on the other side: shown, but not pickable here. */
  excluded: ReadonlyMap<number, string>;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const tags = useOperationQuery(api.steamAccounts.listTags);
  const accounts = useOperationQuery(api.steamAccounts.query, {
    withTagIds: [],
    exceptTagIds: [],
    withStatus: [],
    exceptStatus: [],
    ...(search ? { searchString: search } : {}),
    pages: PAGE,
    sort: [{ propertyName: 'login', isDescending: false }],
  });
  const toggleTag = (id: number, on: boolean) =>
    onChange({ ...value, tagIds: on ? [...value.tagIds, id] : value.tagIds.filter((other) => other !== id) });
  const toggleAccount = (id: number, login: string, on: boolean) => {
    const next = new Map(value.accounts);
    if (on) next.set(id, login);
    else next.delete(id);
    onChange({ ...value, accounts: next });
  };

  return (
    <div className="grid gap-4 md:grid-cols-[14rem_1fr]">
      <fieldset className="space-y-1">
        <legend className="mb-1 text-sm font-medium">{t('harvester.wizard.byTags')}</legend>
        {tags.data?.length === 0 && <p className="text-xs text-muted">{t('harvester.wizard.noTags')}</p>}
        {tags.data?.map((tag) => (
          <label key={tag.id} className="flex items-center gap-1.5 text-sm">
            <input
              type="checkbox"
              checked={value.tagIds.includes(tag.id)}
              onChange={(event) => toggleTag(tag.id, event.target.checked)}
            />
            {tag.name} <span className="text-xs text-muted">({tag.count})</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="min-w-0 space-y-2">
        <legend className="mb-1 text-sm font-medium">{t('harvester.wizard.byAccounts')}</legend>
        <input
          type="search"
          className="input w-full"
          aria-label={t('harvester.wizard.search')}
          placeholder={t('harvester.wizard.searchPlaceholder')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <ul className="max-h-64 overflow-y-auto rounded-md border border-slate-200 p-1 dark:border-slate-700">
          {accounts.data?.items.length === 0 && (
            <li className="p-2 text-xs text-muted">{t('harvester.wizard.noAccounts')}</li>
          )}
          {accounts.data?.items.map((account) => {
            const taken = excluded.has(account.id);
            return (
              <li key={account.id}>
                <label
                  className={`flex items-center gap-1.5 px-1 py-0.5 text-sm ${taken ? 'opacity-50' : ''}`}
                >
                  <input
                    type="checkbox"
                    disabled={taken}
                    checked={value.accounts.has(account.id)}
                    onChange={(event) => toggleAccount(account.id, account.login, event.target.checked)}
                  />
                  {account.login}
                </label>
              </li>
            );
          })}
        </ul>
        <p className="text-xs text-muted" data-testid="picked-summary">
          {t('harvester.wizard.picked', { accounts: value.accounts.size, tags: value.tagIds.length })}
        </p>
      </fieldset>
    </div>
  );
}
