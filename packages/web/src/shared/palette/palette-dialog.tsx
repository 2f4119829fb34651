import type { ProxySearchHit, SteamAccountSearchHit } from '@tradedeck/sdk/contract';
import { Command } from 'cmdk';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useServices } from '../app-services.tsx';
import type { CommandDef } from '../commands/command-types.ts';
import { rankCandidates } from '../commands/layout-match.ts';
import { entityViewPath } from '../entity-links.ts';
import { useStore } from '../use-store.ts';
import { Hotkey } from './kbd.tsx';
import { onPaletteKeyDown, PaletteBackdrop, paletteFrameClass, paletteInputClass } from './palette-frame.tsx';
import { useGlobalSearch } from './use-global-search.ts';

const SUGGESTIONS = ['nav.proxies', 'nav.steamAccounts', 'nav.dashboard'];
const GROUP_ORDER = ['navigation', 'general', 'appearance'] as const;

interface Item {
  def: CommandDef;
  title: string;
  breadcrumb: string | null;
  keywords: readonly string[];
  /** Why the role may not run it (shown beside it, disabled); undefined when it may. */
  refusal?: string | undefined;
}

/**
 * The palette itself (cmdk): every command of the registry plus proxies and Steam accounts found by the server.
 * Loaded apart from the panel's first screen; `CommandPalette` mounts it and keeps the focus and hotkeys around it.
 */
export function PaletteDialog({ pages, initialQuery }: { pages: string[]; initialQuery: string }) {
  const { t } = useTranslation();
  const services = useServices();
  const { palette, commands: runtime } = services;
  const navigate = useNavigate();
  useStore(runtime.subscribe, () => runtime.recent);
  const [query, setQuery] = useState(initialQuery);
  const input = useRef<HTMLInputElement>(null);
  const page = pages.at(-1) ?? null;
  const search = useGlobalSearch(query, page === null);

  useEffect(() => {
    input.current?.focus();
  }, []);

  const items = useMemo(() => {
    const title = (id: string) => t(runtime.definition(id)!.titleKey);
    const visible = runtime.definitions.filter((def) => def.palette && runtime.isAvailable(def));
    return visible.map(
      (def): Item => ({
        def,
        title: t(def.titleKey),
        breadcrumb: def.parent ? title(def.parent) : null,
        keywords: [...(def.keywords ?? []), ...(def.parent ? [title(def.parent)] : [])],
        refusal: runtime.refusal(def),
      }),
    );
  }, [runtime, t]);

  const groups = useMemo(
    () => arrange(items, query, page, (id) => runtime.recentRank(id)),
    [items, query, page, runtime],
  );

  const choose = (item: Item) => {
    if (item.def.page) {
      palette.push(item.def.id);
      setQuery('');
      return;
    }
    palette.close();
    runtime.runDefined(item.def, { remember: true });
  };

  const openHit = (kind: 'proxy' | 'steamAccount', hit: ProxySearchHit | SteamAccountSearchHit) => {
    palette.close();
    // The entity's own screen opens its full view dialog (actions included).
    void navigate(entityViewPath(kind, hit.id));
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Backspace' && query === '' && pages.length > 0) {
      event.preventDefault();
      palette.pop();
    } else onPaletteKeyDown(event, palette);
  };

  const hits = search.status === 'done' ? search.result : null;
  const count =
    groups.reduce((sum, group) => sum + group.items.length, 0) +
    (hits ? hits.proxies.length + hits.steamAccounts.length : 0);

  return (
    <PaletteBackdrop>
      <Command
        label={t('palette.label')}
        shouldFilter={false}
        loop
        onKeyDown={onKeyDown}
        data-testid="command-palette"
        className={paletteFrameClass}
      >
        {pages.length > 0 && (
          <nav
            aria-label={t('palette.breadcrumbs')}
            className="flex items-center gap-1 px-4 pt-3 text-xs text-muted"
          >
            <span>{t('palette.root')}</span>
            {pages.map((id) => (
              <span key={id} className="flex items-center gap-1">
                <span aria-hidden>›</span>
                <span className="rounded bg-primary/10 px-1.5 py-0.5 font-medium text-primary-ink">
                  {t(runtime.definition(id)!.titleKey)}
                </span>
              </span>
            ))}
          </nav>
        )}
        <Command.Input
          ref={input}
          value={query}
          onValueChange={setQuery}
          placeholder={t('palette.placeholder')}
          className={paletteInputClass}
        />
        <Command.List className="max-h-[60vh] overflow-y-auto p-2">
          <Command.Empty className="px-3 py-6 text-center text-sm text-muted">
            {search.status === 'loading' ? t('palette.searching') : t('palette.empty')}
          </Command.Empty>
          {groups.map((group) => (
            <Command.Group
              key={group.key}
              heading={t(`palette.groups.${group.key}`)}
              className="palette-group"
            >
              {group.items.map((item) => (
                <Command.Item
                  key={`${group.key}:${item.def.id}`}
                  value={`${group.key}:${item.def.id}`}
                  onSelect={() => choose(item)}
                  disabled={item.refusal !== undefined}
                  title={item.refusal}
                  className="flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm aria-selected:bg-primary/10 aria-selected:text-primary-ink aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
                >
                  <span className="flex-1 truncate">
                    {item.breadcrumb && <span className="text-muted">{item.breadcrumb} › </span>}
                    {item.title}
                    {item.def.page && <span className="text-slate-400"> …</span>}
                    {item.refusal && <span className="ms-2 text-xs text-muted">{item.refusal}</span>}
                  </span>
                  {item.def.hotkeys?.[0] && <Hotkey hotkey={item.def.hotkeys[0]} />}
                </Command.Item>
              ))}
            </Command.Group>
          ))}
          {hits && (
            <HitGroup
              heading={t('palette.groups.proxies')}
              hits={hits.proxies.map((hit) => ({
                value: `proxy:${hit.id}`,
                title: hit.proxyName || `${hit.address}:${hit.port}`,
                detail: `${hit.address}:${hit.port}`,
                open: () => openHit('proxy', hit),
              }))}
            />
          )}
          {hits && (
            <HitGroup
              heading={t('palette.groups.steamAccounts')}
              hits={hits.steamAccounts.map((hit) => ({
                value: `account:${hit.id}`,
                title: hit.login,
                detail: hit.steamId,
                open: () => openHit('steamAccount', hit),
              }))}
            />
          )}
        </Command.List>
        <footer className="flex items-center justify-between gap-3 border-t border-slate-200 px-4 py-2 text-[11px] text-muted dark:border-slate-700">
          <span>{t('palette.footer')}</span>
          {search.status === 'unavailable' && <span>{t('palette.searchUnavailable')}</span>}
          {search.status === 'failed' && <span>{t('palette.searchFailed')}</span>}
        </footer>
        <p className="sr-only" aria-live="polite">
          {t('palette.count', { count })}
        </p>
      </Command>
    </PaletteBackdrop>
  );
}

