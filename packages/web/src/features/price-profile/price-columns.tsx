import type { ColumnDef } from '@tanstack/react-table';
import type { PriceRow } from '@tradedeck/sdk/contract';
import { formatMoney, TRADE_GAMES } from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';
import type { TFunction } from 'i18next';
import type { TextKey } from '../../i18n/text-key.ts';
import { localeOf } from '../../shared/use-language.ts';

const HOUR_MS = 3_600_000;

/** "12 min", "5 h", "3 d": how old a provider price is. */
export function ageText(ageMs: number, language: Language): string {
  const format = (value: number, unit: 'minute' | 'hour' | 'day') =>
    new Intl.NumberFormat(localeOf(language), { style: 'unit', unit, unitDisplay: 'short' }).format(value);
  if (ageMs < HOUR_MS) return format(Math.max(1, Math.round(ageMs / 60_000)), 'minute');
  if (ageMs < 48 * HOUR_MS) return format(Math.round(ageMs / HOUR_MS), 'hour');
  return format(Math.round(ageMs / (24 * HOUR_MS)), 'day');
}

/**
 * The exterior the shown name leaves out ("Field-Tested" of "AK-47 | Slate (Field-Tested)"): one item in several
 * exteriors is several rows, which would otherwise read as the same name repeated.
 */
export function exteriorOf(row: Pick<PriceRow, 'name' | 'marketHashName'>): string | null {
  if (row.name === row.marketHashName) return null;
  return /\(([^()]+)\)$/.exec(row.marketHashName)?.[1] ?? null;
}

/** Column ids are the sort properties of `priceProfile.query` where the server sorts on them. */
export function priceColumns(t: TFunction, language: Language): ColumnDef<PriceRow, unknown>[] {
  const locale = localeOf(language);
  const column = (id: string, labelKey: TextKey, size: number, sortable = true) => ({
    id,
    header: t(labelKey),
    meta: t(labelKey),
    size,
    enableSorting: sortable,
  });
  return [
    {
      ...column('name', 'priceProfile.columns.item', 280),
      cell: ({ row }) => (
        <span className="flex min-w-0 flex-col leading-tight">
          <span className="truncate font-medium" data-testid="price-item">
            {row.original.name}
          </span>
          <span className="truncate text-[11px] text-muted">
            {[TRADE_GAMES[row.original.game].name, exteriorOf(row.original)].filter(Boolean).join(' · ')}
          </span>
        </span>
      ),
    },
    {
      ...column('customPrice', 'priceProfile.columns.custom', 120),
      cell: ({ row }) => (
        <span className="font-medium tabular-nums" data-testid="price-custom">
          {row.original.customPrice ? formatMoney(row.original.customPrice, locale) : '—'}
        </span>
      ),
    },
    {
      ...column('providers', 'priceProfile.columns.provider', 220, false),
      cell: ({ row }) => (
        <span className="flex flex-wrap gap-x-2 text-xs">
          {row.original.providers.length === 0 && (
            <span className="text-muted">{t('priceProfile.ageNever')}</span>
          )}
          {row.original.providers.map((provider) => (
            <span
              key={provider.source}
              className={provider.stale ? 'text-amber-700 dark:text-amber-300' : ''}
              data-stale={provider.stale}
            >
              {t(`priceProfile.sources.${provider.source}`)}: {formatMoney(provider.price, locale)} ·{' '}
              {ageText(provider.ageMs, language)}
            </span>
          ))}
        </span>
      ),
    },
    {
      ...column('lotsCount', 'priceProfile.columns.lots', 70),
      cell: ({ row }) => <span className="tabular-nums">{row.original.lotsCount}</span>,
    },
    {
      ...column('updatedAt', 'priceProfile.columns.updated', 120),
      cell: ({ row }) => (
        <span className="text-xs text-muted">
          {new Date(row.original.updatedAt).toLocaleDateString(locale)}
        </span>
      ),
    },
  ];
}
