import type { ColumnDef } from '@tanstack/react-table';
import { formatMoney, type InventoryItem } from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';
import type { TFunction } from 'i18next';
import type { TextKey } from '../../../i18n/text-key.ts';
import { localeOf } from '../../../shared/use-language.ts';

/** Column ids are the sort properties of `steamTrading.inventory`, so a header click sorts on the server. */
export function inventoryColumns(t: TFunction, language: Language): ColumnDef<InventoryItem, unknown>[] {
  const locale = localeOf(language);
  const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  const column = (id: string, labelKey: TextKey, size: number) => ({
    id,
    header: t(labelKey),
    meta: t(labelKey),
    size,
  });
  return [
    {
      ...column('name', 'inventory.columns.name', 260),
      accessorKey: 'name',
      cell: ({ row }) => {
        const item = row.original;
        // CS2 names already carry the exterior in brackets.
        const exterior = item.exterior && !item.name.includes(item.exterior) ? item.exterior : null;
        const detail = [exterior, item.rarity].filter(Boolean).join(' · ') || item.type;
        return (
          <span className="flex min-w-0 flex-col leading-tight" title={`${item.name}\n${item.type}`}>
            <span className="truncate font-medium" data-testid="inventory-item-name">
              {item.name}
              {item.amount > 1 ? <span className="text-muted"> ×{item.amount}</span> : null}
            </span>
            <span className="truncate text-[11px] text-muted">{detail}</span>
          </span>
        );
      },
    },
    {
      ...column('game', 'inventory.columns.game', 70),
      accessorKey: 'game',
      cell: ({ row }) => <span className="text-xs">{t(`inventory.games.${row.original.game}`)}</span>,
    },
    {
      ...column('tradableAfter', 'inventory.columns.tradable', 120),
      accessorKey: 'tradableAfter',
      cell: ({ row }) => {
        const item = row.original;
        if (item.protectedUntil)
          return (
            <span className="text-xs text-amber-700 dark:text-amber-300" data-tradable="protected">
              {t('inventory.protectedUntil', { date: dateFormat.format(new Date(item.protectedUntil)) })}
            </span>
          );
        if (item.tradable)
          return (
            <span className="text-xs text-emerald-700 dark:text-emerald-300" data-tradable="yes">
              {t('inventory.tradable')}
            </span>
          );
        return (
          <span className="text-xs text-muted" data-tradable="no">
            {item.tradableAfter
              ? t('inventory.lockedUntil', { date: dateFormat.format(new Date(item.tradableAfter)) })
              : t('inventory.notTradable')}
          </span>
        );
      },
    },
    {
      ...column('price', 'inventory.columns.price', 90),
      accessorFn: (item) => item.referencePrice?.amount ?? null,
      cell: ({ row }) => (
        <span className="block text-end font-mono text-xs tabular-nums">
          {row.original.referencePrice ? formatMoney(row.original.referencePrice, locale) : '—'}
        </span>
      ),
    },
  ];
}
