import { formatMoney, type Money, sumMoney, toDisplayed } from '@tradedeck/sdk/domain';
import { useTranslation } from 'react-i18next';
import { localeOf, useLanguage } from '../use-language.ts';
import { useDisplayedCurrency, useRates } from './use-displayed-currency.ts';

/**
 * An amount shown in the user's displayed currency. Amounts stay integer units with their own currency; they are
 * converted here, at the edge, with the server's rates. A converted amount says so: a "≈" before it and a title
 * with the original amount and the rate. `money` may be several amounts of different currencies (a total of
 * balances): each is converted and the sum shown. Null shows a dash.
 */
export function Amount({
  money,
  className = '',
  testId,
}: {
  money: Money | readonly Money[] | null | undefined;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const locale = localeOf(language);
  const to = useDisplayedCurrency();
  const { rateOf } = useRates();
  const values = money == null ? [] : Array.isArray(money) ? money : [money as Money];
  if (money == null) return <span className={className}>—</span>;
  const shown = values.map((value) => toDisplayed(value, to, rateOf));
  const unconverted = shown.filter((entry) => entry.value.currency !== to);
  // Without a rate an amount keeps its own currency; a total of such amounts is listed per currency.
  const converted = shown.filter((entry) => entry.original !== null);
  const inTarget = shown.filter((entry) => entry.value.currency === to).map((entry) => entry.value);
  const total = sumMoney(to, inTarget);
  const parts = [
    ...(inTarget.length > 0 || values.length === 0 ? [formatMoney(total, locale)] : []),
    ...unconverted.map((entry) => formatMoney(entry.value, locale)),
  ];
  const title = converted
    .map((entry) =>
      t('money.convertedTitle', {
        original: formatMoney(entry.original!, locale),
        rate: entry.rate!.rate,
        asOf: new Date(entry.rate!.asOf).toLocaleDateString(locale),
      }),
    )
    .join('\n');
  return (
    <span
      className={className}
      data-testid={testId}
      data-currency={to}
      data-converted={converted.length > 0 ? 'true' : undefined}
      title={title || undefined}
    >
      {converted.length > 0 && <span className="me-0.5 text-muted">{t('money.converted')}</span>}
      {parts.join(' + ')}
    </span>
  );
}
