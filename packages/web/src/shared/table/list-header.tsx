import type { ReactNode } from 'react';

/**
 * The head of a list page: its title, a line under it (a lead or the list's counters) and the page's own buttons
 * at the end of the row.
 */
export function ListHeader({
  title,
  lead,
  leadTestId,
  children,
}: {
  title: string;
  /** Nothing (null, false, undefined) shows no line. */
  lead?: ReactNode;
  leadTestId?: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <div className="me-auto">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {lead ? (
          <p className="text-sm text-muted" data-testid={leadTestId}>
            {lead}
          </p>
        ) : null}
      </div>
      {children}
    </div>
  );
}
