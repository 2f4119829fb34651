/**
 * Money for display: amounts travel and are stored as integer minor units beside their currency (design
 * trading.md §2 rule 2); only the edge turns them into text.
 */
export interface MinorAmount {
  currency: string;
  amount: number;
}

/** `{ currency: 'USD', amount: 1234 }` as "$12.34" (en) or "12,34 $" (ru). */
export function formatMinorAmount(money: MinorAmount, locale: string): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency: money.currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(money.amount / 10 ** digits);
}
