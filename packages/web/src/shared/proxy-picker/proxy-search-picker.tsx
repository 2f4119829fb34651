import { api, type ProxyRow } from '@tradedeck/sdk/contract';
import { Command } from 'cmdk';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOperationQuery } from '../queries/operation-query.ts';

/** Matches listed at once: the user narrows a list of thousands by typing, never by scrolling it. */
const PICKER_MATCHES = 25;
const SEARCH_DELAY_MS = 250;

export interface PickedProxy {
  id: number;
  label: string;
}

export function proxyLabel(proxy: Pick<ProxyRow, 'identity' | 'proxyName'>): string {
  const address = `${proxy.identity.address}:${proxy.identity.port}`;
  return proxy.proxyName ? `${address} (${proxy.proxyName})` : address;
}

/**
 * One of the user's stored proxies, found by typing part of its address, port, login or name: a combobox over
 * `proxies.query` that lists the first matches and how many more there are.
 */
export function ProxySearchPicker({
  value,
  onPick,
  label,
  invalid = false,
}: {
  /** What the field shows when closed: the picked proxy, or a proxy given another way. */
  value: string | null;
  onPick(proxy: PickedProxy): void;
  /** The field's accessible name. */
  label: string;
  invalid?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const matches = useOperationQuery(
    api.proxies.query,
    {
      ...(search ? { searchString: search } : {}),
      pages: { page: 1, pageSize: PICKER_MATCHES },
      sort: [{ propertyName: 'id', isDescending: true }],
    },
    { enabled: open },
  );
  const items = matches.data?.items ?? [];
  const more = Math.max(0, (matches.data?.total ?? 0) - items.length);

  const pick = (proxy: ProxyRow) => {
    onPick({ id: proxy.id, label: proxyLabel(proxy) });
    setOpen(false);
    setText('');
  };

  return (
    <Command shouldFilter={false} loop label={label} className="relative min-w-44">
      <Command.Input
        aria-label={label}
        aria-invalid={invalid || undefined}
        className={`input w-full py-0.5 text-xs ${invalid ? 'border-rose-400' : ''}`}
        placeholder={value ?? t('proxyPicker.placeholder')}
        value={open ? text : (value ?? '')}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onValueChange={(next) => {
          setText(next);
          setOpen(true);
        }}
        onKeyDown={(event) => {
          // Escape closes the list, not the dialog around it; Enter picks, it does not move the wizard on.
          if ((event.key === 'Escape' || event.key === 'Enter') && open) event.stopPropagation();
          if (event.key === 'Escape') setOpen(false);
        }}
      />
      {open && (
        <Command.List className="mt-1 max-h-48 overflow-y-auto rounded-md border border-slate-200 bg-white text-xs shadow dark:border-slate-700 dark:bg-slate-900">
          {items.map((proxy) => (
            <Command.Item
              key={proxy.id}
              value={String(proxy.id)}
              // Before the input's blur closes the list.
              onMouseDown={(event) => event.preventDefault()}
              onSelect={() => pick(proxy)}
              className="cursor-pointer px-2 py-1 aria-selected:bg-primary/10"
            >
              {proxyLabel(proxy)}
            </Command.Item>
          ))}
          {matches.data && items.length === 0 && (
            <Command.Empty className="px-2 py-1 text-muted">{t('proxyPicker.none')}</Command.Empty>
          )}
          {more > 0 && (
            <p className="px-2 py-1 text-muted" data-testid="picker-more">
              {t('proxyPicker.more', { count: more })}
            </p>
          )}
        </Command.List>
      )}
    </Command>
  );
}
