import { formatMoney } from '@tradedeck/sdk/domain';
import { useTranslation } from 'react-i18next';
import { ERROR_TEXT } from '../../shared/form-styles.ts';
import { localeOf, useLanguage } from '../../shared/use-language.ts';
import { orderedLines, type RepriceReport } from './reprice-report.ts';

/** Lines shown in the dialog; the counts cover every lot. */
export const PREVIEW_LINES_SHOWN = 200;

/** The counts of a preview or an apply and its lines, failures first. */
export function ReportView({ report, applied }: { report: RepriceReport; applied: boolean }) {
  const { t } = useTranslation();
  const locale = localeOf(useLanguage());
  const lines = orderedLines(report.lines).slice(0, PREVIEW_LINES_SHOWN);
  return (
    <div className="space-y-2">
      <p className="font-medium" data-testid={applied ? 'reprice-applied' : 'reprice-counts'}>
        {t(applied ? 'lots.reprice.applied' : 'lots.reprice.counts', report.counts)}
      </p>
      {applied && report.counts.failed > 0 && (
        <p role="alert" className={ERROR_TEXT}>
          {t('lots.reprice.partial')}
        </p>
      )}
      <div className="max-h-72 overflow-auto rounded border border-slate-200 dark:border-slate-700">
        <table className="w-full text-xs" aria-label={t('lots.reprice.preview')}>
          <thead className="sticky top-0 bg-slate-50 text-start text-muted dark:bg-slate-800">
            <tr>
              {(['item', 'current', 'next', 'outcome', 'reason'] as const).map((column) => (
                <th key={column} className="px-2 py-1 font-semibold">
                  {t(`lots.reprice.columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr
                key={line.id}
                className="border-t border-slate-100 dark:border-slate-800"
                data-testid="reprice-line"
                data-outcome={line.outcome}
              >
                <td className="px-2 py-1">
                  <span className="block truncate">{line.name}</span>
                  {line.account && <span className="text-[11px] text-muted">{line.account}</span>}
                </td>
                <td className="px-2 py-1 tabular-nums">
                  {line.price ? formatMoney(line.price, locale) : '—'}
                </td>
                <td className="px-2 py-1 font-semibold tabular-nums" data-testid="reprice-new-price">
                  {line.newPrice ? formatMoney(line.newPrice, locale) : '—'}
                </td>
                <td className="px-2 py-1">{t(`lots.reprice.outcomes.${line.outcome}`)}</td>
                <td className="px-2 py-1 text-muted">{line.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {(report.truncated || report.lines.length > lines.length) && (
        <p className="text-xs text-muted">
          {t('lots.reprice.more', { count: total(report) - lines.length, shown: lines.length })}
        </p>
      )}
    </div>
  );
}

function total(report: RepriceReport): number {
  const { changed, unchanged, unavailable, failed } = report.counts;
  return changed + unchanged + unavailable + failed;
}