interface Hit {
  value: string;
  title: string;
  detail: string | null;
  open: () => void;
}

/** The proxies or Steam accounts the server found for the query: one group, absent when none was found. */
function HitGroup({ heading, hits }: { heading: string; hits: readonly Hit[] }) {
  if (hits.length === 0) return null;
  return (
    <Command.Group heading={heading} className="palette-group">
      {hits.map((hit) => (
        <Command.Item
          key={hit.value}
          value={hit.value}
          onSelect={hit.open}
          className="flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm aria-selected:bg-primary/10 aria-selected:text-primary-ink"
        >
          <span className="flex-1 truncate">{hit.title}</span>
          {hit.detail && <span className="text-xs text-muted">{hit.detail}</span>}
        </Command.Item>
      ))}
    </Command.Group>
  );
}

type GroupKey = 'recent' | 'suggestions' | 'results' | (typeof GROUP_ORDER)[number];

/** Root without a query: recent, suggestions, then every group; with a query: one ranked list. */
export function arrange(
  items: readonly Item[],
  query: string,
  page: string | null,
  recentRank: (id: string) => number | undefined,
): Array<{ key: GroupKey; items: Item[] }> {
  const rank = (item: Item) => recentRank(item.def.id);
  if (page) {
    const children = items.filter((item) => item.def.parent === page);
    return [{ key: 'results', items: rankCandidates(query, children, rank) }];
  }
  if (query.trim()) {
    return [{ key: 'results' as const, items: rankCandidates(query, items, rank) }].filter(
      (g) => g.items.length,
    );
  }
  const roots = items.filter((item) => !item.def.parent);
  const recent = roots
    .filter((item) => rank(item) !== undefined)
    .sort((a, b) => rank(a)! - rank(b)!)
    .slice(0, 5);
  const taken = new Set(recent.map((item) => item.def.id));
  const suggestions = SUGGESTIONS.map((id) => roots.find((item) => item.def.id === id)).filter(
    (item): item is Item => item !== undefined && !taken.has(item.def.id),
  );
  for (const item of suggestions) taken.add(item.def.id);
  const grouped = GROUP_ORDER.map((key) => ({
    key,
    items: roots.filter((item) => item.def.group === key && !taken.has(item.def.id)),
  }));
  return [
    { key: 'recent' as const, items: recent },
    { key: 'suggestions' as const, items: suggestions },
    ...grouped,
  ].filter((group) => group.items.length > 0);
}
