import type { ConfirmationRow } from '@tradedeck/sdk/contract';
import type { TFunction } from 'i18next';
import { ageText } from '../../shared/money/age-text.ts';
import { Amount } from '../../shared/money/amount.tsx';

/**
 * What our own offer's items are worth: the total in the chosen currency, and each item with its price, the price's
 * source and age. A confirmation Tradedeck did not create has no value (its summary lines say what it moves).
 */
export function ConfirmationValue({
  row,
  t,
  locale,
}: {
  row: ConfirmationRow;
  t: TFunction;
  locale: string;
}) {
  if (!row.pricedItems) return <span className="text-muted">—</span>;
  return (
    <span className="flex flex-col" data-testid="confirmation-value">
      <span className="font-medium tabular-nums">
        {row.value ? <Amount money={row.value} /> : t('confirmations.value.noPrice')}
      </span>
      {row.pricedItems.map((item) => (
        <span key={item.assetId} className="truncate text-xs text-muted" data-testid="confirmation-item">
          {item.name ?? t('confirmations.value.unknownItem', { id: item.assetId })}
          {item.amount > 1 ? ` ×${item.amount}` : ''}
          {' · '}
          {item.value ? (
            <span title={item.value.observedAt} data-stale={item.value.stale}>
              <Amount money={item.value.price} /> · {t(`confirmations.value.sources.${item.value.source}`)} ·{' '}
              {ageText(item.value.ageSeconds, locale)}
              {item.value.stale ? ` · ${t('confirmations.value.stale')}` : ''}
            </span>
          ) : (
            t('confirmations.value.noPrice')
          )}
        </span>
      ))}
    </span>
  );
}
