import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TextKey } from '../../i18n/text-key.ts';
import { useLanguage } from '../use-language.ts';

/** A list's counters under its title: one text whose numbers are shown in the interface language. */
export interface ListCounters {
  text: TextKey;
  testId: string;
  /** Not loaded yet: no line. */
  counts: Record<string, number> | undefined;
}

/**
 * The head of a list page: its title, a line under it (a lead, or the list's counters) and the page's own buttons
 * at the end of the row.
 */
export function ListHeader({
  title,
  lead,
  counters,
  children,
}: {
  title: string;
  lead?: string;
  counters?: ListCounters;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const format = new Intl.NumberFormat(language);
  const counts = counters?.counts;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <div className="me-auto">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {lead ? <p className="text-sm text-muted">{lead}</p> : null}
        {counters && counts ? (
          <p className="text-sm text-muted" data-testid={counters.testId}>
            {t(
              counters.text,
              Object.fromEntries(Object.entries(counts).map(([name, count]) => [name, format.format(count)])),
            )}
          </p>
        ) : null}
      </div>
      {children}
    </div>
  );
}
