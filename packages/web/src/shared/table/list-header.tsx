import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TextKey } from '../../i18n/text-key.ts';
import { useLanguage } from '../use-language.ts';

/**
 * The head of a list page: its title (`<texts>.title`), a line under it (the lead `<texts>.lead`, or the list's
 * counters in `<texts>.counters` with their numbers in the interface language) and the page's own buttons at the
 * end of the row.
 */
export function ListHeader({
  texts,
  lead = false,
  counts,
  countsTestId,
  children,
}: {
  /** The area's texts prefix (`lots`, `p2pAccounts`). */
  texts: string;
  lead?: boolean;
  /** Not loaded yet (undefined): no line. */
  counts?: Record<string, number> | undefined;
  countsTestId?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const format = new Intl.NumberFormat(language);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <div className="me-auto">
        <h1 className="text-2xl font-semibold tracking-tight">{t(`${texts}.title` as TextKey)}</h1>
        {lead ? <p className="text-sm text-muted">{t(`${texts}.lead` as TextKey)}</p> : null}
        {counts ? (
          <p className="text-sm text-muted" data-testid={countsTestId}>
            {t(
              `${texts}.counters` as TextKey,
              {
                ...Object.fromEntries(
                  Object.entries(counts).map(([name, count]) => [name, format.format(count)]),
                ),
              } as Record<string, unknown>,
            )}
          </p>
        ) : null}
      </div>
      {children}
    </div>
  );
}
