import { api } from '@tradedeck/sdk/contract';
import { SEARCH_DEBOUNCE_MS } from '@tradedeck/sdk/domain';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PickedProxy, ProxySearchPicker } from '../../shared/proxy-picker/proxy-search-picker.tsx';
import { useOperationQuery } from '../../shared/queries/operation-query.ts';
import { FieldMessage, LABEL } from './form-fields.tsx';
import type { FieldError, SellerForm } from './form-rules.ts';

/** How many matches the Steam account picker lists (type to narrow it down). */
const STEAM_CHOICES = 25;

/**
 * One of the user's Steam accounts: a search box (login or SteamID, asked of the server after typing stops) and
 * the matching accounts. Accounts without a SteamID cannot sell and are left out.
 */
export function SteamAccountField({
  value,
  onChange,
  error,
}: {
  value: number | null;
  onChange(id: number | null): void;
  error: FieldError | null | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const accounts = useOperationQuery(api.steamAccounts.query, {
    pages: { page: 1, pageSize: STEAM_CHOICES },
    sort: [{ propertyName: 'login', isDescending: false }],
    withTagIds: [],
    exceptTagIds: [],
    withStatus: [],
    exceptStatus: [],
    ...(search ? { searchString: search } : {}),
  });
  const choices = (accounts.data?.items ?? []).filter((account) => account.steamId);
  return (
    <div>
      <label htmlFor={id} className={LABEL}>
        {t('p2pAccounts.form.steamAccount')}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          type="search"
          data-autofocus
          aria-label={t('p2pAccounts.form.steamAccountSearch')}
          placeholder={t('p2pAccounts.filters.search')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          className="input w-48"
        />
        <select
          id={id}
          className="input min-w-0 flex-1"
          value={value ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
        >
          <option value="">
            {accounts.isLoading
              ? t('p2pAccounts.form.steamAccountsLoading')
              : t('p2pAccounts.form.steamAccountPick')}
          </option>
          {choices.map((account) => (
            <option key={account.id} value={account.id}>
              {account.login} · {account.steamId}
            </option>
          ))}
        </select>
      </div>
      <FieldMessage id={`${id}-error`} error={error} />
    </div>
  );
}

/**
 * The Steam account's proxy, no proxy, or one of the user's proxies: the kind in a select, the stored proxy found by
 * typing in the shared picker (a farm holds thousands of proxies, never a list to scroll).
 */
export function ProxyField({
  value,
  onChange,
  allowSteam = true,
  current = null,
}: {
  value: SellerForm['proxy'];
  onChange(proxy: SellerForm['proxy']): void;
  /** The edit form has no "the Steam account's" choice: it shows the proxy in use. */
  allowSteam?: boolean;
  /** The proxy in use, shown until another is picked. */
  current?: PickedProxy | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [picked, setPicked] = useState<PickedProxy | null>(current);
  const [choosing, setChoosing] = useState(false);
  const stored = typeof value === 'number' || choosing;
  const shown = typeof value === 'number' && picked?.id === value ? picked.label : null;
  return (
    <div>
      <label htmlFor={id} className={LABEL}>
        {t('p2pAccounts.form.proxy')}
      </label>
      <select
        id={id}
        className="input mt-1 w-full"
        value={stored ? 'stored' : String(value)}
        onChange={(event) => {
          const next = event.target.value;
          setChoosing(next === 'stored');
          if (next === 'steam' || next === 'none') onChange(next);
          else if (picked) onChange(picked.id);
        }}
      >
        {allowSteam && <option value="steam">{t('p2pAccounts.form.proxySteam')}</option>}
        <option value="none">{t('p2pAccounts.form.proxyNone')}</option>
        <option value="stored">{t('p2pAccounts.form.proxyStored')}</option>
      </select>
      {stored && (
        <div className="mt-1">
          <ProxySearchPicker
            label={t('p2pAccounts.form.proxyStoredSearch')}
            value={shown}
            onPick={(proxy) => {
              setPicked(proxy);
              setChoosing(false);
              onChange(proxy.id);
            }}
          />
        </div>
      )}
    </div>
  );
}
